@testable import ContractGenCore
import Foundation
import Testing

/// The contract pair of `Fixtures/diff` (one case of every ``ChangeType``), loaded
/// under their paths relative to the package root so reports are clickable.
enum DiffFixtures {
    static let oldPath = "Tests/ContractGenCoreTests/Fixtures/diff/old.yaml"
    static let newPath = "Tests/ContractGenCoreTests/Fixtures/diff/new.yaml"

    static func contract(_ relativePath: String) throws -> Contract {
        let bytes = try ContractLoader.readFile(Fixtures.packageRoot.appendingPathComponent(relativePath).path)
        let result = ContractLoader.load(bytes: bytes, file: relativePath)
        return try #require(result.contract, "\(relativePath) is invalid: \(result.diagnostics)")
    }

    /// The start of a small test contract: its name, version and envelope (`uuid`, `clientTimestamp`).
    static let header = """
        contract: Shop
        version: 1.0.0
        mandatory:
          uuid: { type: uuid }
          clientTimestamp: { type: timestamp }

        """

    static func contract(yaml: String, file: String = "c.yaml") throws -> Contract {
        let result = ContractLoader.load(yaml: yaml, file: file)
        return try #require(result.contract, "invalid: \(result.diagnostics.map(\.message))\n\(yaml)")
    }

    static func report() throws -> ContractDiffReport {
        ContractDiffReport(old: try contract(oldPath), new: try contract(newPath), oldFile: oldPath, newFile: newPath)
    }
}
