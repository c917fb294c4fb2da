import Foundation
import TestSupport
import Testing
import TrackingCore

/// The Kotlin runtime's `PatternProgram` (docs/patterns.md) against the Swift
/// matcher: random patterns, compiled to programs as the generator embeds
/// them, give the same verdicts on the JVM (``RandomPatterns``).
@Suite struct KotlinPatternTests {
    @Test func randomPatternsGiveTheSwiftVerdictsOnTheJVM() async throws {
        let (patterns, entries, expected) = try RandomPatterns.cases(seed: 0x4B07_11E5)
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
