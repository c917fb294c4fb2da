import Foundation

/// Executables of this package the tests start (`contractgen`,
/// `impression-replay`, `dispatcher-crash-child`), where SwiftPM built them.
package enum BuiltProduct {
    /// The executable `name` beside the test bundle or in `.build/debug`; `nil`
    /// when it is not built (the tests that need it say so).
    package static func url(_ name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            // Tests/TestSupport/BuiltProduct.swift → the package root.
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"),
        ]
        return candidates.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
