import Foundation
import TrackingCore

// Times the pattern engine (ContractRegex). Usage:
//   swift run -c release PatternBenchmark [rounds]
// Prints, per case, the median and minimum wall time of one decision over the
// rounds. It uses only `ContractRegex.matches(_:pattern:)`, so the same file
// measures earlier versions of the engine, back to back (docs/performance.md).

let rounds = CommandLine.arguments.count >= 2 ? max(1, Int(CommandLine.arguments[1]) ?? 200) : 200

/// Median and minimum of `rounds` timings of `repeats` calls of `body`, per call, in nanoseconds.
func measure(repeats: Int, _ body: () -> Bool) -> (median: Double, minimum: Double, verdict: Bool) {
    var verdict = body()   // compiles and caches the pattern
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        let elapsed = clock.measure {
            for _ in 0..<repeats { verdict = body() }
        }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(nanoseconds / Double(repeats))
    }
    samples.sort()
    return (samples[samples.count / 2], samples[0], verdict)
}

func report(_ name: String, _ result: (median: Double, minimum: Double, verdict: Bool)) {
    let unit = result.median >= 10_000 ? String(format: "%10.3f µs", result.median / 1000) : String(format: "%10.1f ns", result.median)
    let minimum = result.minimum >= 10_000 ? String(format: "%.3f µs", result.minimum / 1000) : String(format: "%.1f ns", result.minimum)
    print("\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) median \(unit)  min \(minimum)  -> \(result.verdict)")
}

// The worst case of a backtracking engine: decided here without backtracking.
let adversarial = String(repeating: "a", count: 10_000) + "!"
// Past measurements of ICU on this case took seconds per value: run it once, timed, before the loop.
let once = ContinuousClock().measure { _ = ContractRegex.matches(adversarial, pattern: "^(a+)+$") }
print("^(a+)+$ on 10,000 a + '!', first call (compiles): \(once)")
report("^(a+)+$ on 10,000 a + '!'", measure(repeats: 1) { ContractRegex.matches(adversarial, pattern: "^(a+)+$") })

// The example contract's patterns (contract/contract.yaml) on typical values.
let cases: [(pattern: String, value: String)] = [
    ("^[0-9]{4,12}$", "12345678"),
    ("^[0-9]{4,12}$", "1234x678"),
    ("^[A-Z0-9]{4,16}$", "SUMMER2026"),
    ("^https://", "https://images.example.com/p/12345678.jpg"),
    ("^https://", "http://images.example.com/p/12345678.jpg"),
    ("^[0-9]{4,12}$", "１２３４５６"),   // non-ASCII digits: the general path
]
for (pattern, value) in cases {
    report("\(pattern) on \(value.debugDescription)", measure(repeats: 10_000) { ContractRegex.matches(value, pattern: pattern) })
}
