// Built with the package trait PostgreSQL only (Collector/Package.swift).
#if PostgreSQL
import Foundation
import Logging
import PostgresNIO
import TrackingCore

/// PostgreSQL storage (`--postgres URL`), shared by any number of collector
/// instances, which keep no state of their own: every query reads the database.
///
/// - One transaction per batch; the answer is written after it committed.
/// - `events.uuid` is the primary key: a re-sent event adds no row
///   (`ON CONFLICT DO NOTHING`) and is counted as a duplicate.
/// - Rejected events go to `rejected_events`, apart from the good rows.
/// - The schema is versioned in `schema_migrations`; instances starting together
///   migrate under an advisory lock, so each step runs once.
///
/// Postgres `text` cannot hold a NUL character: the payload (JSON, where a NUL is
/// written `\u0000`) is stored exactly; in the event name, kind, uuid and reason
/// columns a NUL becomes U+FFFD.
public final class PostgresStorage: EventStorage {
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let logger: Logger
    public let summary: String

    /// Connects to `url` (`postgres://user[:password]@host[:port]/database`) and migrates the schema.
    public init(url: String, logger: Logger) async throws {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""),
              let host = parts.host, let user = parts.user else {
            throw PostgresURLError(url: url)
        }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        var configuration = PostgresClient.Configuration(host: host, port: parts.port ?? 5432, username: user,
                                                         password: parts.password, database: database.isEmpty ? nil : database,
                                                         tls: .disable)
        configuration.options.maximumConnections = 8
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        summary = "postgres \(user)@\(host):\(parts.port ?? 5432)/\(database)"
        runTask = Task { await client.run() }
        do {
            try await migrate()
        } catch {
            runTask.cancel()
            throw error
        }
    }

    /// Each entry is one schema version, applied in order, once.
    static let migrations: [[PostgresQuery]] = [
        [
            """
            CREATE TABLE events (
                seq BIGSERIAL NOT NULL,
                uuid TEXT PRIMARY KEY,
                event_name TEXT NOT NULL,
                kind TEXT NOT NULL,
                payload TEXT NOT NULL,
                violations JSON NOT NULL,
                request_id TEXT NOT NULL,
                received_at TIMESTAMPTZ NOT NULL
            )
            """,
            "CREATE INDEX events_by_seq ON events (seq)",
            """
            CREATE TABLE rejected_events (
                seq BIGSERIAL PRIMARY KEY,
                uuid TEXT NOT NULL,
                reason TEXT NOT NULL,
                payload TEXT NOT NULL,
                request_id TEXT NOT NULL,
                received_at TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE requests (
                seq BIGSERIAL PRIMARY KEY,
                request_id TEXT NOT NULL,
                status INTEGER NOT NULL,
                events INTEGER NOT NULL,
                accepted INTEGER NOT NULL,
                duplicates INTEGER NOT NULL,
                rejected INTEGER NOT NULL,
                bytes INTEGER NOT NULL,
                outcome TEXT NOT NULL,
                received_at TIMESTAMPTZ NOT NULL
            )
            """,
        ],
        // The arrival counts (`GET /arrivals`), per UTC day (days since 1970) and event name;
        // times in seconds since 1970. The events stored before are counted by `countStoredArrivals`.
        [
            """
            CREATE TABLE arrivals (
                day BIGINT NOT NULL,
                event_name TEXT NOT NULL,
                arrived BIGINT NOT NULL,
                rejected BIGINT NOT NULL,
                first_seen DOUBLE PRECISION NOT NULL,
                last_seen DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (day, event_name)
            )
            """,
            """
            CREATE TABLE arrival_values (
                day BIGINT NOT NULL,
                event_name TEXT NOT NULL,
                dimension TEXT NOT NULL,
                value TEXT NOT NULL,
                count BIGINT NOT NULL,
                PRIMARY KEY (day, event_name, dimension, value)
            )
            """,
        ],
    ]

    /// The schema version that added the arrival counts.
    static let arrivalsVersion = 2

    private func migrate() async throws {
        try await client.withTransaction(logger: logger) { connection in
            // One migrating instance at a time; the others wait, then find nothing to do.
            try await connection.query("SELECT pg_advisory_xact_lock(7219431)", logger: logger)
            try await connection.query("""
                CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: logger)
            var current = 0
            for try await version in try await connection.query("SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
                                                                logger: logger).decode(Int.self) {
                current = version
            }
            for (index, steps) in Self.migrations.enumerated() where index + 1 > current {
                for step in steps { try await connection.query(step, logger: logger) }
                if index + 1 == Self.arrivalsVersion { try await Self.countStoredArrivals(on: connection, logger: logger) }
                try await connection.query("INSERT INTO schema_migrations (version) VALUES (\(index + 1))", logger: logger)
            }
        }
    }

    /// Counts the events stored before the arrival counts existed, a page at a time,
    /// reading their payloads as `GET /arrivals` counts new ones (a payload that is not
    /// JSON adds no versions).
    private static func countStoredArrivals(on connection: PostgresConnection, logger: Logger) async throws {
        var tally = ArrivalTally()
        var after = 0
        while true {
            var last: Int?
            let rows = try await connection.query("""
                SELECT seq, event_name, payload, violations::text, received_at FROM events
                WHERE seq > \(after) ORDER BY seq LIMIT 1000
                """, logger: logger)
            for try await (seq, name, payload, violations, receivedAt) in rows.decode((Int, String, String, String, Date).self) {
                tally.add(event: name, at: receivedAt, rejected: false, facts: ArrivalFacts(payload: payload),
                          violationCodes: ViolationJSON.decode(violations).map(\.code.rawValue))
                last = seq
            }
            guard let last else { break }
            after = last
        }
        try await addArrivals(tally, on: connection, logger: logger)
    }

    /// Adds arrival counts to the stored ones, each table in one statement. Rows are
    /// written in key order, so two instances adding to the same rows take their locks
    /// in the same order (no deadlock); `ON CONFLICT DO UPDATE` adds to what the other
    /// committed, so the sums are exact.
    private static func addArrivals(_ tally: ArrivalTally, on connection: PostgresConnection, logger: Logger) async throws {
        guard !tally.isEmpty else { return }
        let tally = tally.mapStrings(text)
        let rows = tally.sortedRows
        try await connection.query("""
            INSERT INTO arrivals (day, event_name, arrived, rejected, first_seen, last_seen)
            SELECT d, n, a, r, f, l
            FROM UNNEST(\(rows.map { $0.key.day })::bigint[], \(rows.map { $0.key.event })::text[], \(rows.map { $0.counts.arrived })::bigint[],
                        \(rows.map { $0.counts.rejected })::bigint[], \(rows.map { $0.counts.firstSeen })::float8[],
                        \(rows.map { $0.counts.lastSeen })::float8[]) WITH ORDINALITY AS t(d, n, a, r, f, l, o)
            ORDER BY o
            ON CONFLICT (day, event_name) DO UPDATE SET arrived = arrivals.arrived + excluded.arrived,
                rejected = arrivals.rejected + excluded.rejected,
                first_seen = LEAST(arrivals.first_seen, excluded.first_seen),
                last_seen = GREATEST(arrivals.last_seen, excluded.last_seen)
            """, logger: logger)
        let values = tally.sortedValueRows
        guard !values.isEmpty else { return }
        try await connection.query("""
            INSERT INTO arrival_values (day, event_name, dimension, value, count)
            SELECT d, n, k, v, c
            FROM UNNEST(\(values.map(\.key.day))::bigint[], \(values.map(\.key.event))::text[],
                        \(values.map(\.dimension.rawValue))::text[], \(values.map(\.value))::text[],
                        \(values.map(\.count))::bigint[]) WITH ORDINALITY AS t(d, n, k, v, c, o)
            ORDER BY o
            ON CONFLICT (day, event_name, dimension, value) DO UPDATE SET count = arrival_values.count + excluded.count
            """, logger: logger)
    }

    /// The schema version the database is at.
    public func schemaVersion() async throws -> Int {
        var version = 0
        for try await value in try await client.query("SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
                                                      logger: logger).decode(Int.self) {
            version = value
        }
        return version
    }

    static func text(_ value: String) -> String {
        value.contains("\u{0}") ? value.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : value
    }

    public func ingest(_ batch: IngestBatch) async throws -> Set<String> {
        let accepted = batch.accepted
        let uuids = accepted.map { Self.text($0.uuid) }
        let names = accepted.map { Self.text($0.eventName) }
        let kinds = accepted.map { Self.text($0.kind) }
        let payloads = accepted.map(\.payload)
        let violations = accepted.map { ViolationJSON.encode($0.violations) }
        let requestID = Self.text(batch.request.requestID)
        let now = batch.request.receivedAt
        let logger = self.logger
        let request = batch.request
        let rejected = batch.rejected
        return try await client.withTransaction(logger: logger) { connection -> Set<String> in
            var inserted = Set<String>()
            if !accepted.isEmpty {
                // One statement for the whole batch; RETURNING names the rows that were new.
                let rows = try await connection.query("""
                    INSERT INTO events (uuid, event_name, kind, payload, violations, request_id, received_at)
                    SELECT u, n, k, p, v::json, \(requestID), \(now)
                    FROM UNNEST(\(uuids)::text[], \(names)::text[], \(kinds)::text[], \(payloads)::text[], \(violations)::text[])
                        AS t(u, n, k, p, v)
                    ON CONFLICT (uuid) DO NOTHING
                    RETURNING uuid
                    """, logger: logger)
                for try await uuid in rows.decode(String.self) { inserted.insert(uuid) }
            }
            if !rejected.isEmpty {
                try await connection.query("""
                    INSERT INTO rejected_events (uuid, reason, payload, request_id, received_at)
                    SELECT u, r, p, \(requestID), \(now)
                    FROM UNNEST(\(rejected.map { Self.text($0.uuid) })::text[], \(rejected.map { Self.text($0.reason) })::text[],
                                \(rejected.map(\.payload))::text[]) AS t(u, r, p)
                    """, logger: logger)
            }
            // Duplicates: uuids of this batch that were stored before (or twice in it).
            var duplicates = Set<String>()
            var seen = Set<String>()
            for uuid in uuids where !inserted.contains(uuid) || !seen.insert(uuid).inserted { duplicates.insert(uuid) }
            var record = request
            record.duplicates = accepted.count - inserted.count
            try await Self.insert(record, on: connection, logger: logger)
            // Only the events stored now: a re-sent batch (its uuids already stored) adds nothing.
            var counted = Set<String>()
            let fresh = uuids.indices.filter { inserted.contains(uuids[$0]) && counted.insert(uuids[$0]).inserted }
            try await Self.addArrivals(ArrivalTally.of(batch, stored: fresh), on: connection, logger: logger)
            return duplicates
        }
    }

    private static func insert(_ record: RequestRecord, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("""
            INSERT INTO requests (request_id, status, events, accepted, duplicates, rejected, bytes, outcome, received_at)
            VALUES (\(text(record.requestID)), \(record.status), \(record.events), \(record.accepted), \(record.duplicates),
                    \(record.rejected), \(record.bytes), \(text(record.outcome)), \(record.receivedAt))
            """, logger: logger)
    }

    public func logRequest(_ record: RequestRecord) async throws {
        let logger = self.logger
        try await client.withConnection { connection in try await Self.insert(record, on: connection, logger: logger) }
    }

    // Each page: rows after `after`, among the `newest` (the subquery: the first of
    // them; past the end without `newest`), skipping `offset`, at most `limit`.

    public func eventPage(_ query: EventQuery) async throws -> Page<CollectedEvent> {
        let page = query.page
        let rows: PostgresRowSequence
        if let uuid = query.uuid {
            rows = try await client.query("""
                SELECT seq, uuid, event_name, kind, payload, violations::text, request_id, received_at FROM events
                WHERE uuid = \(uuid.lowercased()) AND seq > \(page.after ?? 0)
                AND seq >= COALESCE((SELECT seq FROM events ORDER BY seq DESC LIMIT 1 OFFSET \(page.newestOffset)), 0)
                ORDER BY seq LIMIT \(page.limit) OFFSET \(page.offset)
                """, logger: logger)
        } else {
            rows = try await client.query("""
                SELECT seq, uuid, event_name, kind, payload, violations::text, request_id, received_at FROM events
                WHERE seq > \(page.after ?? 0)
                AND seq >= COALESCE((SELECT seq FROM events ORDER BY seq DESC LIMIT 1 OFFSET \(page.newestOffset)), 0)
                ORDER BY seq LIMIT \(page.limit) OFFSET \(page.offset)
                """, logger: logger)
        }
        var result = Page<CollectedEvent>(rows: [], last: nil)
        for try await (seq, uuid, name, kind, payload, violations, requestID, receivedAt)
            in rows.decode((Int, String, String, String, String, String, String, Date).self) {
            result.rows.append(CollectedEvent(uuid: uuid, eventName: name, kind: kind, payload: payload,
                                              violations: ViolationJSON.decode(violations), requestID: requestID,
                                              receivedAt: receivedAt))
            result.last = seq
        }
        return result
    }

    public func rejectedPage(_ query: PageQuery) async throws -> Page<RejectedEvent> {
        let rows = try await client.query("""
            SELECT seq, uuid, reason, payload, request_id, received_at FROM rejected_events
            WHERE seq > \(query.after ?? 0)
            AND seq >= COALESCE((SELECT seq FROM rejected_events ORDER BY seq DESC LIMIT 1 OFFSET \(query.newestOffset)), 0)
            ORDER BY seq LIMIT \(query.limit) OFFSET \(query.offset)
            """, logger: logger)
        var result = Page<RejectedEvent>(rows: [], last: nil)
        for try await (seq, uuid, reason, payload, requestID, receivedAt) in rows.decode((Int, String, String, String, String, Date).self) {
            result.rows.append(RejectedEvent(uuid: uuid, reason: reason, payload: payload, requestID: requestID,
                                             receivedAt: receivedAt))
            result.last = seq
        }
        return result
    }

    public func requestPage(_ query: PageQuery) async throws -> Page<RequestRecord> {
        let rows = try await client.query("""
            SELECT seq, request_id, status, events, accepted, duplicates, rejected, bytes, outcome, received_at
            FROM requests WHERE seq > \(query.after ?? 0)
            AND seq >= COALESCE((SELECT seq FROM requests ORDER BY seq DESC LIMIT 1 OFFSET \(query.newestOffset)), 0)
            ORDER BY seq LIMIT \(query.limit) OFFSET \(query.offset)
            """, logger: logger)
        var result = Page<RequestRecord>(rows: [], last: nil)
        for try await (seq, requestID, status, events, accepted, duplicates, rejected, bytes, outcome, receivedAt)
            in rows.decode((Int, String, Int, Int, Int, Int, Int, Int, String, Date).self) {
            result.rows.append(RequestRecord(requestID: requestID, status: status, events: events, accepted: accepted,
                                             duplicates: duplicates, rejected: rejected, bytes: bytes, outcome: outcome,
                                             receivedAt: receivedAt))
            result.last = seq
        }
        return result
    }

    public func totals() async throws -> StorageTotals {
        let rows = try await client.query("""
            SELECT (SELECT COUNT(*) FROM events), (SELECT COUNT(*) FROM rejected_events),
                   COUNT(*), COUNT(*) FILTER (WHERE status BETWEEN 200 AND 299),
                   COALESCE(SUM(duplicates), 0), COALESCE(MAX(events), 0)
            FROM requests
            """, logger: logger)
        var totals = StorageTotals()
        for try await (events, rejected, requests, acceptedRequests, duplicates, largest)
            in rows.decode((Int, Int, Int, Int, Int, Int).self) {
            totals = StorageTotals(events: events, rejected: rejected, requests: requests, acceptedRequests: acceptedRequests,
                                   duplicates: duplicates, largestBatch: largest)
        }
        return totals
    }

    public func arrivals(sinceDay: Int?) async throws -> [ArrivalSummary] {
        let since = sinceDay ?? Int(Int32.min)
        var summaries: [String: ArrivalSummary] = [:]
        let rows = try await client.query("""
            SELECT event_name, SUM(arrived)::bigint, SUM(rejected)::bigint, MIN(first_seen), MAX(last_seen) FROM arrivals
            WHERE day >= \(since) GROUP BY event_name
            """, logger: logger)
        for try await (name, arrived, rejected, first, last) in rows.decode((String, Int, Int, Double, Double).self) {
            summaries[name] = ArrivalSummary(event: name, arrived: arrived, rejected: rejected,
                                             firstSeen: Date(timeIntervalSince1970: first),
                                             lastSeen: Date(timeIntervalSince1970: last))
        }
        let values = try await client.query("""
            SELECT event_name, dimension, value, SUM(count)::bigint FROM arrival_values
            WHERE day >= \(since) GROUP BY event_name, dimension, value
            """, logger: logger)
        for try await (name, dimension, value, count) in values.decode((String, String, String, Int).self) {
            summaries[name]?.add(dimension: dimension, value: value, count: count)
        }
        return Array(summaries.values)
    }

    public func reset() async throws {
        try await client.query("TRUNCATE events, rejected_events, requests, arrivals, arrival_values", logger: logger)
    }

    public func close() async {
        runTask.cancel()
        await runTask.value
    }
}

/// A `--postgres` value that is not `postgres://user[:password]@host[:port]/database`.
public struct PostgresURLError: Error, CustomStringConvertible {
    public var url: String
    public var description: String { "not a postgres://user@host:port/database URL: \(url)" }
}
#endif
