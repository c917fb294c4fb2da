import Foundation
import TestSupport
import Testing

/// The built `contractgen`, next to the test bundle or in `.build/debug`.
/// A command test fails (never skips) when it is not there: `swift build --build-tests` builds it.
enum ContractGenExecutable {
    static let url: URL? = BuiltProduct.url("contractgen")

    typealias Run = ChildProcess.Run

    /// The executable's location; records a failure and throws when it has not been built.
    static func location() throws -> URL {
        try #require(url, "contractgen is not built next to the tests")
    }

    /// Runs `contractgen arguments` in `directory` (the package root when `nil`) and waits for it.
    static func run(_ arguments: [String], in directory: URL? = nil) async throws -> Run {
        try await ChildProcess.run(try location(), arguments, in: directory ?? Fixtures.packageRoot)
    }
}
