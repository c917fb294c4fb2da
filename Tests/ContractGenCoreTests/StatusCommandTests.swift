import ContractGenCore
import Foundation
import Testing

/// The built `contractgen status` (docs/status.md): exit status 0, 1 (a
/// finding --fail-on names) and 2 (usage or input errors, each with its
/// message), the project file's `status:` section, and `docs` with the same inputs.
@Suite struct StatusCommandTests {
    /// A folder with the status fixture's contract and saved arrivals.
    func folder(projectFile: String? = nil) throws -> URL {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        for name in ["contract.yaml", "arrivals.json"] {
            try FileManager.default.copyItem(at: StatusReportTests.directory.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        if let projectFile { try Data(projectFile.utf8).write(to: directory.appendingPathComponent("contractgen.yaml")) }
        return directory
    }

    @Test func exitStatusFollowsFailOn() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let passing = try await ContractGenExecutable.run(["status", "contract.yaml", "--arrivals", "arrivals.json", "--fail-on", "not-called"], in: directory)
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout.hasSuffix("3 findings; 0 failing (--fail-on not-called)\n"))
        let failing = try await ContractGenExecutable.run(
            ["status", "contract.yaml", "--arrivals", "arrivals.json", "--fail-on", "unknown-event", "--format", "json"], in: directory)
        #expect(failing.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(failing.stdout.utf8)) as? [String: Any])
        #expect(object["failing"] as? Int == 1)
    }

    @Test(arguments: [
        (["--fail-on", "uncalled"], "error: unknown finding 'uncalled' in --fail-on"),
        (["--collector", "http://127.0.0.1:1", "--arrivals", "arrivals.json"], "error: give --collector or --arrivals, not both"),
        (["--arrivals", "arrivals.json", "--since", "2026-11-01"], "error: --since 2026-11-01 cannot be applied to arrivals.json"),
        (["--arrivals", "contract.yaml"], "error: contract.yaml: not an arrivals report"),
        (["--since", "yesterday", "--arrivals", "arrivals.json"], "error: --since yesterday: not a date or time"),
        (["--source", "nowhere"], "error: source root nowhere does not exist"),
        (["--collector", "https://collector.example"], "curl -o arrivals.json https://collector.example/arrivals"),
        (["--collector", "http://127.0.0.1:1"], "cannot connect"),
    ])
    func inputErrorsExitTwo(flags: [String], message: String) async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await ContractGenExecutable.run(["status", "contract.yaml"] + flags, in: directory)
        #expect(run.status == 2)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// The project file's section drives a run with no flags; a flag replaces one setting.
    @Test func projectFileSection() async throws {
        let directory = try folder(projectFile: """
            contract: contract.yaml
            targets:
              swift: { output: Generated }
            status:
              arrivals: arrivals.json
              fail-on: unknown-event
            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await ContractGenExecutable.run(["status"], in: directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("FAIL unknown-event: legacyPing"))
        let overridden = try await ContractGenExecutable.run(["status", "--fail-on", "none"], in: directory)
        #expect(overridden.status == 0)
    }

    @Test func docsShowsTheSameColumns() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try await ContractGenExecutable.run(
            ["docs", "contract.yaml", "--output", "catalogue", "--arrivals", "arrivals.json", "--arrivals-since", "2026-12-01"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: directory.appendingPathComponent("catalogue/index.html"), encoding: .utf8)
        #expect(html.contains("<tr><th>arrived</th><td>120 since 2026-12-01, last 2026-12-07T04:59:00.000Z</td></tr>"))
        #expect(html.contains("<section id=\"status\">"))
        let plain = try await ContractGenExecutable.run(["docs", "contract.yaml", "--output", "plain"], in: directory)
        #expect(plain.status == 0)
        #expect(try !String(contentsOf: directory.appendingPathComponent("plain/index.html"), encoding: .utf8).contains("id=\"status\""))
    }
}
