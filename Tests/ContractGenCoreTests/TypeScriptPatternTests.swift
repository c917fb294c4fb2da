import Foundation
import Testing

/// The TypeScript runtime's `PatternProgram` (docs/patterns.md) against the
/// Swift matcher, as `KotlinPatternTests` does it for Kotlin: the same random
/// patterns, compiled to programs as the generator embeds them, give the same
/// verdicts under Node (``RandomPatterns``).
@Suite struct TypeScriptPatternTests {
    @Test func randomPatternsGiveTheSwiftVerdictsUnderNode() async throws {
        let (patterns, entries, expected) = try RandomPatterns.cases(seed: 0x7A5C_2028)
        // The entries as a literal of the program, in ASCII: tsc 4.8 ends a string literal at a raw U+2028.
        let json = String(decoding: try JSONSerialization.data(withJSONObject: entries), as: UTF8.self)
        let literal = json.unicodeScalars.map { scalar in
            scalar.isASCII ? String(scalar) : String(scalar).utf16.map { "\\u" + String(format: "%04x", Int($0)) }.joined()
        }.joined()
        let program = """
            import { PatternProgram } from "@contractgen/runtime";
            declare const console: { log(...values: unknown[]): void };

            const entries: { program: number[]; values: string[] }[] = \(literal);
            const lines = entries.map((entry) => {
                const program = new PatternProgram(entry.program);
                return entry.values.map((value) => (program.matches(value) ? "1" : "0")).join("");
            });
            console.log(lines.join("\\n"));

            """
        let project = try await TypeScriptProject.make(["patterns.ts": program])
        let compiled = try await TypeScriptProject.compile(project)
        try #require(compiled.status == 0, "tsc --strict: \(compiled.output)")
        let run = try await TypeScriptProject.node("out/patterns.js", in: project)
        #expect(run.status == 0, "\(run.output)")
        let verdicts = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(verdicts.count == patterns.count, "\(run.output)")
        for (index, pattern) in patterns.enumerated() where index < verdicts.count {
            #expect(verdicts[index] == expected[index], "\(pattern): Node \(verdicts[index]), Swift \(expected[index])")
        }
    }
}
