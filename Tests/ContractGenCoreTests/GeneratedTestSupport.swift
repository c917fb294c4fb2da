@testable import ContractGenCore
import Foundation
import TestSupport
import Testing

/// Shared by the generator's tests: the contracts with committed output, and
/// golden file handling (`RECORD_GOLDENS=1 swift test` re-records).
enum GeneratedTestSupport {
    /// `Tests/ContractGenCoreTests/Goldens`.
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// `Tests/Reference/Hostile`.
    static let hostileDirectory = Fixtures.packageRoot.appendingPathComponent("Tests/Reference/Hostile")

    /// A contract with committed generated output and where that output lives.
    struct Reference: Sendable, CustomStringConvertible {
        var contract: URL
        var output: URL
        /// Whether every string literal of the output fits a line (CodePoints' escaped strings do not).
        var literalsFitALine = true
        /// `Names/contract.yaml`: every reference's file is `contract.yaml`.
        var description: String { contract.deletingLastPathComponent().lastPathComponent + "/" + contract.lastPathComponent }
    }

    /// `Tests/Reference/Names`.
    static let namesDirectory = Fixtures.packageRoot.appendingPathComponent("Tests/Reference/Names")
    /// `Tests/Reference/CodePoints`.
    static let codePointsDirectory = Fixtures.packageRoot.appendingPathComponent("Tests/Reference/CodePoints")

    static let references = [
        Reference(contract: Fixtures.projectContract, output: Fixtures.packageRoot.appendingPathComponent("Generated")),
        Reference(
            contract: hostileDirectory.appendingPathComponent("contract.yaml"),
            output: hostileDirectory.appendingPathComponent("Generated")
        ),
        Reference(
            contract: namesDirectory.appendingPathComponent("contract.yaml"),
            output: namesDirectory.appendingPathComponent("Generated")
        ),
        Reference(
            contract: codePointsDirectory.appendingPathComponent("contract.yaml"),
            output: codePointsDirectory.appendingPathComponent("Generated"),
            literalsFitALine: false
        ),
        Reference(
            contract: conformanceDirectory.appendingPathComponent("contract.yaml"),
            output: conformanceDirectory.appendingPathComponent("Swift/Generated")
        ),
    ]

    /// `Conformance`: the conformance contract and corpus (docs/conformance.md).
    static let conformanceDirectory = Fixtures.packageRoot.appendingPathComponent("Conformance")

    static func load(_ url: URL) throws -> Contract {
        let result = try ContractLoader.load(path: url.path)
        #expect(!result.hasErrors, "\(DiagnosticFormatter.text(result.diagnostics, source: nil))")
        return try #require(result.contract)
    }

    static func exampleContract() throws -> Contract { try load(Fixtures.projectContract) }

    /// The files a reviewed copy of `contract`'s code holds, worked out from the
    /// shard rule alone: the fixed files, then the shards some event falls in.
    static func fileNamesWithContent(of contract: Contract) -> [String] {
        let shards = Set(contract.events.map { ContractTranslator.shard(ofEvent: $0.name, shards: GeneratedFileNames.eventShardCount) })
        return GeneratedFileNames.fixed + (0..<GeneratedFileNames.eventShardCount).filter(shards.contains).map(GeneratedFileNames.eventShard)
    }

    /// The bytes of a placeholder: an event shard without events, in the build plugin's declared files.
    static let placeholder = Data((GeneratedFileSet.header + "\n").utf8)

    /// Compares `actual` with the golden file at `url`, or records it.
    static func assertGolden(_ actual: String, at url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        if Fixtures.recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        let expected = try? String(contentsOf: url, encoding: .utf8)
        #expect(expected == actual, "golden \(url.lastPathComponent) differs; re-record with RECORD_GOLDENS=1 swift test", sourceLocation: sourceLocation)
    }

    /// This package's built modules (beside the test bundle), where `TrackingCore.swiftmodule` is.
    static var modules: URL? {
        [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            Fixtures.packageRoot.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("Modules") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("TrackingCore.swiftmodule").path) }
    }

    /// `swiftc -typecheck` of the code generated from `contract`, against the
    /// built `TrackingCore`: its exit status and everything it printed (a
    /// warning counts: generated code compiles without any).
    static func typeCheck(_ contract: Contract) async throws -> (status: Int32, output: String) {
        try await typeCheck(ContractGenerator.sources(of: contract))
    }

    /// `swiftc -typecheck` of generated `files` against the built `TrackingCore`, as ``typeCheck(_:)-(Contract)``.
    static func typeCheck(_ files: [(name: String, text: String)]) async throws -> (status: Int32, output: String) {
        let modules = try #require(modules, "this package's modules were not found beside the test bundle")
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        var paths: [String] = []
        for file in files {
            let path = output.appendingPathComponent(file.name)
            try Data(file.text.utf8).write(to: path)
            paths.append(path.path)
        }
        let run = try await ChildProcess.run(
            ["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-module-name", "GeneratedCheck", "-I", modules.path]
                + paths, in: Fixtures.packageRoot)
        return (run.status, run.output)
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("contractgen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
