import ContractGenCore
import Foundation
import TestSupport
import Testing

/// What the fuzzers of `Fuzz/` found (docs/fuzzing.md), kept as fixtures in
/// `Fixtures/fuzz/`: each contract validates, and the code generated from it
/// type-checks against the built `TrackingCore` with no diagnostic at all.
@Suite struct FuzzRegressionTests {
    static let directory = Fixtures.directory.appendingPathComponent("fuzz")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
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

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 3)
    }

    @Test(.timeLimit(.minutes(5)), arguments: fixtures)
    func generatedCodeTypeChecks(fixture: String) async throws {
        let url = Self.directory.appendingPathComponent(fixture)
        let result = try ContractLoader.load(path: url.path)
        let contract = try #require(result.contract, "\(fixture) does not validate: \(result.diagnostics.map(\.message))")
        let modules = try #require(Self.modules, "this package's modules were not found beside the test bundle")

        let output = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        var paths: [String] = []
        for file in ContractGenerator.sources(of: contract) {
            let path = output.appendingPathComponent(file.name)
            try Data(file.text.utf8).write(to: path)
            paths.append(path.path)
        }
        let run = try await ChildProcess.run(
            ["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-module-name", "FuzzFixture", "-I", modules.path]
                + paths, in: Fixtures.packageRoot)
        #expect(run.status == 0 && run.output.isEmpty, "swiftc on the code generated from \(fixture):\n\(run.output)")
    }
}
