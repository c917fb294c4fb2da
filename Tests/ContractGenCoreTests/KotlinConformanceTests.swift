import ContractGenCore
import Foundation
import TestSupport
import Testing

/// The conformance corpus (docs/conformance.md) on the JVM: the Kotlin code
/// generated for `Conformance/contract.yaml`, the runtime and the generated
/// driver, compiled once (``KotlinBuild``), run every case of
/// `Conformance/cases` and every double of `Conformance/doubles.json`.
@Suite struct KotlinConformanceTests {
    static func conformanceJar() async throws -> URL {
        let contract = try GeneratedTestSupport.load(GeneratedTestSupport.conformanceDirectory.appendingPathComponent("contract.yaml"))
        let driver = try #require(KotlinTarget().conformanceDriver(for: ContractGenerator.lower(contract)))
        let sources = KotlinBuild.generatedSources(contract) + [(driver.name, driver.contents)]
        let handWritten = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("Kotlin")
        let files = try FileManager.default.contentsOfDirectory(at: handWritten, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "kt" }.sorted { $0.path < $1.path }
        return try await KotlinBuild.shared.jar(named: "conformance", generated: sources, files: files)
    }

    /// How many cases and doubles the corpus holds, counted here so that a runner that skipped some fails.
    static func corpusCounts() throws -> (cases: Int, doubles: Int) {
        let directory = GeneratedTestSupport.conformanceDirectory
        var cases = 0
        for url in try FileManager.default.contentsOfDirectory(at: directory.appendingPathComponent("cases"), includingPropertiesForKeys: nil)
        where url.pathExtension == "json" {
            let file = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            cases += (file?["cases"] as? [Any])?.count ?? 0
        }
        let doubles = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("doubles.json"))) as? [String: Any]
        return (cases, (doubles?["doubles"] as? [Any])?.count ?? 0)
    }

    @Test func everyCaseAndEveryDoubleMatchOnTheJVM() async throws {
        let jar = try await Self.conformanceJar()
        let directory = GeneratedTestSupport.conformanceDirectory
        let run = try await KotlinBuild.java(
            jar, "io.contractgen.conformance.ConformanceRunner",
            [directory.appendingPathComponent("cases").path, directory.appendingPathComponent("doubles.json").path,
             directory.appendingPathComponent("globals.json").path])
        let counts = try Self.corpusCounts()
        #expect(counts.cases > 100 && counts.doubles == 3045)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("cases \(counts.cases)/\(counts.cases), doubles \(counts.doubles)/\(counts.doubles)\n"), "\(run.output)")
        // Conformance/globals.json: the globals applied as a sink applies them (GlobalsConformanceTests runs it in Swift).
        let globals = GlobalsConformanceTests.cases.count
        #expect(globals >= 4 && run.stdout.hasSuffix("globals \(globals)/\(globals)\n"), "\(run.output)")
    }
}
