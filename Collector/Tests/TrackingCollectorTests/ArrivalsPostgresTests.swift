// Built with the package trait PostgreSQL only (Collector/Package.swift).
#if PostgreSQL
import ContractGenCore
import Foundation
import Logging
import PostgresNIO
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// Arrivals with PostgreSQL storage (in the PostgresTests suite: CI runs it under
/// `scripts/with-test-postgres.sh`).
extension PostgresTests {
    @Test("Arrivals: counts, versions, violations, unknown and rejected events as with SQLite")
    func arrivalCounts() async throws {
        let url = try await Self.freshDatabase()
        try await ArrivalsTests.checkCounts(try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger)))
    }

    @Test("Arrivals: ?since= keeps the UTC days from the given one on")
    func arrivalWindow() async throws {
        let url = try await Self.freshDatabase()
        try await ArrivalsTests.checkWindow(try await PostgresStorage(url: url, logger: Self.logger))
    }

    @Test("Arrivals: two instances on one database, batches sent to both at once and re-sent to the other, add up exactly")
    func arrivalsOfTwoInstances() async throws {
        let url = try await Self.freshDatabase()
        let a = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        let b = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        let ports = [a.port, b.port]
        // Four senders, 15 batches each of 20 events over the same three names (so both
        // instances add to the same rows at once); every other batch is sent again to the other instance.
        let senders = 4, batches = 15
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for turn in 0..<batches {
                        var events: [String] = []
                        for index in 0..<20 {
                            switch index % 4 {
                            case 0: events.append(ArrivalsTests.unknownEvent())
                            case 1: events.append(exampleEvent(extra: #","appVersion":"5.\#(sender)""#))
                            default: events.append(exampleEvent(extra: #","appVersion":"5.\#(sender)","colour":"red""#))
                            }
                        }
                        let body = Array(batch(events).utf8)
                        let port = ports[(sender + turn) % 2]
                        let accepted = try #require(await Self.post(body, port: port), "a batch was not stored")
                        #expect(accepted.count == 20)
                        if turn % 2 == 0 {
                            let again = try #require(await Self.post(body, port: ports[(sender + turn + 1) % 2]))
                            #expect(again.count == 20)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let perSender = batches * 15
        for collector in [a, b] {
            let report = try #require(try await ArrivalsTests.report(collector).report)
            let wishlist = try #require(ArrivalsTests.entry(report, "wishlistPageView"))
            #expect(wishlist.count == senders * perSender)
            #expect(wishlist.contractVersions == ["1.3.0": senders * perSender])
            #expect(wishlist.appVersions == Dictionary(uniqueKeysWithValues: (0..<senders).map { ("5.\($0)", perSender) }))
            #expect(wishlist.violations["unknownField"] == senders * batches * 10)
            let unknown = try #require(ArrivalsTests.entry(report, "legacyCheckout"))
            #expect(unknown.count == senders * batches * 5)
            #expect(unknown.violations["unknownEvent"] == senders * batches * 5)
            // The stored rows agree.
            #expect(try await collector.service.statistics().events == senders * batches * 20)
        }
        await a.stop()
        await b.stop()
    }

    // MARK: Upgrading a database of version 1 (events stored before arrivals were kept)

    /// Version 1 of the schema, as a collector before the arrival counts left it:
    /// `schema_migrations` at 1, and `count` events stored straight into `events`,
    /// one a minute from 2026-11-20 00:01 UTC on (so over three UTC days).
    /// Each event's name, versions and violations follow from its number
    /// (`V1Event`); number 7's payload is not JSON (it adds no versions).
    static func populatedVersion1(url: String, count: Int) async throws {
        try await Self.withConnection(url) { connection in
            try await connection.query("""
                CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: logger)
            for step in PostgresStorage.migrations[0] { try await connection.query(step, logger: logger) }
            try await connection.query("INSERT INTO schema_migrations (version) VALUES (1)", logger: logger)
            try await connection.query(PostgresQuery(unsafeSQL: """
                INSERT INTO events (uuid, event_name, kind, payload, violations, request_id, received_at)
                SELECT 'v1-' || i,
                       CASE WHEN i % 3 = 0 THEN 'legacyCheckout' ELSE 'wishlistPageView' END,
                       'pageView',
                       CASE WHEN i = 7 THEN 'not json'
                            ELSE '{"event":"x","contractVersion":"1.' || (i % 2) || '.0","uuid":"v1-' || i || '"'
                                 || CASE WHEN i % 5 = 0 THEN '' ELSE ',"appVersion":"4.' || (i % 5) || '"' END || '}' END,
                       (CASE WHEN i % 3 = 0 THEN '[{"path":"","code":"unknownEvent","message":"m"}]'
                             WHEN i % 4 = 0 THEN '[{"path":"colour","code":"unknownField","message":"m"},{"path":"size","code":"unknownField","message":"m"}]'
                             ELSE '[]' END)::json,
                       'request-v1',
                       timestamptz '2026-11-20 00:00:00+00' + i * interval '1 minute'
                FROM generate_series(1, \(count)) AS i
                """), logger: logger)
        }
    }

    /// What the upgrade must count for `populatedVersion1(count:)`, computed here event by event.
    static func expectedVersion1Arrivals(count: Int, sinceDay: Int? = nil) -> [ArrivalSummary] {
        let start = Date(timeIntervalSince1970: 1_795_132_800)   // 2026-11-20T00:00:00Z
        var summaries: [String: ArrivalSummary] = [:]
        for i in 1...count {
            let at = start.addingTimeInterval(Double(i * 60))
            if let sinceDay, ArrivalTally.day(of: at) < sinceDay { continue }
            let name = i % 3 == 0 ? "legacyCheckout" : "wishlistPageView"
            var summary = summaries[name] ?? ArrivalSummary(event: name, arrived: 0, rejected: 0, firstSeen: at, lastSeen: at)
            summary.arrived += 1
            summary.firstSeen = min(summary.firstSeen, at)
            summary.lastSeen = max(summary.lastSeen, at)
            if i != 7 {
                summary.contractVersions["1.\(i % 2).0", default: 0] += 1
                if i % 5 != 0 { summary.appVersions["4.\(i % 5)", default: 0] += 1 }
            }
            if i % 3 == 0 { summary.violations["unknownEvent", default: 0] += 1 }
            else if i % 4 == 0 { summary.violations["unknownField", default: 0] += 1 }   // two of one code: once
            summaries[name] = summary
        }
        return summaries.values.sorted { $0.event < $1.event }
    }

    static func sortedArrivals(_ storage: PostgresStorage, sinceDay: Int? = nil) async throws -> [ArrivalSummary] {
        try await storage.arrivals(sinceDay: sinceDay).sorted { $0.event < $1.event }
    }

    /// One connection of its own to `url`, closed after `body`.
    static func withConnection<T: Sendable>(_ url: String,
                                            _ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connection = try await Self.connect(url)
        do {
            let result = try await body(connection)
            try await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    static func connect(_ url: String) async throws -> PostgresConnection {
        let parts = try #require(URLComponents(string: url))
        let configuration = PostgresConnection.Configuration(
            host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "postgres",
            password: parts.password, database: String(parts.path.dropFirst()), tls: .disable)
        return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
    }

    static func versions(_ url: String) async throws -> [Int] {
        try await Self.withConnection(url) { connection in
            var versions: [Int] = []
            for try await version in try await connection.query("SELECT version FROM schema_migrations ORDER BY version",
                                                                logger: logger).decode(Int.self) {
                versions.append(version)
            }
            return versions
        }
    }

    @Test("Upgrading a populated version-1 database counts its stored events exactly, per UTC day, in pages")
    func upgradeCountsStoredEvents() async throws {
        let url = try await Self.freshDatabase()
        // 2,500 events: more than two of the upgrade's pages of 1,000, over three UTC days.
        let count = 2_500
        try await Self.populatedVersion1(url: url, count: count)
        let storage = try await PostgresStorage(url: url, logger: Self.logger)
        #expect(try await storage.schemaVersion() == PostgresStorage.arrivalsVersion)
        #expect(try await Self.versions(url) == [1, 2])
        let expected = Self.expectedVersion1Arrivals(count: count)
        #expect(expected.map(\.arrived).reduce(0, +) == count)
        #expect(try await Self.sortedArrivals(storage) == expected)
        // Counted under the day each event was received: the window keeps the later days' counts only.
        let secondDay = ArrivalTally.day(of: Date(timeIntervalSince1970: 1_795_132_800 + 86_400))
        let window = try await Self.sortedArrivals(storage, sinceDay: secondDay)
        #expect(window == Self.expectedVersion1Arrivals(count: count, sinceDay: secondDay))
        #expect(window.map(\.arrived).reduce(0, +) == count - 1_439)   // the first day's 1,439 minutes
        await storage.close()

        // Reopening counts nothing again; new events add to the upgraded counts.
        let collector = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        #expect(try await collector.post("/v1/batch", batch([exampleEvent(extra: #","appVersion":"4.1""#)])).0 == 200)
        let report = try #require(try await ArrivalsTests.report(collector).report)
        let wishlist = try #require(ArrivalsTests.entry(report, "wishlistPageView"))
        let before = try #require(expected.first { $0.event == "wishlistPageView" })
        #expect(wishlist.count == before.arrived + 1)
        #expect(wishlist.appVersions["4.1"] == (before.appVersions["4.1"] ?? 0) + 1)
        #expect(ArrivalsTests.entry(report, "legacyCheckout")?.count == expected.first { $0.event == "legacyCheckout" }?.arrived)
        await collector.stop()
    }

    @Test("An upgrade killed before its commit leaves version 1 as it was; two instances then racing the upgrade count once")
    func upgradeKilledThenRaced() async throws {
        let url = try await Self.freshDatabase()
        let count = 1_200
        try await Self.populatedVersion1(url: url, count: count)

        // A collector upgrading, killed half way: it holds the migration lock, has created
        // version 2's tables and added counts, and has not committed.
        let killed = try await Self.connect(url)
        try await killed.query("BEGIN", logger: Self.logger)
        try await killed.query("SELECT pg_advisory_xact_lock(7219431)", logger: Self.logger)
        for step in PostgresStorage.migrations[1] { try await killed.query(step, logger: Self.logger) }
        try await killed.query("INSERT INTO arrivals VALUES (20412, 'wishlistPageView', 999, 0, 0, 0)", logger: Self.logger)
        var killedPID = 0
        for try await pid in try await killed.query("SELECT pg_backend_pid()", logger: Self.logger).decode(Int.self) {
            killedPID = pid
        }

        // Two instances start meanwhile: both wait for the lock.
        async let first = PostgresStorage(url: url, logger: Self.logger)
        async let second = PostgresStorage(url: url, logger: Self.logger)
        let waiting = try await Self.withConnection(url) { observer in
            // Bounded: up to 120 s for both to be seen waiting (a slow machine starts them late).
            for _ in 0..<1_200 {
                var waiters = 0
                for try await value in try await observer.query("""
                    SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
                    """, logger: Self.logger).decode(Int.self) {
                    waiters = value
                }
                if waiters == 2 { return true }
                try await Task.sleep(for: .milliseconds(100))
            }
            return false
        }
        #expect(waiting, "both instances wait for the migration lock")
        // The kill: the server ends the session; its transaction rolls back and the lock is released.
        try await Self.withConnection(url) { observer in
            try await observer.query(PostgresQuery(unsafeSQL: "SELECT pg_terminate_backend(\(killedPID))"), logger: Self.logger)
        }
        try? await killed.close()

        let storages = try await [first, second]
        for storage in storages {
            #expect(try await storage.schemaVersion() == PostgresStorage.arrivalsVersion)
            // Counted once, by whichever instance took the lock first; nothing of the killed attempt.
            #expect(try await Self.sortedArrivals(storage) == Self.expectedVersion1Arrivals(count: count))
        }
        #expect(try await Self.versions(url) == [1, 2])
        for storage in storages { await storage.close() }
    }
}
#endif
