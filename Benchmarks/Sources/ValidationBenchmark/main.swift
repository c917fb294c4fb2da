import ContractGenCore
import Foundation

// Compares validating a large contract with a bare libyaml parse of the same
// bytes. Usage:
//   python3 synthesize-contract.py > /tmp/big.yaml
//   swift run -c release ValidationBenchmark /tmp/big.yaml [iterations]
// Prints the minimum and median wall and process CPU time of each stage over the
// iterations; the CPU minimum is the figure least disturbed by other processes.

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

/// CPU time of this process so far, in seconds, over all its threads (large
/// contracts are parsed and read on several): unlike wall time, it does not
/// count the time other processes hold the cores.
func processCPUTime() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Wall and CPU time of one run of `body`, in seconds.
func seconds(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    let cpuStart = processCPUTime()
    let elapsed = ContinuousClock().measure(body)
    let cpu = processCPUTime() - cpuStart
    return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, cpu)
}

func milliseconds(_ seconds: Double) -> String { String(format: "%8.1f ms", seconds * 1000) }

var events = 0
var treeOK = false
var result: ContractLoadResult?
let stages: [(name: String, run: () -> Void)] = [
    ("bare libyaml parse (events only)", { events = FrontEndStages.libyamlEventCount(bytes) ?? -1 }),
    ("parse to Node tree", { treeOK = FrontEndStages.parsesToTree(bytes, file: path) }),
    ("ContractLoader.load (validate)", { result = ContractLoader.load(bytes: bytes, file: path) }),
]
// `ONLY_STAGE=<index>` runs just that stage, for counting instructions with
// `perf stat -e instructions:u`, a figure other processes cannot disturb.
if let only = ProcessInfo.processInfo.environment["ONLY_STAGE"].flatMap(Int.init), stages.indices.contains(only) {
    for _ in 0..<iterations { stages[only].run() }
    print("ran \(stages[only].name) \(iterations) times")
    exit(0)
}
// One warm-up round, then rounds that run every stage in turn, so that load
// from other processes falls on all stages alike.
for stage in stages { stage.run() }
var wall = Array(repeating: [Double](), count: stages.count)
var cpu = Array(repeating: [Double](), count: stages.count)
for _ in 0..<iterations {
    for (index, stage) in stages.enumerated() {
        let time = seconds(stage.run)
        wall[index].append(time.wall)
        cpu[index].append(time.cpu)
    }
}
wall = wall.map { $0.sorted() }
cpu = cpu.map { $0.sorted() }

let contract = result?.contract.map(ContractTranslator.descriptor(of:))
print("file: \(path), \(bytes.count) bytes, \(events) libyaml events, tree \(treeOK ? "ok" : "failed")")
print("contract: \(contract.map { "\($0.events.count) events, \($0.fields.count) fields" } ?? "invalid"), \(result.map { DiagnosticFormatter.summary($0.counts) } ?? "not loaded")")
print("iterations: \(iterations)")
print("stage                            wall min  wall median    CPU min   CPU median")
for (index, stage) in stages.enumerated() {
    let median = iterations / 2
    print(
        stage.name.padding(toLength: 32, withPad: " ", startingAt: 0), milliseconds(wall[index][0]), " ", milliseconds(wall[index][median]),
        milliseconds(cpu[index][0]), " ", milliseconds(cpu[index][median]))
}
func ratio(_ times: [[Double]], _ pick: ([Double]) -> Double) -> Double { pick(times[2]) / pick(times[0]) }
print(
    String(
        format: "validate / bare parse: wall %.2fx (min) %.2fx (median), CPU %.2fx (min) %.2fx (median); target: within 3x",
        ratio(wall) { $0[0] }, ratio(wall) { $0[$0.count / 2] }, ratio(cpu) { $0[0] }, ratio(cpu) { $0[$0.count / 2] }))
