import ContractGenCore
import Foundation
import Testing

/// What the fuzzers of `Fuzz/` found (docs/fuzzing.md), kept as fixtures in
/// `Fixtures/fuzz/`: each contract validates, and the code generated from it
/// type-checks against the built `TrackingCore` with no diagnostic at all.
@Suite struct FuzzRegressionTests {
    static let directory = Fixtures.directory.appendingPathComponent("fuzz")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 3)
    }

    @Test(.timeLimit(.minutes(10)), arguments: fixtures)
    func generatedCodeTypeChecks(fixture: String) async throws {
        let url = Self.directory.appendingPathComponent(fixture)
        let result = try ContractLoader.load(path: url.path)
        let contract = try #require(result.contract, "\(fixture) does not validate: \(result.diagnostics.map(\.message))")
        let run = try await GeneratedTestSupport.typeCheck(contract)
        #expect(run.status == 0 && run.output.isEmpty, "swiftc on the code generated from \(fixture):\n\(run.output)")
    }
}
