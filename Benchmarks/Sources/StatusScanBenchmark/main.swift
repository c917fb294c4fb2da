// Times the call-site scan of `contractgen status` (issue 35) on a tree that
// Benchmarks/synthesize-status-tree.py wrote: generates the contract's code
// into the tree (Swift, TypeScript, Kotlin), then scans every language
// alone and all of them together, each `rounds` times, and prints the best
// wall time of each. Run by Benchmarks/status-scan.sh.
//
//   swift run -c release StatusScanBenchmark TREE [rounds]
import ContractGenCore
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: StatusScanBenchmark TREE [rounds]\n".utf8))
    exit(2)
}
let tree = URL(fileURLWithPath: arguments[1])
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3

let loaded = try ContractLoader.load(path: tree.appendingPathComponent("contract.yaml").path)
guard let contract = loaded.contract else {
    FileHandle.standardError.write(Data("the tree's contract is not valid\n".utf8))
    exit(1)
}
let targets: [(any TargetGenerator, String)] = [
    (CodeTargets.target(id: "swift")!.generator, "ios/Sources/BenchTracking/Generated"),
    (CodeTargets.target(id: "typescript")!.generator, "packages/tracking/src/Generated"),
    (KotlinTarget(packageName: "com.example.bench.events").generator, "android/app/src/main/kotlin/com/example/bench/events"),
]
for (generator, folder) in targets {
    _ = try ContractGenerator.generate(contract, into: tree.appendingPathComponent(folder), generator: generator)
}
let roots = ["ios", "web", "packages", "android"].map { tree.appendingPathComponent($0).path }

func seconds(_ duration: Duration) -> String {
    String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}

let clock = ContinuousClock()
let runs: [(String, Set<SourceLanguage>)] = [
    ("swift", [.swift]), ("typescript", [.typescript]), ("kotlin", [.kotlin]), ("all", Set(SourceLanguage.allCases)),
]
for (name, languages) in runs {
    var best: Duration?
    var last = CallSiteScan()
    for _ in 0..<rounds {
        let start = clock.now
        last = try scanCallSites(of: contract, CallSiteScanRequest(roots: roots, languages: languages))
        let elapsed = clock.now - start
        best = min(best ?? elapsed, elapsed)
    }
    let files = last.filesScanned.values.reduce(0, +)
    print("\(name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(seconds(best!))  \(files) files, \(last.sites.count) call sites\(last.notes.isEmpty ? "" : ", notes: \(last.notes)")")
}
