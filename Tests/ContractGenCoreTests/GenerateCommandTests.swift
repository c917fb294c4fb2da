import ContractGenCore
import Foundation
import Testing

/// Runs the built `contractgen generate` for its exit status and output.
@Suite
struct GenerateCommandTests {
    func run(_ arguments: [String]) async throws -> ContractGenExecutable.Run {
        try await ContractGenExecutable.run(arguments)
    }

    @Test func committedOutputIsUpToDate() async throws {
        let result = try await run(["generate", "--check"])
        #expect(result.status == 0)
        #expect(result.stdout == "Generated: up to date (13 files)\n")
        #expect(result.stderr.contains("warning: event 'searchResultsPageView' uses deprecated field 'legacyCategory'"))
    }

    @Test func writesChecksAndRewritesOnlyWhatChanged() async throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Out").path

        let first = try await run(["generate", "contract/contract.yaml", "--output", output])
        #expect(first.status == 0)
        #expect(first.stdout == "\(output): 13 written, 0 unchanged, 0 removed\n")

        let out = URL(fileURLWithPath: output)
        try Data("// edited\n".utf8).write(to: out.appendingPathComponent("ContractObjects.swift"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("ContractEvents11.swift"))
        // A shard no event of the contract falls in, as an earlier, larger contract left it.
        try Data((GeneratedFileSet.header + "\n").utf8).write(to: out.appendingPathComponent("ContractEvents0.swift"))
        try Data((GeneratedFileSet.header + "\n").utf8).write(to: out.appendingPathComponent("Old.swift"))
        try Data("// mine\n".utf8).write(to: out.appendingPathComponent("Mine.swift"))

        let check = try await run(["generate", "--output", output, "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("differs: \(output)/ContractObjects.swift\n"))
        #expect(check.stdout.contains("missing: \(output)/ContractEvents11.swift\n"))
        #expect(check.stdout.contains("stale: \(output)/ContractEvents0.swift\n"))
        #expect(!check.stdout.contains("Mine.swift"))
        #expect(!check.stdout.contains("Old.swift"))

        let second = try await run(["generate", "-o", output])
        #expect(second.status == 0)
        #expect(second.stdout == "\(output): 2 written, 11 unchanged, 1 removed\n")
        #expect(FileManager.default.fileExists(atPath: output + "/Mine.swift"))
        #expect(FileManager.default.fileExists(atPath: output + "/Old.swift"))
        #expect(try await run(["generate", "-o", output, "--check"]).status == 0)
    }

    /// What the build plugin runs: every declared file, empty shards as the header alone.
    @Test func declaredFilesWritesEveryDeclaredFile() async throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Out").path
        let result = try await run(["generate", "contract/contract.yaml", "--output", output, "--declared-files"])
        #expect(result.status == 0)
        #expect(result.stdout == "\(output): 69 written, 0 unchanged, 0 removed\n")
        let empty = try Data(contentsOf: URL(fileURLWithPath: output).appendingPathComponent("ContractEvents0.swift"))
        #expect(empty == GeneratedTestSupport.placeholder)
        #expect(try await run(["generate", "-o", output, "--declared-files", "--check"]).status == 0)
        // Without the flag the same directory is out of date: the placeholders are extra.
        let check = try await run(["generate", "-o", output, "--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("stale: \(output)/ContractEvents0.swift\n"))
    }

    @Test func invalidContractWritesNothingAndExitsOne() async throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Out").path
        let result = try await run(["generate", "Tests/ContractGenCoreTests/Fixtures/invalid/unknown-kind.yaml", "--output", output])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: unknown kind 'pageVeiw'"))
        #expect(result.stdout.hasSuffix("nothing written\n"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func unreadableContractExitsTwo() async throws {
        let result = try await run(["generate", "no/such/contract.yaml", "--output", "/nonexistent-out"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot read contract no/such/contract.yaml: no such file\n")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-out"))
    }
}
