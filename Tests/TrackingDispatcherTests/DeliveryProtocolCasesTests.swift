import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingTesting
import TrackingCore
@testable import TrackingDispatcher

/// The delivery protocol's shared cases (Conformance/Delivery/cases.json), run
/// against the same scripted fake collector the TypeScript and Kotlin runtimes'
/// runners use: one flush leaves what the case says, then every event not set
/// aside arrives exactly once.
@Suite("Delivery protocol cases", .timeLimit(.minutes(10)))
struct DeliveryProtocolCasesTests {
    static let casesFile = DeliveryProtocolCases.directory.appendingPathComponent("cases.json")
    /// Retries and pauses are checked through the flush summary and the store, not the log.
    static let quietLogger: Logger = {
        var logger = Logger(label: "tracking.tests")
        logger.logLevel = .critical
        return logger
    }()

    @Test("Every case of cases.json", arguments: try DeliveryProtocolCases.load(casesFile).cases)
    func deliveryCase(_ protocolCase: DeliveryProtocolCases.Case) async throws {
        let cases = try DeliveryProtocolCases.load(Self.casesFile)
        let fake = try await FakeCollectorProcess.start(cases: Self.casesFile, case: protocolCase.name)
        defer { fake.stop() }

        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let provider = CollectorProvider(endpoint: URL(string: "http://127.0.0.1:\(fake.port)/v1/batch")!)
        let client = TrackingClient(
            configuration: DispatcherConfiguration(
                databaseURL: directory.database, batch: BatchConfiguration(deliverySize: 100), strategies: [.manual],
                retry: RetryPolicy(initialBackoff: 2, jitter: 0.2, minimumRequestInterval: 0,
                                   requestTimeout: protocolCase.requestTimeout ?? 60),
                contract: .standard, reportViolationsLoudly: false),
            providers: [provider],
            globals: StaticGlobals(["appVersion": .string("4.2.0"), "osVersion": .string("18.1"), "deviceModel": .string("iPhone17,1")]),
            clock: clock, logger: Self.quietLogger)

        let events = (0..<cases.events).map { _ in TestEvent() }
        events.forEach { client.track($0) }
        let start = clock.date
        let first = await client.flush()
        let counts = try await client.storeCounts()
        let expected = protocolCase.afterFirstFlush
        #expect(first.delivered == expected.delivered, "delivered")
        #expect(first.setAside == expected.setAside, "set aside")
        #expect(counts.setAside == expected.setAside, "set aside in the store")
        #expect(counts.pending + counts.inFlight == expected.kept, "kept")
        #expect(first.paused == expected.paused, "paused")
        #expect(try await fake.received().requests.count == protocolCase.requests, "requests the fake collector saw")
        if let atLeast = protocolCase.nextAttemptAtLeast {
            let next = try #require(first.nextAttempt)
            #expect(next.timeIntervalSince(start) >= atLeast)
        }

        // Eventually: resumed if paused, backoff skipped, at most 10 flushes.
        if first.paused { await provider.resumeDelivery() }
        for _ in 0..<10 where try await client.storeCounts().pending + client.storeCounts().inFlight > 0 {
            clock.advance(by: .seconds(3_600))
            _ = await client.flush()
        }
        let setAside = Set(try await client.storedEvents(in: .setAside).map(\.uuid))
        let stored = try await fake.received().stored
        #expect(stored.count == Set(stored).count, "each stored once")
        #expect(Set(stored) == Set(events.map(\.id)).subtracting(setAside), "every event not set aside arrived")
        await client.shutdown()
    }
}

/// Conformance/Delivery/cases.json, as every runtime's runner reads it.
struct DeliveryProtocolCases: Decodable {
    struct Outcome: Decodable, Sendable {
        let delivered: Int
        let setAside: Int
        let kept: Int
        let paused: Bool
    }

    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let afterFirstFlush: Outcome
        let requests: Int
        let requestTimeout: Double?
        let nextAttemptAtLeast: Double?
        var testDescription: String { name }
    }

    let events: Int
    let cases: [Case]

    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/Delivery")

    static func load(_ file: URL) throws -> DeliveryProtocolCases {
        try JSONDecoder().decode(DeliveryProtocolCases.self, from: Data(contentsOf: file))
    }
}

/// `python3 Conformance/Delivery/fake-collector.py` for one case, on a free port.
struct FakeCollectorProcess {
    struct Received: Decodable {
        struct Request: Decodable { let status: Int; let uuids: [String] }
        let requests: [Request]
        let stored: [String]
    }

    let process: Process
    let port: Int

    static func start(cases: URL, case name: String) async throws -> FakeCollectorProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", DeliveryProtocolCases.directory.appendingPathComponent("fake-collector.py").path,
                             "--cases", cases.path, "--case", name]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line is `port N`; read off the cooperative pool (a blocking read).
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            DispatchQueue.global().async {
                var bytes: [UInt8] = []
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    bytes += chunk
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        guard line.hasPrefix("port "), let port = Int(line.dropFirst(5).prefix { $0.isNumber }) else {
            process.terminate()
            throw FakeCollectorError(message: "fake-collector.py did not print its port (python3 missing?): \(line)")
        }
        return FakeCollectorProcess(process: process, port: port)
    }

    func received() async throws -> Received {
        // A session of its own, through a completion handler: FoundationNetworking's
        // async `data(from:)` on the shared session hung here.
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let url = URL(string: "http://127.0.0.1:\(port)/_received")!
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: url) { data, _, error in
                if let data { continuation.resume(returning: data) } else { continuation.resume(throwing: error ?? URLError(.badServerResponse)) }
            }.resume()
        }
        return try JSONDecoder().decode(Received.self, from: data)
    }

    /// SIGKILL: Foundation's `Process` on Linux may start the child with SIGTERM
    /// blocked (the script unblocks it, but a kill needs no cooperation). No
    /// `waitUntilExit()`: it spun in Foundation's run loop here after the child had gone.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
    }
}

struct FakeCollectorError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
