import Foundation
import TestSupport
import Testing
import TrackingCore

/// Random patterns and values for comparing a runtime's `PatternProgram` with
/// the Swift matcher (`KotlinPatternTests`, `TypeScriptPatternTests`). The
/// values are ASCII (the Kotlin matcher's table), hold non-ASCII characters at
/// any point (where it hands over to `advance`) and are long; some programs are
/// too large for a table.
enum RandomPatterns {
    static let atoms = ["a", "b", "c", "0", "-", ".", "é", "😀", "[a-c]", "[^a]", "[0-9é]", "(a|bc)", "(|a)", "\\.", "(ab|a)(c|bcd)", "[a-z😀]"]
    static let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{0,2}"]
    static let characters: [Character] = ["a", "b", "c", "d", "0", "9", "-", ".", " ", "\n", "é", "😀", "\u{2028}"]

    static func pattern(_ random: inout SplitMix64) -> String {
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

    /// 400 random patterns and five too large for a table, each with its values: the patterns, the
    /// entries a runner reads (`{"program": [...], "values": [...]}`) and, per pattern, the Swift
    /// verdicts as a line of `1` (matches) and `0`.
    static func cases(seed: UInt64) throws -> (patterns: [String], entries: [[String: Any]], verdicts: [String]) {
        var random = SplitMix64(state: seed)
        var patterns = (0..<400).map { _ in pattern(&random) }
        // Too many sets of threads for a table (unanchored: the last nine characters), and too many instructions.
        patterns += ["[ab]*a[ab]{8}", "a[ab]{9}$", "^[a-z]{200}$", "^(ab|cd|e){300}$", "(x|y){2,600}z"]
        var entries: [[String: Any]] = []
        var verdicts: [String] = []
        for pattern in patterns {
            let compiled = try ContractRegex.compile(pattern)
            let values = values(&random)
            entries.append(["program": try ContractRegex.serializedProgram(pattern), "values": values])
            verdicts.append(String(values.map { compiled.matches($0) ? "1" : "0" }))
        }
        #expect(verdicts.joined().contains("1") && verdicts.joined().contains("0"))
        return (patterns, entries, verdicts)
    }
}
