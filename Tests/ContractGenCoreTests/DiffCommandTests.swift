import Foundation
import TestSupport
import Testing

/// The built `contractgen diff`: exit statuses, formats and git revisions
/// (a real repository made in a temporary folder).
@Suite struct DiffCommandTests {
    static let old = "Tests/ContractGenCoreTests/Fixtures/diff/old.yaml"
    static let new = "Tests/ContractGenCoreTests/Fixtures/diff/new.yaml"

    func run(_ arguments: [String], in directory: URL? = nil) async throws -> ContractGenExecutable.Run {
        try await ContractGenExecutable.run(arguments, in: directory)
    }

    @Test func textOutputIsTheGolden() async throws {
        let result = try await run(["diff", Self.old, Self.new])
        #expect(result.status == 0)
        let golden = try String(contentsOf: GeneratedTestSupport.goldens.appendingPathComponent("Diff/changes.txt"), encoding: .utf8)
        #expect(result.stdout == golden)
    }

    @Test func jsonAndGithubOutputAreTheGoldens() async throws {
        let json = try await run(["diff", Self.old, Self.new, "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout == (try String(contentsOf: GeneratedTestSupport.goldens.appendingPathComponent("Diff/changes.json"), encoding: .utf8)))
        let github = try await run(["diff", Self.old, Self.new, "--format", "github"])
        #expect(github.status == 0)
        #expect(github.stdout == (try String(contentsOf: GeneratedTestSupport.goldens.appendingPathComponent("Diff/changes.github"), encoding: .utf8)))
    }

    @Test func gatesExitOne() async throws {
        // The output's last line says what the exit status says.
        let checked = try await run(["diff", Self.old, Self.new, "--check-version"])
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("version 1.4.0 is not enough: use 2.0.0 (--check-version: fails)\n"
            + "gate: fails, exit 1: version 1.4.0 is not enough (--check-version)\n"), "\(checked.stdout)")
        let unchecked = try await run(["diff", Self.old, Self.new])
        #expect(unchecked.status == 0)
        #expect(unchecked.stdout.contains("(not enforced: pass --check-version to fail)\ngate: none, exit 0"), "\(unchecked.stdout)")
        let failOn = try await run(["diff", Self.old, Self.new, "--fail-on", "breaking", "--format", "github"])
        #expect(failOn.status == 1)
        #expect(failOn.stdout.split(separator: "\n").last?.hasPrefix("::error file=") == true, "\(failOn.stdout)")
        #expect(failOn.stdout.contains("gate: fails, exit 1: "), "\(failOn.stdout)")
        #expect(try await run(["diff", Self.old, Self.new, "--fail-on", "source-breaking"]).status == 1)
        // The same contract: nothing changed, the version may stay.
        #expect(try await run(["diff", Self.old, Self.old, "--check-version", "--fail-on", "cosmetic"]).status == 0)
    }

    @Test func invalidContractExitsOneWithDiagnostics() async throws {
        let result = try await run(["diff", Self.old, "Tests/ContractGenCoreTests/Fixtures/invalid/unknown-kind.yaml"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("unknown-kind.yaml:15:11: error: unknown kind 'pageVeiw'"))
        #expect(result.stdout.contains("unknown-kind.yaml: invalid"))
    }

    @Test func usageAndIOErrorsExitTwo() async throws {
        #expect(try await run(["diff", Self.old]).status == 2)
        #expect(try await run(["diff", Self.old, Self.new, Self.new]).status == 2)
        #expect(try await run(["diff", Self.old, Self.new, "--fail-on", "everything"]).status == 2)
        #expect(try await run(["diff", Self.old, Self.new, "--format", "xml"]).status == 2)
        let missing = try await run(["diff", Self.old, "no/such.yaml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no/such.yaml: no such file"))
        let badRevision = try await run(["diff", "no-such-revision-xyz:contract/contract.yaml", "contract/contract.yaml"])
        #expect(badRevision.status == 2)
        #expect(badRevision.stderr.contains("no-such-revision-xyz:contract/contract.yaml"))
        #expect(try await run(["diff", "--upload-pack=x:contract.yaml", "contract/contract.yaml"]).status == 2)
    }

    /// `REV:PATH` and `--against REV` read the old side with `git show`, in a real repository.
    @Test func gitRevisions() async throws {
        let repo = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repo) }
        let contract = repo.appendingPathComponent("contracts/contract.yaml")
        try FileManager.default.createDirectory(at: contract.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(Self.old), to: contract)
        try await git(["init", "-q"], in: repo)
        try await git(["add", "."], in: repo)
        try await git(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1"], in: repo)
        try FileManager.default.removeItem(at: contract)
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent(Self.new), to: contract)

        let explicit = try await run(["diff", "HEAD:contracts/contract.yaml", "contracts/contract.yaml", "--format", "json"], in: repo)
        #expect(explicit.status == 0, "\(explicit.stderr)")
        let against = try await run(["diff", "--against", "HEAD", "contracts/contract.yaml", "--format", "json"], in: repo)
        #expect(against.status == 0, "\(against.stderr)")
        let golden = try String(contentsOf: GeneratedTestSupport.goldens.appendingPathComponent("Diff/changes.json"), encoding: .utf8)
        #expect(explicit.stdout == golden)
        #expect(against.stdout == golden)

        let text = try await run(["diff", "--against", "HEAD", "contracts/contract.yaml"], in: repo)
        #expect(text.stdout.contains("HEAD:contracts/contract.yaml (1.3.0) -> contracts/contract.yaml (1.4.0)"))
        #expect(text.stdout.contains("old: HEAD:contracts/contract.yaml:59:3"))
        // From inside the folder: the path is relative to the current directory, as git's `./` form is.
        let inside = try await run(["diff", "--against", "HEAD", "contract.yaml", "--check-version"], in: contract.deletingLastPathComponent())
        #expect(inside.status == 1)
        #expect(inside.stdout.contains("version 1.4.0 is not enough: use 2.0.0"))
        // A path the revision does not have.
        #expect(try await run(["diff", "HEAD:nothing.yaml", "contracts/contract.yaml"], in: repo).status == 2)
    }

    func git(_ arguments: [String], in directory: URL) async throws {
        let run = try await ChildProcess.run(["git"] + arguments, in: directory)
        try #require(run.status == 0, "git \(arguments.joined(separator: " ")) failed: \(run.stderr)")
    }
}
