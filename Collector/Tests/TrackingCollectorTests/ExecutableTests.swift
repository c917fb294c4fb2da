import Foundation
import Testing
@testable import TrackingCollectorKit

/// The `tracking-collector` command: its banner, and reloading the contract.
@Suite("tracking-collector command", .timeLimit(.minutes(10)), .serialized)
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
        #expect(text.contains("access:   reading open (loopback only), writing open; Host 127.0.0.1, ::1, localhost"))
        #expect(text.contains("faults:   disabled"))
    }

    @Test("Beyond loopback without a read token the command refuses to start and says why; secrets come from files")
    func access() async throws {
        let executable = try #require(CollectorProcess.executable)
        let (status, output) = try await runToExit(
            executable, ["--port", "0", "--host", "0.0.0.0"],
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("TRACKING_COLLECTOR_") })
        #expect(status == 2)
        #expect(output.contains("error: listening on 0.0.0.0 serves other machines: give a read token"), "\(output)")
        #expect(!output.contains("listening on http"))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("collector-access-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = directory.appendingPathComponent("token"), key = directory.appendingPathComponent("key")
        try "\(AccessTests.token)\n".write(to: token, atomically: true, encoding: .utf8)
        try "\(AccessTests.key)\n".write(to: key, atomically: true, encoding: .utf8)
        let collector = try await CollectorProcess(["--token-file", token.path, "--write-key-file", key.path,
                                                    "--allow-host", "Collector.Internal"])
        defer { collector.stop() }
        #expect(collector.text.contains(
            "access:   token required to read, write key required; Host 127.0.0.1, ::1, collector.internal, localhost"))
        let host = "Host: collector.internal:\(collector.port)"
        let port = collector.port
        #expect(try await RawHTTP.request(port: port, "GET", "/stats", [host, "Authorization: Bearer \(AccessTests.token)"]).status == 200)
        #expect(try await RawHTTP.request(port: port, "GET", "/stats", [host]).status == 401)
        #expect(try await RawHTTP.request(port: port, "POST", "/v1/batch", [host, "Authorization: Bearer \(AccessTests.key)"],
                                          body: batch([exampleEvent()])).status == 200)
    }

    #if !PostgreSQL
    @Test("--postgres in a build without the PostgreSQL trait fails at once, saying how to build with it")
    func postgresNotBuilt() async throws {
        let executable = try #require(CollectorProcess.executable, "build the tracking-collector product first")
        let (status, output) = try await runToExit(
            executable, ["--port", "0", "--postgres", "postgres://postgres@127.0.0.1:5432/events"])
        #expect(status == 2)
        #expect(output.contains("built without PostgreSQL storage"))
        #expect(output.contains("swift build --package-path Collector --traits PostgreSQL"))
        #expect(!output.contains("listening on"))
    }
    #endif

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

