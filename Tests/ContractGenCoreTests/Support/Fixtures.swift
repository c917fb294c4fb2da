import Foundation

/// Paths of test fixtures and of the project's own contract, found relative to
/// this file so the tests hold on any machine.
enum Fixtures {
    /// `Tests/ContractGenCoreTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The package root.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `contract/contract.yaml`.
    static let projectContract = packageRoot.appendingPathComponent("contract/contract.yaml")

    /// Whether goldens are re-recorded instead of compared (`RECORD_GOLDENS=1 swift test`).
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }
}
