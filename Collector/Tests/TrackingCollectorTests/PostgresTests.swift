// Built with the package trait PostgreSQL only (Collector/Package.swift).
#if PostgreSQL
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import PostgresNIO
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// The shared storage against a real PostgreSQL: run under
/// `scripts/with-test-postgres.sh`, which starts a throwaway cluster and sets
/// COLLECTOR_TEST_POSTGRES_URL. Without it these tests fail (never skip).
@Suite("PostgreSQL storage", .timeLimit(.minutes(10)), .serialized)
struct PostgresTests {
    static let logger = Logger(label: "postgres-tests")

    /// A fresh database on the test cluster; its URL.
    static func freshDatabase() async throws -> String {
        let base = try #require(ProcessInfo.processInfo.environment["COLLECTOR_TEST_POSTGRES_URL"],
                                "run these tests under scripts/with-test-postgres.sh (a throwaway PostgreSQL cluster)")
        let parts = try #require(URLComponents(string: base))
        let name = "collector_test_\(UUID().uuidString.prefix(8).lowercased())"
        let configuration = PostgresClient.Configuration(host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432,
                                                         username: parts.user ?? "postgres", password: nil,
                                                         database: "postgres", tls: .disable)
        let client = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
            group.cancelAll()
        }
        var url = parts
        url.path = "/\(name)"
        return url.string!
    }

    @Test("Instances starting together migrate once; the schema version is recorded")
    func migrations() async throws {
        let url = try await Self.freshDatabase()
        async let first = PostgresStorage(url: url, logger: Self.logger)
        async let second = PostgresStorage(url: url, logger: Self.logger)
        let storages = try await [first, second]
        #expect(try await storages[0].schemaVersion() == PostgresStorage.migrations.count)
        #expect(try await storages[1].schemaVersion() == PostgresStorage.migrations.count)
        // Reopening finds nothing to do.
        let third = try await PostgresStorage(url: url, logger: Self.logger)
        #expect(try await third.schemaVersion() == PostgresStorage.migrations.count)
        for storage in storages + [third] { await storage.close() }
    }

    @Test("Two instances share one database: a re-sent batch adds no rows, counts duplicates, and either shows everything")
    func sharedAndDeduplicated() async throws {
        let url = try await Self.freshDatabase()
        let a = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        let b = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        let uuids = (0..<20).map { _ in UUID().uuidString.lowercased() }
        let events = uuids.map { exampleEvent(uuid: $0) } + [exampleEvent(timestamp: "noon")]
        let (first, _, answer) = try await a.post("/v1/batch", batch(events))
        #expect(first == 200)
        #expect(answer?["duplicates"] == .array([]))
        let (again, _, resent) = try await b.post("/v1/batch", batch(events))
        #expect(again == 200)
        #expect(resent?["accepted"] == .array(uuids.map { .string($0) }))
        #expect(resent?["duplicates"] == .array(uuids.map { .string($0) }))
        for collector in [a, b] {
            let stats = try await collector.service.statistics()
            #expect(stats.events == 20)
            #expect(stats.duplicates == 20)
            #expect(stats.rejected == 2)
            #expect(stats.requests == 2)
            #expect(Set(try await collector.service.events().map(\.uuid)) == Set(uuids))
        }
        await a.stop()
        await b.stop()
    }

    @Test("Payloads are stored exactly (an escaped NUL included); violations come back structured")
    func exactPayloads() async throws {
        let url = try await Self.freshDatabase()
        let collector = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        let uuid = UUID().uuidString.lowercased()
        let event = exampleEvent(uuid: uuid, viewType: "Wish\\u0000list\\nline", extra: #","colour":"red""#)
        #expect(try await collector.post("/v1/batch", batch([event])).0 == 200)
        let stored = try #require(try await collector.service.events().first)
        #expect(stored.payload == event)
        #expect(stored.violations.contains { $0.code == .unknownField && $0.path == "colour" })
        await collector.stop()
    }

    @Test("Three collector processes under load, one killed with SIGKILL: every acknowledged event stored exactly once")
    func killedInstanceUnderLoad() async throws {
        let url = try await Self.freshDatabase()
        var started: [CollectorProcess] = []
        defer { started.forEach { $0.stop() } }
        for _ in 0..<3 { started.append(try await CollectorProcess(["--postgres", url, "--envelope-only"])) }
        let processes = started
        let ports = processes.map(\.port)
        let acknowledged = Locked<Set<String>>([])
        let sent = Locked(0)
        // Four senders, each posting batches of 50 round-robin; a failed request is re-sent to the next instance.
        // The kill comes once 300 events were acknowledged, and sending goes on until 1,000 more were,
        // however slow the machine: counts, not durations (the deadline only ends a hang).
        let deadline = Date().addingTimeInterval(300)
        let acknowledgedAtKill = Locked<Int?>(nil)
        let killer = Task.detached {
            while acknowledged.get().count < 300, Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
            processes[0].signal(SIGKILL)
            acknowledgedAtKill.set(acknowledged.get().count)
        }
        @Sendable func enough() -> Bool {
            guard let atKill = acknowledgedAtKill.get() else { return false }
            return acknowledged.get().count >= atKill + 1_000
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    var turn = sender
                    while Date() < deadline, !enough() {
                        let uuids = (0..<50).map { _ in UUID().uuidString.lowercased() }
                        let body = Array(batch(uuids.map { exampleEvent(uuid: $0) }).utf8)
                        var attempts = 0
                        while attempts < 10 {
                            attempts += 1
                            turn += 1
                            let port = ports[turn % ports.count]
                            guard let accepted = await Self.post(body, port: port) else { continue }
                            acknowledged.update { $0.formUnion(accepted) }
                            // Resend half the batches once more: duplicates, never new rows.
                            if turn % 2 == 0 { _ = await Self.post(body, port: ports[(turn + 1) % ports.count]) }
                            break
                        }
                        sent.update { $0 += 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        await killer.value
        let storage = try await PostgresStorage(url: url, logger: Self.logger)
        let stored = try await storage.events(EventQuery(limit: 1_000_000))
        let counts = Dictionary(grouping: stored, by: \.uuid).mapValues(\.count)
        let acked = acknowledged.get()
        print("postgres under load: \(sent.get()) batches, \(acked.count) events acknowledged, \(stored.count) rows")
        #expect(acked.count > 1_000)
        #expect(acked.subtracting(counts.keys).isEmpty, "acknowledged but not stored")
        #expect(counts.values.allSatisfy { $0 == 1 }, "a uuid stored twice")
        #expect(try await storage.totals().duplicates > 0)
        #expect(!processes[0].process.isRunning)
        await storage.close()
    }

    /// POSTs a batch; the accepted uuids of a 200 answer, `nil` for anything else.
    static func post(_ body: [UInt8], port: Int) async -> Set<String>? {
        var request = URLRequest(url: CollectorService.batchURL(port: port))
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.timeoutInterval = 10
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        guard let (data, response) = try? await URLSession.shared.data(for: request),
              (response as? HTTPURLResponse)?.statusCode == 200,
              case .array(let accepted)? = (try? JSONValue.parse(Array(data)))?["accepted"] else { return nil }
        return Set(accepted.compactMap(\.stringValue))
    }
}
#endif
