import ContractGenCore
import Foundation
import Testing
import TestSupport

/// The TypeScript target (docs/typescript.md): its output for the conformance
/// contract is committed and current, compiles with `tsc --strict` with the
/// runtime, and passes the conformance corpus under Node.
@Suite struct TypeScriptTargetTests {
    static let directory = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("TypeScript")

    static func conformanceContract() throws -> Contract {
        try GeneratedTestSupport.load(GeneratedTestSupport.conformanceDirectory.appendingPathComponent("contract.yaml"))
    }

    /// `Conformance/TypeScript/Generated` is what the target renders (re-record with RECORD_GOLDENS=1).
    @Test func committedConformanceCodeIsCurrent() throws {
        for (path, text) in TypeScriptProject.generated(try Self.conformanceContract(), in: "Generated") {
            try GeneratedTestSupport.assertGolden(text, at: Self.directory.appendingPathComponent(path))
        }
    }

    /// Every corpus case gives the case's wire bytes, pii forms and violations under Node.
    @Test func corpusPassesUnderNode() async throws {
        var files = TypeScriptProject.generated(try Self.conformanceContract(), in: "Generated")
        for name in ["corpus.ts", "node.d.ts"] {
            files[name] = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        }
        let project = try await TypeScriptProject.make(files)
        let compiled = try await TypeScriptProject.compile(project)
        try #require(compiled.status == 0, "tsc --strict: \(compiled.output)")
        let run = try await TypeScriptProject.node("out/corpus.js", [ConformanceCorpusTests.casesDirectory.path], in: project)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.hasSuffix("\(ConformanceCorpusTests.cases.count) cases, 0 failed\n"), "\(run.output)")
    }
}
