import ContractGenCore
import Foundation

// Compares validating a large contract with a bare libyaml parse of the same
// bytes. Usage:
//   python3 synthesize-contract.py > /tmp/big.yaml
//   swift run -c release ValidationBenchmark /tmp/big.yaml [iterations]
// Prints the minimum and median wall time of each stage over the iterations.

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: ValidationBenchmark CONTRACT.yaml [ITERATIONS]\n".utf8))
    exit(2)
}
let path = arguments[1]
let iterations = arguments.count >= 3 ? max(1, Int(arguments[2]) ?? 10) : 10
let bytes: [UInt8]
do {
    bytes = try ContractLoader.readFile(path)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}

/// Runs `body` `iterations` times after one warm-up run; returns the sorted durations in seconds.
func measure(_ body: () -> Void) -> [Double] {
    body()
    let clock = ContinuousClock()
    var durations: [Double] = []
    for _ in 0..<iterations {
        let elapsed = clock.measure(body)
        durations.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return durations.sorted()
}

func milliseconds(_ seconds: Double) -> String { String(format: "%8.1f ms", seconds * 1000) }

var events = 0
let bare = measure { events = YAMLParser.countEvents(bytes: bytes) ?? -1 }
var treeOK = false
let tree = measure { treeOK = YAMLParser.parse(bytes: bytes, file: path).root != nil }
var result = ContractLoadResult(contract: nil, diagnostics: [])
let load = measure { result = ContractLoader.load(bytes: bytes, file: path) }

let contract = result.contract
print("file: \(path), \(bytes.count) bytes, \(events) libyaml events, tree \(treeOK ? "ok" : "failed")")
print("contract: \(contract.map { "\($0.events.count) events, \($0.fields.count) fields" } ?? "invalid"), \(DiagnosticFormatter.summary(result.diagnostics))")
print("iterations: \(iterations)")
print("stage                              min      median")
for (name, durations) in [("bare libyaml parse (events only)", bare), ("parse to Node tree", tree), ("ContractLoader.load (validate)", load)] {
    print(name.padding(toLength: 32, withPad: " ", startingAt: 0), milliseconds(durations[0]), milliseconds(durations[durations.count / 2]))
}
let ratio = load[load.count / 2] / bare[bare.count / 2]
print(String(format: "validate / bare parse (median): %.2fx (target: within 3x)", ratio))
