import ContractGenCore
import Foundation

// Compares validating a large contract with a bare libyaml parse of the same
// bytes. Usage:
//   python3 synthesize-contract.py > /tmp/big.yaml
//   swift run -c release ValidationBenchmark /tmp/big.yaml [iterations]
// Prints the minimum and median wall time of each stage over the iterations;
// the minimum is the figure least disturbed by other processes.

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

/// Wall time of one run of `body`, in seconds.
func seconds(_ body: () -> Void) -> Double {
    let elapsed = ContinuousClock().measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func milliseconds(_ seconds: Double) -> String { String(format: "%8.1f ms", seconds * 1000) }

var events = 0
var treeOK = false
var result = ContractLoadResult(contract: nil, diagnostics: [])
let stages: [(name: String, run: () -> Void)] = [
    ("bare libyaml parse (events only)", { events = YAMLParser.countEvents(bytes: bytes) ?? -1 }),
    ("parse to Node tree", { treeOK = YAMLParser.parse(bytes: bytes, file: path).root != nil }),
    ("ContractLoader.load (validate)", { result = ContractLoader.load(bytes: bytes, file: path) }),
]
// One warm-up round, then rounds that run every stage in turn, so that load
// from other processes falls on all stages alike.
for stage in stages { stage.run() }
var durations = Array(repeating: [Double](), count: stages.count)
for _ in 0..<iterations {
    for (index, stage) in stages.enumerated() { durations[index].append(seconds(stage.run)) }
}
durations = durations.map { $0.sorted() }
let bare = durations[0]
let load = durations[2]

let contract = result.contract
print("file: \(path), \(bytes.count) bytes, \(events) libyaml events, tree \(treeOK ? "ok" : "failed")")
print("contract: \(contract.map { "\($0.events.count) events, \($0.fields.count) fields" } ?? "invalid"), \(DiagnosticFormatter.summary(result.diagnostics))")
print("iterations: \(iterations)")
print("stage                              min      median")
for (index, stage) in stages.enumerated() {
    print(stage.name.padding(toLength: 32, withPad: " ", startingAt: 0), milliseconds(durations[index][0]), milliseconds(durations[index][durations[index].count / 2]))
}
print(String(format: "validate / bare parse: %.2fx by minimum, %.2fx by median (target: within 3x)", load[0] / bare[0], load[load.count / 2] / bare[bare.count / 2]))
