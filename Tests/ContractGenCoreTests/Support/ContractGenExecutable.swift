import Foundation
import TestSupport

/// The built `contractgen`, next to the test bundle or in `.build/debug`;
/// the command tests are skipped when it is not there.
enum ContractGenExecutable {
    static let url: URL? = BuiltProduct.url("contractgen")

    typealias Run = ChildProcess.Run

    /// Runs `contractgen arguments` in `directory` (the package root when `nil`) and waits for it.
    static func run(_ arguments: [String], in directory: URL? = nil) async throws -> Run {
        try await ChildProcess.run(url!, arguments, in: directory ?? Fixtures.packageRoot)  // non-nil: the suites run only then
    }
}
