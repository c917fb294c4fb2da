import ContractGenCore
import Foundation
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
        var description: String { contract.lastPathComponent }
    }

    /// `Tests/Reference/Names`.
    static let namesDirectory = Fixtures.packageRoot.appendingPathComponent("Tests/Reference/Names")

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
    ]

    static func load(_ url: URL) throws -> Contract {
        let result = try ContractLoader.load(path: url.path)
        #expect(!result.hasErrors, "\(DiagnosticFormatter.text(result.diagnostics, source: nil))")
        return try #require(result.contract)
    }

    static func exampleContract() throws -> Contract { try load(Fixtures.projectContract) }

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

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("contractgen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
