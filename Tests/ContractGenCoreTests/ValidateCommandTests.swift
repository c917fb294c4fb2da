import ContractGenCore
import Foundation
import Testing

/// Runs the built `contractgen validate` for its exit status and output
/// streams.
@Suite
struct ValidateCommandTests {

    func run(_ arguments: [String]) async throws -> ContractGenExecutable.Run {
        try await ContractGenExecutable.run(arguments)
    }

    static let invalid = "Tests/ContractGenCoreTests/Fixtures/invalid"

    @Test func projectContractIsValidWithItsWarning() async throws {
        let result = try await run(["validate"])
        #expect(result.status == 0)
        #expect(result.stdout == "contract/contract.yaml: valid (0 errors, 1 warning)\n")
        #expect(result.stderr.contains("warning: event 'searchResultsPageView' uses deprecated field 'legacyCategory'"))
    }

    @Test func strictMakesWarningsFail() async throws {
        #expect(try await run(["validate", "--strict"]).status == 1)
        #expect(try await run(["validate", "\(Self.invalid)/warnings-only.yaml"]).status == 0)
        #expect(try await run(["validate", "--strict", "\(Self.invalid)/warnings-only.yaml"]).status == 1)
    }

    @Test func versionIsPrinted() async throws {
        let result = try await run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == ContractGenVersion.current + "\n")
    }

    /// A FIFO or a device is refused at once (exit 2), never read.
    @Test func nonRegularFilesAreRefused() async throws {
        let result = try await run(["validate", "/dev/zero"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot read contract /dev/zero: is a character device, not a regular file\n")
    }

    /// Notes say which Swift name a contract name becomes; they never fail a run.
    @Test func notesDoNotFailEvenWhenStrict() async throws {
        let result = try await run(["validate", "--strict", "Tests/Reference/Names/contract.yaml"])
        #expect(result.status == 0)
        #expect(result.stderr.contains(
            "Tests/Reference/Names/contract.yaml:67:3: note: event 'name' becomes the Swift function 'Shop.name_' ('name' is reserved in generated code)\n"))
        #expect(result.stdout == "Tests/Reference/Names/contract.yaml: valid (no problems, 11 notes)\n")
    }

    @Test func invalidContractExitsOneWithCompilerStyleText() async throws {
        let result = try await run(["validate", "\(Self.invalid)/unknown-kind.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(Self.invalid)/unknown-kind.yaml:15:11: error: unknown kind 'pageVeiw' for event 'homePageView'\n    kind: pageVeiw\n          ^\n  hint: did you mean 'pageView'?\n"))
        #expect(result.stdout == "\(Self.invalid)/unknown-kind.yaml: invalid (2 errors, 0 warnings)\n")
    }

    @Test func jsonFormat() async throws {
        let result = try await run(["validate", "--format", "json", "\(Self.invalid)/unknown-kind.yaml"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["errors"] as? Int == 2)
        #expect((object?["diagnostics"] as? [[String: Any]])?.first?["severity"] as? String == "error")
    }

    @Test func usageAndIOErrorsExitTwo() async throws {
        #expect(try await run(["validate", "--bogus"]).status == 2)
        #expect(try await run(["validate", "--format", "xml"]).status == 2)
        let missing = try await run(["validate", "no/such/contract.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no/such/contract.yaml: no such file"))
    }

    /// A contract whose event line holds `keys` unknown keys after `description`, written to a temporary file.
    func contractWithUnknownKeys(_ keys: Int, description: String) throws -> URL {
        let line = "  e: { kind: systemAction, description: \"\(description)\", "
            + (0..<keys).map { "unknownKey\($0): 1" }.joined(separator: ", ") + " }\n"
        let yaml = ContractText.head + "\nkinds:\n  systemAction:\nevents:\n" + line
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("unknown-keys-\(UUID().uuidString).yaml")
        try Data(yaml.utf8).write(to: url)
        return url
    }

    /// 2,000 unknown keys on one line: 20 diagnostics shown (each quoting a window of the line), the count of the
    /// rest, and the summary counts all of them.
    @Test func manyDiagnosticsOnOneLineAreCapped() async throws {
        let url = try contractWithUnknownKeys(2_000, description: "short")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await run(["validate", url.path])
        #expect(result.status == 1)
        #expect(result.stdout == "\(url.path): invalid (2000 errors, 0 warnings)\n")
        #expect(result.stderr.components(separatedBy: ": error: unknown key").count == DiagnosticFormatter.defaultLimit + 1)
        // The rest counts every finding, also those the loader did not keep, and says what showing all would show.
        #expect(result.stderr.hasSuffix("\n1980 more diagnostics not shown; 'contractgen validate --max-diagnostics 0 PATH' "
            + "shows the first \(ContractLoader.maxDiagnostics)\n"))
        #expect(result.stderr.utf8.count < 20 * 1_024, "\(result.stderr.utf8.count) bytes")
        #expect(result.stderr.split(separator: "\n").allSatisfy { $0.count <= DiagnosticFormatter.excerptWidth + 200 })
    }

    /// The same after a 1 MB description: the quoted windows stay small however far right the caret is.
    @Test func aMegabyteLineIsQuotedAsAWindow() async throws {
        let url = try contractWithUnknownKeys(2_000, description: String(repeating: "d", count: 1_048_576))
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try await run(["validate", url.path])
        #expect(result.status == 1)
        #expect(result.stderr.utf8.count < 20 * 1_024, "\(result.stderr.utf8.count) bytes")
        let quoted = result.stderr.split(separator: "\n").filter { $0.hasPrefix("...") }
        #expect(quoted.count == DiagnosticFormatter.defaultLimit)
        // Every diagnostic when asked for: the loader keeps 500 (and says so), each still a window.
        let all = try await run(["validate", "--max-diagnostics", "0", url.path])
        #expect(all.stderr.contains("too many problems; stopped reporting after \(ContractLoader.maxDiagnostics)"))
        #expect(!all.stderr.contains("not shown"))
        #expect(all.stderr.utf8.count < ContractLoader.maxDiagnostics * 1_024, "\(all.stderr.utf8.count) bytes")
    }

    /// `diff`, `schema` and `docs` refuse the same contract with the same summary as `validate`: every finding
    /// counted (not the kept 500 and the "too many problems" marker), and the shown ones capped alike.
    @Test func everyCommandCountsEveryFinding() async throws {
        let url = try contractWithUnknownKeys(2_000, description: "short")
        defer { try? FileManager.default.removeItem(at: url) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("unwritten-\(UUID().uuidString)").path
        for arguments in [["diff", url.path, url.path], ["schema", url.path, "--output", output], ["docs", url.path, "--output", output]] {
            let result = try await run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.hasPrefix("\(url.path): invalid (2000 errors, 0 warnings)"), "\(arguments): \(result.stdout)")
            #expect(result.stderr.hasSuffix("\n1980 more diagnostics not shown; 'contractgen validate --max-diagnostics 0 PATH' "
                + "shows the first \(ContractLoader.maxDiagnostics)\n"), "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func maxDiagnosticsMustNotBeNegative() async throws {
        let result = try await run(["validate", "--max-diagnostics=-1"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--max-diagnostics must be 0 (all) or more"))
    }

    @Test func helpShowsExamples() async throws {
        let result = try await run(["validate", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Examples:"))
        #expect(result.stdout.contains("contractgen validate other.yaml --format json"))
    }
}
