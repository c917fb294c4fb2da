import Foundation
import TestSupport
import Testing
import TrackingCore

/// The Kotlin runtime's `PatternProgram` (docs/patterns.md) against the Swift
/// matcher: random patterns, compiled to programs as the generator embeds
/// them, give the same verdicts on the JVM. The values are ASCII (the Kotlin
/// matcher's table), hold non-ASCII characters at any point (where it hands
/// over to `advance`) and are long; some programs are too large for a table.
@Suite struct KotlinPatternTests {
    static let atoms = ["a", "b", "c", "0", "-", ".", "é", "😀", "[a-c]", "[^a]", "[0-9é]", "(a|bc)", "(|a)", "\\.", "(ab|a)(c|bcd)", "[a-z😀]"]
    static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}"]
    static let characters: [Character] = ["a", "b", "c", "d", "0", "9", "-", ".", " ", "\n", "é", "😀", "\u{2028}"]

    static func randomPattern(_ random: inout SplitMix64) -> String {
        func sequence() -> String {
            (0..<Int.random(in: 1...4, using: &random)).map { _ in
                atoms.randomElement(using: &random)! + quantifiers.randomElement(using: &random)!
            }.joined()
        }
        var pattern = sequence()
        if Int.random(in: 0..<4, using: &random) == 0 { pattern += "|" + sequence() }
        if Bool.random(using: &random) { pattern = "^" + pattern }
        if Bool.random(using: &random) { pattern += "$" }
        return pattern
    }

    static func values(_ random: inout SplitMix64) -> [String] {
        var values = ["", "a", "ab", "abc", "bcd", "a.c", "0-9", "é", "😀", "a😀b", "aé", "abcd!", "\n"]
        for _ in 0..<12 {
            values.append(String((0..<Int.random(in: 0...10, using: &random)).map { _ in characters.randomElement(using: &random)! }))
        }
        // Long: many table steps, and a hand-over to `advance` late in the value.
        values.append(String(repeating: "ab", count: 200))
        values.append(String(repeating: "a", count: 150) + "é" + String(repeating: "bc", count: 40))
        values.append(String(repeating: "0", count: 300) + "😀")
        return values
    }

    @Test func randomPatternsGiveTheSwiftVerdictsOnTheJVM() async throws {
        var random = SplitMix64(state: 0x4B07_11E5)
        var patterns = (0..<400).map { _ in Self.randomPattern(&random) }
        // Too many sets of threads for a table (unanchored: the last nine characters), and too many instructions.
        patterns += ["[ab]*a[ab]{8}", "a[ab]{9}$", "^[a-z]{200}$", "^(ab|cd|e){300}$", "(x|y){2,600}z"]
        var entries: [[String: Any]] = []
        var expected: [String] = []
        for pattern in patterns {
            let compiled = try ContractRegex.compile(pattern)
            let values = Self.values(&random)
            entries.append(["program": try ContractRegex.serializedProgram(pattern), "values": values])
            expected.append(String(values.map { compiled.matches($0) ? "1" : "0" }))
        }
        #expect(expected.joined().contains("1") && expected.joined().contains("0"))
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("patterns.json")
        try JSONSerialization.data(withJSONObject: entries).write(to: file)
        let jar = try await KotlinConformanceTests.conformanceJar()
        let run = try await KotlinBuild.java(jar, "io.contractgen.conformance.PatternRunner", [file.path])
        #expect(run.status == 0, "\(run.output)")
        let verdicts = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(verdicts.count == patterns.count, "\(run.output)")
        for (index, pattern) in patterns.enumerated() where index < verdicts.count {
            #expect(verdicts[index] == expected[index], "\(pattern): JVM \(verdicts[index]), Swift \(expected[index])")
        }
    }
}
