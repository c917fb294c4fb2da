import Foundation
import Testing
@testable import TrackingCollectorKit

/// The `tracking-collector` command: its banner, and reloading the contract.
@Suite("tracking-collector command", .timeLimit(.minutes(2)), .serialized)
struct ExecutableTests {
    static let exampleContract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("contract/contract.yaml")

    @Test("The banner names the address, the contract, the storage and the monitor")
    func banner() async throws {
        let collector = try await CollectorProcess([])
        defer { collector.stop() }
        let text = collector.text
        #expect(text.contains("listening on http://127.0.0.1:\(collector.port)"))
        #expect(text.contains("contract: \(LoadedContract.example.name) \(LoadedContract.example.version) (built in)"))
        #expect(text.contains("storage:  sqlite (in memory)"))
        #expect(text.contains("monitor:  http://127.0.0.1:\(collector.port)/"))
        #expect(text.contains("faults:   disabled"))
    }

    @Test("The contract is reloaded when its file changes and on SIGHUP, and the log says so")
    func reloads() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("collector-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let contract = directory.appendingPathComponent("contract.yaml")
        try FileManager.default.copyItem(at: Self.exampleContract, to: contract)
        let collector = try await CollectorProcess(["--contract", contract.path])
        defer { collector.stop() }
        collector.signal(SIGHUP)
        #expect(await collector.waitFor("contract reloaded (SIGHUP)"))
        // A new version of the file: picked up within a couple of seconds.
        let text = try String(contentsOf: contract, encoding: .utf8)
        try (text + "\n# edited\n").write(to: contract, atomically: true, encoding: .utf8)
        #expect(await collector.waitFor("contract reloaded (file changed)"))
        // A broken file keeps the previous contract.
        try "contract: [".write(to: contract, atomically: true, encoding: .utf8)
        #expect(await collector.waitFor("contract not reloaded (file changed)"))
    }
}
