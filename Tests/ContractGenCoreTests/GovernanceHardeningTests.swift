@testable import ContractGenCore
import Foundation
import TestSupport
import Testing

/// Regression tests from trying to break `diff`, `docs` and `schema` with
/// hostile contracts, huge git blobs and output directories that cannot be written.
@Suite struct GovernanceHardeningTests {
    static func yaml(deprecated: String?) -> String {
        """
        \(ContractText.head)
        kinds:
          k: {}
        fields:
          old: { type: string\(deprecated.map { ", deprecated: \"\($0)\"" } ?? "") }
        events:
          e: { kind: k, optional: [old] }

        """
    }

    /// A `deprecated` note with a terminal escape (clear screen) and a line
    /// break followed by a forged finding: text output shows them escaped, and
    /// GitHub annotations neither render the escape nor start a new command.
    @Test func quotedContractTextCannotDriveTheTerminalOrForgeLines() throws {
        let hostile = "Use new.\\e[2J\\n::error file=x,line=1::forged\\nc.yaml:1:1: breaking: forged"
        let report = ContractDiffReport(
            old: try DiffFixtures.contract(yaml: Self.yaml(deprecated: nil), file: "old.yaml"),
            new: try DiffFixtures.contract(yaml: Self.yaml(deprecated: hostile), file: "new.yaml"),
            oldFile: "old.yaml", newFile: "new.yaml")
        try #require(report.changes.contains { $0.rule == .deprecationAdded })
        for output in [DiffFormatter.text(report), DiffFormatter.github(report, file: "new.yaml")] {
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character got through")
            #expect(!output.contains("\nc.yaml:1:1"))
            #expect(!output.contains("\n::error file=x"))
        }
        #expect(DiffFormatter.text(report).contains(#"deprecated: Use new.\u{1B}[2J\n::error"#))
        // JSON: no raw control character either, C1 included, and the message reads back exactly.
        let hostileC1 = "Use new.\u{9B}31m\u{85}"
        let c1 = ContractDiffReport(
            old: try DiffFixtures.contract(yaml: Self.yaml(deprecated: nil), file: "old.yaml"),
            new: try DiffFixtures.contract(yaml: Self.yaml(deprecated: "Use new.\\u009B31m\\u0085"), file: "new.yaml"),
            oldFile: "old.yaml", newFile: "new.yaml")
        let json = DiffFormatter.json(c1)
        #expect(!json.unicodeScalars.contains { TerminalSafeText.isControl($0) && $0 != "\n" })
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let message = ((decoded?["changes"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        #expect(message.hasSuffix(hostileC1), "\(message)")
    }

    /// `git show` of a blob larger than a contract may be is cut off, not read whole.
    @Test func gitBlobOverTheSizeCapIsRefused() async throws {
        let repo = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: repo) }
        try Data(repeating: UInt8(ascii: "#"), count: 300_000).write(to: repo.appendingPathComponent("big.yaml"))
        for arguments in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "big"]] {
            let run = try await ChildProcess.run(["git"] + arguments, in: repo)
            try #require(run.status == 0, "git \(arguments) failed: \(run.stderr)")
        }
        #expect(throws: ContractFileError.self) {
            _ = try ContractSource.gitShow(revision: "HEAD", path: "big.yaml", spec: "HEAD:big.yaml", directory: repo.path, maxBytes: 100_000)
        }
        let whole = try ContractSource.gitShow(revision: "HEAD", path: "big.yaml", spec: "HEAD:big.yaml", directory: repo.path, maxBytes: 300_000)
        #expect(whole.count == 300_000)
    }

    /// An output directory that cannot be made (a file is in the way) is an
    /// I/O error, exit 2, with a reason in words rather than Foundation's error number.
    @Test func unwritableOutputIsExitTwoWithAReason() async throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        for command in ["docs", "schema"] {
            for output in [file.path, file.appendingPathComponent("sub").path] {
                let result = try await ContractGenExecutable.run([command, "--output", output])
                #expect(result.status == 2, "\(command) --output \(output)")
                #expect(result.stderr.hasPrefix("error: cannot write to \(output): "))
                #expect(!result.stderr.contains("error 512") && !result.stderr.contains("FileError"), "\(result.stderr)")
            }
        }
    }

    /// OLD, NEW or the catalogue's contract a directory or a FIFO: refused before
    /// reading (nothing blocks on the FIFO), exit 2, with the reason.
    @Test func nonRegularContractsAreExitTwo() async throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("fifo.yaml").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let contract = "contract/contract.yaml"
        for (arguments, reason) in [
            (["diff", directory.path, contract], "is a directory"),
            (["diff", contract, fifo], "is a FIFO"),
            (["docs", fifo, "--output", directory.appendingPathComponent("out").path], "is a FIFO"),
            (["schema", directory.path, "--output", directory.appendingPathComponent("out").path], "is a directory"),
        ] {
            let result = try await ContractGenExecutable.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
        }
    }
}
