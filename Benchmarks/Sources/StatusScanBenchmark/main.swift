// Times the call-site scan of `contractgen status` (issue 35) on a tree that
// Benchmarks/synthesize-status-tree.py wrote and `contractgen generate` filled
// with the contract's code: every language alone, then all of them
// together, each `rounds` times; prints the best wall time of each.
// Run by Benchmarks/status-scan.sh.
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
let contract = tree.appendingPathComponent("contract.yaml").path
let roots = ["ios", "web", "packages", "android"].map { tree.appendingPathComponent($0).path }

func seconds(_ duration: Duration) -> String {
    String(format: "%.2f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}

let clock = ContinuousClock()
for languages in [["swift"], ["typescript"], ["kotlin"], ["swift", "typescript", "kotlin"]] {
    var best: Duration?
    var last: (files: Int, sites: Int, notes: [String]) = (0, 0, [])
    for _ in 0..<rounds {
        let start = clock.now
        last = try CallSiteScanBenchmark.run(contractPath: contract, roots: roots, languages: languages)
        let elapsed = clock.now - start
        best = min(best ?? elapsed, elapsed)
    }
    let name = languages.count == 1 ? languages[0] : "all"
    print("\(name.padding(toLength: 11, withPad: " ", startingAt: 0)) \(seconds(best!))  \(last.files) files, \(last.sites) call sites"
        + (last.notes.isEmpty ? "" : ", notes: \(last.notes)"))
}
