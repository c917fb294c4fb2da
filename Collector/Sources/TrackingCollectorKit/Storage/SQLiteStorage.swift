import Foundation
import TrackingCore
import TrackingSQLite

/// The default storage: one SQLite file (or memory) in one process, through the
/// root package's SQLite wrapper. Text is bound and read by byte count, so a NUL
/// inside a payload is stored and read back.
///
/// Batches are written by group commit (`GroupCommitWriter`): the batches that
/// arrive while a transaction commits are stored together in the next one, each in
/// a savepoint of its own, and every request is answered after that transaction
/// committed. The file is in WAL mode with `synchronous=FULL`: a commit is synced
/// before it returns, so an acknowledged event survives a crash of the process or
/// of the machine.
///
/// Duplicates are found in memory (`StoredUUIDs`, every stored uuid and its row),
/// not through a unique index: uuids are random, so an index on them is written at
/// random pages, and in WAL mode every page a commit touches is written whole (that
/// index was most of what each commit wrote). Without it every table only grows at
/// its end. The file is opened in exclusive locking mode, so no other process
/// writes rows the memory does not know.
public final class SQLiteStorage: EventStorage, @unchecked Sendable {
    // @unchecked: the connection and `stored` are used only under `lock`.
    private let lock: NSLock
    private let database: SQLiteDatabase
    private let stored: StoredUUIDs
    private let writer: GroupCommitWriter
    public let summary: String

    /// Opens (creating and migrating) the database at `path`; `nil` keeps it in memory.
    public init(path: String?) throws {
        let database = try SQLiteDatabase(path: path ?? ":memory:")
        let lock = NSLock()
        let stored = StoredUUIDs()
        self.database = database
        self.lock = lock
        self.stored = stored
        summary = path.map { "sqlite \($0)" } ?? "sqlite (in memory)"
        if path != nil {
            // Before WAL: with an exclusive lock SQLite keeps the WAL index in process memory.
            try database.execute("PRAGMA locking_mode=EXCLUSIVE")
            try database.execute("PRAGMA journal_mode=WAL")
            try database.execute("PRAGMA synchronous=FULL")
            // A checkpoint (copying the WAL into the file, and a sync) every 16 MB of WAL
            // rather than every 4 MB: it runs in the commit that crosses the mark, which
            // its group waits for (64 MB measured worse: p99 answers up to 0.5 s).
            try database.execute("PRAGMA wal_autocheckpoint=4096")
        }
        try database.execute("PRAGMA cache_size=-16384")
        // Used only under `lock`, as everywhere in this type.
        nonisolated(unsafe) let connection = database
        nonisolated(unsafe) let storedUUIDs = stored
        writer = GroupCommitWriter { batches in
            lock.withLock { Self.write(batches, to: connection, stored: storedUUIDs) }
        }
        try migrate()
        try lock.withLock { try stored.load(from: database) }
    }

    deinit { writer.stop() }

    /// The `events` table; `uuid` is the uuid column's declaration (unique in version 1).
    private static func eventsTable(uuid: String) -> String {
        """
        CREATE TABLE IF NOT EXISTS events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid \(uuid),
            event_name TEXT NOT NULL,
            kind TEXT NOT NULL,
            payload TEXT NOT NULL,
            violations TEXT NOT NULL,
            request_id TEXT NOT NULL,
            received_at REAL NOT NULL
        );
        """
    }

    /// Schema versions in `PRAGMA user_version`; each step runs once, in order.
    private func migrate() throws {
        let steps = [
            Self.eventsTable(uuid: "TEXT NOT NULL UNIQUE") + """
            CREATE TABLE IF NOT EXISTS rejected_events (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                uuid TEXT NOT NULL,
                reason TEXT NOT NULL,
                payload TEXT NOT NULL,
                request_id TEXT NOT NULL,
                received_at REAL NOT NULL
            );
            CREATE TABLE IF NOT EXISTS requests (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                request_id TEXT NOT NULL,
                status INTEGER NOT NULL,
                events INTEGER NOT NULL,
                accepted INTEGER NOT NULL,
                duplicates INTEGER NOT NULL,
                rejected INTEGER NOT NULL,
                bytes INTEGER NOT NULL,
                outcome TEXT NOT NULL,
                received_at REAL NOT NULL
            );
            """,
            // Without the unique index on uuid (duplicates are found in memory, see the type's comment).
            // The table keeps its AUTOINCREMENT counter, so `seq` never goes back after a reset.
            "ALTER TABLE events RENAME TO events_unique_uuid;" + Self.eventsTable(uuid: "TEXT NOT NULL") + """
            INSERT INTO events SELECT * FROM events_unique_uuid;
            DELETE FROM sqlite_sequence WHERE name = 'events';
            UPDATE sqlite_sequence SET name = 'events' WHERE name = 'events_unique_uuid';
            DROP TABLE events_unique_uuid;
            """,
            // The arrival counts (`GET /arrivals`), per UTC day and event name; empty for the events
            // stored before this version (they are counted by `Self.countStoredArrivals`, below).
            """
            CREATE TABLE IF NOT EXISTS arrivals (
                day INTEGER NOT NULL,
                event_name TEXT NOT NULL,
                arrived INTEGER NOT NULL,
                rejected INTEGER NOT NULL,
                first_seen REAL NOT NULL,
                last_seen REAL NOT NULL,
                PRIMARY KEY (day, event_name)
            ) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS arrival_values (
                day INTEGER NOT NULL,
                event_name TEXT NOT NULL,
                dimension TEXT NOT NULL,
                value TEXT NOT NULL,
                count INTEGER NOT NULL,
                PRIMARY KEY (day, event_name, dimension, value)
            ) WITHOUT ROWID;
            """ + Self.countStoredArrivals,
        ]
        try lock.withLock {
            let version = Int(try database.scalarInt("PRAGMA user_version"))
            for (index, sql) in steps.enumerated() where index >= version {
                try database.transaction {
                    try database.execute(sql)
                    try database.execute("PRAGMA user_version = \(index + 1)")
                }
            }
        }
    }

    /// The migration to arrival counts counts the events already stored, with SQLite's JSON
    /// functions (a payload that is not JSON is left out of the versions, never fails the step).
    private static let countStoredArrivals = """
        INSERT INTO arrivals (day, event_name, arrived, rejected, first_seen, last_seen)
        SELECT CAST(received_at / 86400 AS INTEGER), event_name, COUNT(*), 0, MIN(received_at), MAX(received_at)
        FROM events GROUP BY 1, 2;
        INSERT INTO arrival_values (day, event_name, dimension, value, count)
        SELECT CAST(received_at / 86400 AS INTEGER), event_name, 'contractVersion', json_extract(payload, '$.contractVersion'), COUNT(*)
        FROM events WHERE json_valid(payload) AND json_type(payload, '$.contractVersion') = 'text' GROUP BY 1, 2, 4;
        INSERT INTO arrival_values (day, event_name, dimension, value, count)
        SELECT CAST(received_at / 86400 AS INTEGER), event_name, 'appVersion', json_extract(payload, '$.appVersion'), COUNT(*)
        FROM events WHERE json_valid(payload) AND json_type(payload, '$.appVersion') = 'text' GROUP BY 1, 2, 4;
        INSERT INTO arrival_values (day, event_name, dimension, value, count)
        SELECT day, event_name, 'violation', code, COUNT(*) FROM (
            SELECT DISTINCT events.seq, CAST(received_at / 86400 AS INTEGER) AS day, event_name,
                   json_extract(item.value, '$.code') AS code
            FROM events, json_each(events.violations) AS item
            WHERE json_valid(events.violations) AND json_extract(item.value, '$.code') IS NOT NULL
        ) GROUP BY 1, 2, 4;
        """

    public func ingest(_ batch: IngestBatch) async throws -> Set<String> {
        var batch = batch
        // Here, on the caller's thread, unless the check kept them: the writer thread has the rest of the work.
        if batch.acceptedKeys.count != batch.accepted.count { batch.acceptedKeys = batch.accepted.map { ParsedUUID($0.uuid) } }
        return try await writer.submit(batch)
    }

    /// The group commit's writer, for tests that form a group of known members.
    var groupCommit: GroupCommitWriter { writer }

    /// Runs `sql` on the connection (tests: triggers that make a statement or a commit fail).
    func executeForTesting(_ sql: String) throws {
        try lock.withLock { try database.execute(sql) }
    }

    /// One group's transaction: each batch in a savepoint of its own, so a batch whose
    /// rows fail is answered with its error while the others are stored; when the
    /// commit fails, every batch of the group fails, and nothing of it is stored.
    /// `stored` learns each uuid as its row is written, and forgets the rows rolled back.
    private static func write(_ batches: [IngestBatch], to database: SQLiteDatabase,
                              stored: StoredUUIDs) -> [Result<Set<String>, any Error>] {
        do {
            try database.statement("BEGIN IMMEDIATE").run()
        } catch {
            return batches.map { _ in .failure(error) }
        }
        var results: [Result<Set<String>, any Error>] = []
        results.reserveCapacity(batches.count)
        // The group's new uuids (each batch's from `start`): taken out of `stored` again
        // when their batch or the whole group is rolled back.
        var added: [ParsedUUID] = []
        // The arrival counts of the batches stored, added to the stored counts before the commit.
        var arrivals = ArrivalTally()
        for batch in batches {
            let start = added.count
            do {
                try database.statement("SAVEPOINT batch").run()
                let (duplicates, fresh) = try insert(batch, into: database, stored: stored, added: &added)
                try database.statement("RELEASE batch").run()
                arrivals.merge(ArrivalTally.of(batch, stored: fresh))
                results.append(.success(duplicates))
            } catch {
                stored.remove(added[start...])
                added.removeSubrange(start...)
                do {
                    try database.statement("ROLLBACK TO batch").run()
                    try database.statement("RELEASE batch").run()
                } catch {
                    // SQLite ended the transaction itself (a full disk, I/O): none of the group is stored.
                    try? database.execute("ROLLBACK")
                    stored.remove(added)
                    return batches.map { _ in .failure(error) }
                }
                results.append(.failure(error))
            }
        }
        do {
            try addArrivals(arrivals, to: database)
            try database.statement("COMMIT").run()
        } catch {
            try? database.execute("ROLLBACK")
            stored.remove(added)
            return batches.map { _ in .failure(error) }
        }
        return results
    }

    /// Events one `INSERT` writes at most: a statement of many rows runs SQLite's
    /// per-statement work (the `AUTOINCREMENT` counter's update among it) once for
    /// all of them. A batch is written in runs of 64, 32, ..., 1 rows, so at most
    /// seven such statements are compiled (and cached by the connection).
    static let rowsPerInsert = 64

    /// `INSERT INTO events ... VALUES (…), (…)` for `rows` rows, indexed by `rows`.
    private static let eventInserts: [String] = (0...rowsPerInsert).map { rows in
        "INSERT INTO events (uuid, event_name, kind, payload, violations, request_id, received_at) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    /// Adds a group's arrival counts to the stored ones: one upsert per day and name, and
    /// one per counted value.
    private static func addArrivals(_ tally: ArrivalTally, to database: SQLiteDatabase) throws {
        guard !tally.isEmpty else { return }
        let row = try database.statement("""
            INSERT INTO arrivals (day, event_name, arrived, rejected, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (day, event_name) DO UPDATE SET arrived = arrived + excluded.arrived,
                rejected = rejected + excluded.rejected, first_seen = MIN(first_seen, excluded.first_seen),
                last_seen = MAX(last_seen, excluded.last_seen)
            """)
        for (key, counts) in tally.sortedRows {
            row.reset()
            try row.bind(key.day, at: 1)
            try row.bind(key.event, at: 2)
            try row.bind(counts.arrived, at: 3)
            try row.bind(counts.rejected, at: 4)
            try row.bind(counts.firstSeen, at: 5)
            try row.bind(counts.lastSeen, at: 6)
            try row.run()
        }
        let value = try database.statement("""
            INSERT INTO arrival_values (day, event_name, dimension, value, count) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (day, event_name, dimension, value) DO UPDATE SET count = count + excluded.count
            """)
        for item in tally.sortedValueRows {
            value.reset()
            try value.bind(item.key.day, at: 1)
            try value.bind(item.key.event, at: 2)
            try value.bind(item.dimension.rawValue, at: 3)
            try value.bind(item.value, at: 4)
            try value.bind(item.count, at: 5)
            try value.run()
        }
    }

    /// One batch's rows; the uuids that were stored already (duplicates), and the
    /// indices into `batch.accepted` of the events stored now. Every new
    /// uuid is claimed in `stored` and appended to `added` before its row is written,
    /// and given its row (`seq`) once written: a multi-row insert's rows are numbered
    /// one after the other, ending at the last inserted row.
    private static func insert(_ batch: IngestBatch, into database: SQLiteDatabase, stored: StoredUUIDs,
                               added: inout [ParsedUUID]) throws -> (duplicates: Set<String>, fresh: [Int]) {
        var duplicates = Set<String>()
        // Indices into `batch.accepted` of the events to write; their keys are `added[first...]`.
        let first = added.count
        var fresh: [Int] = []
        fresh.reserveCapacity(batch.accepted.count)
        for index in batch.accepted.indices {
            let key = index < batch.acceptedKeys.count ? batch.acceptedKeys[index] : ParsedUUID(batch.accepted[index].uuid)
            guard let key else { throw NotAUUIDError(text: batch.accepted[index].uuid) }
            if stored.claim(key) {
                fresh.append(index)
                added.append(key)
            } else {
                duplicates.insert(batch.accepted[index].uuid)
            }
        }
        var written = 0
        while written < fresh.count {
            var rows = rowsPerInsert
            while rows > fresh.count - written { rows /= 2 }
            let insert = try database.statement(eventInserts[rows])
            // Through the buffer: an array's element passed on is copied (a retain and release per field).
            try batch.accepted.withUnsafeBufferPointer { events in
                for row in 0..<rows {
                    try bind(events[fresh[written + row]], to: insert, at: Int32(row * 7))
                }
            }
            try insert.run()
            let last = database.lastInsertRowID
            for row in 0..<rows {
                stored.record(added[first + written + row], row: last - Int64(rows - 1 - row))
            }
            written += rows
        }
        let reject = try database.statement("""
            INSERT INTO rejected_events (uuid, reason, payload, request_id, received_at) VALUES (?, ?, ?, ?, ?)
            """)
        for event in batch.rejected {
            reject.reset()
            try reject.bind(event.uuid, at: 1)
            try reject.bind(event.reason, at: 2)
            try reject.bind(event.payload, at: 3)
            try reject.bind(event.requestID, at: 4)
            try reject.bind(event.receivedAt.timeIntervalSince1970, at: 5)
            try reject.run()
        }
        var record = batch.request
        record.duplicates = duplicates.count
        try insertRequest(record, into: database)
        return (duplicates, fresh)
    }

    /// One event's seven columns, at `base + 1` to `base + 7`.
    private static func bind(_ event: borrowing CollectedEvent, to insert: SQLiteStatement, at base: Int32) throws {
        try insert.bind(event.uuid, at: base + 1)
        try insert.bind(event.eventName, at: base + 2)
        try insert.bind(event.kind, at: base + 3)
        try insert.bind(event.payload, at: base + 4)
        try insert.bind(ViolationJSON.encode(event.violations), at: base + 5)
        try insert.bind(event.requestID, at: base + 6)
        try insert.bind(event.receivedAt.timeIntervalSince1970, at: base + 7)
    }

    public func logRequest(_ record: RequestRecord) async throws {
        try lock.withLock { try Self.insertRequest(record, into: database) }
    }

    private static func insertRequest(_ record: RequestRecord, into database: SQLiteDatabase) throws {
        let insert = try database.statement("""
            INSERT INTO requests (request_id, status, events, accepted, duplicates, rejected, bytes, outcome, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.bind(record.requestID, at: 1)
        try insert.bind(record.status, at: 2)
        try insert.bind(record.events, at: 3)
        try insert.bind(record.accepted, at: 4)
        try insert.bind(record.duplicates, at: 5)
        try insert.bind(record.rejected, at: 6)
        try insert.bind(record.bytes, at: 7)
        try insert.bind(record.outcome, at: 8)
        try insert.bind(record.receivedAt.timeIntervalSince1970, at: 9)
        try insert.run()
    }

    public func eventPage(_ query: EventQuery) async throws -> Page<CollectedEvent> {
        let columns = "seq, uuid, event_name, kind, payload, violations, request_id, received_at"
        var row: Int64?
        if let uuid = query.uuid {
            // The row is found in memory: no index on uuid (see the type's comment).
            row = ParsedUUID(uuid).flatMap { uuid in lock.withLock { stored.seq(of: uuid) } }
            guard row != nil else { return Page(rows: [], last: nil) }
        }
        return try page(row == nil
            ? "SELECT \(columns) FROM events WHERE \(Self.range("events")) ORDER BY seq LIMIT ?3 OFFSET ?4"
            : "SELECT \(columns) FROM events WHERE seq = ?5 AND \(Self.range("events")) ORDER BY seq LIMIT ?3 OFFSET ?4",
            query.page, row: row) { statement in
            CollectedEvent(
                uuid: statement.string(at: 1) ?? "", eventName: statement.string(at: 2) ?? "",
                kind: statement.string(at: 3) ?? "", payload: statement.string(at: 4) ?? "",
                violations: ViolationJSON.decode(statement.string(at: 5)),
                requestID: statement.string(at: 6) ?? "",
                receivedAt: Date(timeIntervalSince1970: statement.double(at: 7)))
        }
    }

    public func rejectedPage(_ query: PageQuery) async throws -> Page<RejectedEvent> {
        try page("""
            SELECT seq, uuid, reason, payload, request_id, received_at FROM rejected_events
            WHERE \(Self.range("rejected_events")) ORDER BY seq LIMIT ?3 OFFSET ?4
            """, query) { statement in
            RejectedEvent(uuid: statement.string(at: 1) ?? "", reason: statement.string(at: 2) ?? "",
                          payload: statement.string(at: 3) ?? "", requestID: statement.string(at: 4) ?? "",
                          receivedAt: Date(timeIntervalSince1970: statement.double(at: 5)))
        }
    }

    public func requestPage(_ query: PageQuery) async throws -> Page<RequestRecord> {
        try page("""
            SELECT seq, request_id, status, events, accepted, duplicates, rejected, bytes, outcome, received_at
            FROM requests WHERE \(Self.range("requests")) ORDER BY seq LIMIT ?3 OFFSET ?4
            """, query) { statement in
            RequestRecord(
                requestID: statement.string(at: 1) ?? "", status: statement.int(at: 2), events: statement.int(at: 3),
                accepted: statement.int(at: 4), duplicates: statement.int(at: 5), rejected: statement.int(at: 6),
                bytes: statement.int(at: 7), outcome: statement.string(at: 8) ?? "",
                receivedAt: Date(timeIntervalSince1970: statement.double(at: 9)))
        }
    }

    /// The rows of a page (`?1`: after, `?2`: newest offset, `?3`: limit, `?4`: offset,
    /// `?5`: one row's `seq`), each read by `read` from a statement whose first column is `seq`.
    /// Holds the lock for one page only: batches are stored between pages.
    private func page<Row>(_ sql: String, _ query: PageQuery, row: Int64? = nil,
                           read: (SQLiteStatement) -> Row) throws -> Page<Row> {
        try lock.withLock {
            let statement = try database.statement(sql)
            defer { statement.reset() }
            try statement.bind(query.after ?? 0, at: 1)
            try statement.bind(query.newestOffset, at: 2)
            try statement.bind(query.limit, at: 3)
            try statement.bind(query.offset, at: 4)
            if let row { try statement.bind(row, at: 5) }
            var rows: [Row] = []
            var last: Int?
            while try statement.step() {
                last = statement.int(at: 0)
                rows.append(read(statement))
            }
            return Page(rows: rows, last: last)
        }
    }

    /// Rows after `?1` among the newest (`?2` is the offset of the first of them from the newest).
    private static func range(_ table: String) -> String {
        "seq > ?1 AND seq >= COALESCE((SELECT seq FROM \(table) ORDER BY seq DESC LIMIT 1 OFFSET ?2), 0)"
    }

    public func totals() async throws -> StorageTotals {
        try lock.withLock {
            var totals = StorageTotals()
            totals.events = Int(try database.scalarInt("SELECT COUNT(*) FROM events"))
            totals.rejected = Int(try database.scalarInt("SELECT COUNT(*) FROM rejected_events"))
            totals.requests = Int(try database.scalarInt("SELECT COUNT(*) FROM requests"))
            totals.acceptedRequests = Int(try database.scalarInt("SELECT COUNT(*) FROM requests WHERE status BETWEEN 200 AND 299"))
            totals.duplicates = Int(try database.scalarInt("SELECT COALESCE(SUM(duplicates), 0) FROM requests"))
            totals.largestBatch = Int(try database.scalarInt("SELECT COALESCE(MAX(events), 0) FROM requests"))
            return totals
        }
    }

    public func arrivals(sinceDay: Int?) async throws -> [ArrivalSummary] {
        try lock.withLock {
            var summaries: [String: ArrivalSummary] = [:]
            let rows = try database.statement("""
                SELECT event_name, SUM(arrived), SUM(rejected), MIN(first_seen), MAX(last_seen) FROM arrivals
                WHERE day >= ? GROUP BY event_name
                """)
            defer { rows.reset() }
            try rows.bind(sinceDay ?? Int(Int32.min), at: 1)
            while try rows.step() {
                let name = rows.string(at: 0) ?? ""
                summaries[name] = ArrivalSummary(event: name, arrived: rows.int(at: 1), rejected: rows.int(at: 2),
                                                 firstSeen: Date(timeIntervalSince1970: rows.double(at: 3)),
                                                 lastSeen: Date(timeIntervalSince1970: rows.double(at: 4)))
            }
            let values = try database.statement("""
                SELECT event_name, dimension, value, SUM(count) FROM arrival_values
                WHERE day >= ? GROUP BY event_name, dimension, value
                """)
            defer { values.reset() }
            try values.bind(sinceDay ?? Int(Int32.min), at: 1)
            while try values.step() {
                summaries[values.string(at: 0) ?? ""]?.add(dimension: values.string(at: 1) ?? "",
                                                            value: values.string(at: 2) ?? "", count: values.int(at: 3))
            }
            return Array(summaries.values)
        }
    }

    public func reset() async throws {
        try lock.withLock {
            try database.execute("""
                DELETE FROM events; DELETE FROM rejected_events; DELETE FROM requests;
                DELETE FROM arrivals; DELETE FROM arrival_values;
                """)
            stored.removeAll()
        }
    }

    /// Commits the batches still queued, then closes the connection.
    public func close() async {
        writer.stop()
        lock.withLock { database.close() }
    }
}
