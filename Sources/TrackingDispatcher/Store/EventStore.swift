import Foundation
import TrackingSQLite

/// The persistent queue: one SQLite file, one long-lived connection in WAL mode,
/// cached prepared statements, inserts batched in transactions.
///
/// Thread-safe: a lock serialises every use of the connection. Each call holds
/// it only for its own statements (never across network I/O), so the tracking
/// worker and the uploader interleave without waiting on each other's work.
///
/// Unavailable is not corrupt: only what SQLite itself reports as damage
/// (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, a failed `PRAGMA quick_check`), on opening
/// or later, leads to a new file, and only after every readable row was copied
/// into it (``StoreRecreation``). Any other failure (busy, locked, protected,
/// permissions, I/O, full disk, a newer schema) leaves the file alone: the store
/// is then closed, its calls throw ``EventStoreError``, and ``open()`` may be
/// tried again later.
package final class EventStore: StoredEventQueue, @unchecked Sendable {
    package let url: URL
    private let path: String
    private let protection: StoreFileProtection
    private let busyTimeout: Int32
    private let lock = NSLock()
    private var database: SQLiteDatabase?
    /// Why the store is closed (the last failure to open it): what its calls throw.
    private var closedError = EventStoreError.unavailable("not opened yet")
    /// Pending plus in-flight rows, kept in memory so enforcing `maxQueueSize` costs no query.
    private var activeCount = 0
    /// The largest number of rows one `nextBatch` call has loaded (for the bounded-memory test).
    private(set) var largestPageLoaded = 0
    private var report = StoreOpenReport()
    /// Called (under the store's lock) when a file SQLite reported damaged was replaced.
    private let onRecreated: @Sendable (StoreRecreation) -> Void

    /// Opens the store at `url`, creating the file and directory as needed. A file
    /// SQLite reports damaged is salvaged into a new one (``openReport``). Throws
    /// ``EventStoreError`` when the file cannot be used now; it is left as it is.
    package convenience init(url: URL, protection: StoreFileProtection = .completeUntilFirstUserAuthentication,
                            onRecreated: @escaping @Sendable (StoreRecreation) -> Void = { _ in }) throws {
        self.init(unopenedAt: url, protection: protection, onRecreated: onRecreated)
        try open()
    }

    /// A store that is not open yet: ``open()`` opens it (the dispatcher's worker
    /// retries that with backoff while the file is unavailable).
    init(unopenedAt url: URL, protection: StoreFileProtection = .completeUntilFirstUserAuthentication,
         busyTimeout: Int32 = 5_000, onRecreated: @escaping @Sendable (StoreRecreation) -> Void = { _ in }) {
        self.url = url
        self.path = url.path
        self.protection = protection
        self.busyTimeout = busyTimeout
        self.onRecreated = onRecreated
    }

    /// How the file was found when it was (last) opened.
    package var openReport: StoreOpenReport { locked { report } }

    /// Whether the connection is open.
    package var isOpen: Bool { locked { database != nil } }

    /// Opens the file if the store is not open; throws ``EventStoreError`` (the
    /// file untouched) when it cannot be used now.
    package func open() throws {
        try locked {
            guard database == nil else { return }
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                try attachLocked(recoverInFlight: true)
            } catch where Self.isDamage(error) {
                try replaceDamagedLocked(reason: "\(error)", recoverInFlight: true)
            }
        }
    }

    /// Opens, checks, migrates and (at launch) recovers in-flight rows. Throws
    /// SQLite's damage errors as they are and everything else as ``EventStoreError``.
    private func attachLocked(recoverInFlight: Bool) throws {
        let db: SQLiteDatabase
        do {
            db = try SQLiteDatabase(path: path, extraFlags: protection.sqliteOpenFlag, busyTimeout: busyTimeout)
        } catch {
            closedError = .unavailable("\(error)")
            throw Self.isDamage(error) ? error : closedError
        }
        do {
            // Reading the schema fails fast on a file that is not a database.
            _ = try db.scalarInt("SELECT COUNT(*) FROM sqlite_master")
            let check = try db.statement("PRAGMA quick_check(1)")
            let verdict = try check.step() ? check.string(at: 0) ?? "" : ""
            check.reset()
            guard verdict == "ok" else { throw StoreDamage(description: "quick_check: \(verdict)") }
            let version = try db.scalarInt("PRAGMA user_version")
            guard version <= StoreSchema.currentVersion else {
                throw EventStoreError.newerSchema(found: version, known: StoreSchema.currentVersion)
            }
            try db.execute("PRAGMA journal_mode=WAL")
            try db.execute("PRAGMA synchronous=NORMAL")
            try Self.migrate(db)
            var recovered = 0
            if recoverInFlight {
                try db.statement("UPDATE events SET state = 0 WHERE state = 1").run()
                recovered = db.changes
            }
            activeCount = Int(try db.scalarInt("SELECT COUNT(*) FROM events WHERE state IN (0,1)"))
            protection.apply(toStoreAt: path)
            database = db
            report.recoveredInFlight = recovered
        } catch {
            db.close()
            closedError = error as? EventStoreError ?? .unavailable("\(error)")
            if Self.isDamage(error) { throw error }
            throw closedError
        }
    }

    /// Whether SQLite reported the file damaged (the only reason to replace it).
    static func isDamage(_ error: any Error) -> Bool {
        if error is StoreDamage { return true }
        return (error as? SQLiteError)?.meansCorruption ?? false
    }

    /// Salvages every readable row of the damaged file into a new one, moves the
    /// damaged file aside and opens the new one; reports through `onRecreated`.
    /// When that fails for a reason other than damage, the store stays closed.
    private func replaceDamagedLocked(reason: String, recoverInFlight: Bool) throws {
        database?.close()
        database = nil
        let recreation: StoreRecreation
        do {
            recreation = try StoreSalvage.run(path: path, reason: reason, protection: protection)
        } catch {
            closedError = .unavailable("cannot replace the damaged database: \(error)")
            throw closedError
        }
        try attachLocked(recoverInFlight: recoverInFlight)
        report.movedAside = recreation
        onRecreated(recreation)
    }

    static func migrate(_ db: SQLiteDatabase) throws {
        let version = try db.scalarInt("PRAGMA user_version")
        guard version < StoreSchema.currentVersion else { return }
        try db.transaction {
            for index in Int(version)..<StoreSchema.migrations.count {
                try db.execute(StoreSchema.migrations[index])
            }
            try db.execute("PRAGMA user_version = \(StoreSchema.currentVersion)")
        }
    }

    /// The schema version of the open file (0 when closed).
    package var schemaVersion: Int64 {
        (try? withDatabase { db in try db.scalarInt("PRAGMA user_version") }) ?? 0
    }

    /// Runs `body` on the open connection. When SQLite reports damage, the file is
    /// salvaged and replaced (row ids are kept, so pages in flight stay valid) and
    /// `body` runs once more on the new file.
    private func withDatabase<T>(_ body: (SQLiteDatabase) throws -> T) throws -> T {
        try locked {
            guard let db = database else { throw closedError }
            do {
                return try body(db)
            } catch where Self.isDamage(error) {
                try replaceDamagedLocked(reason: "\(error)", recoverInFlight: false)
                guard let fresh = database else { throw closedError }
                return try body(fresh)
            }
        }
    }

    // MARK: Writing

    /// Inserts `rows` in one transaction, then drops the oldest pending rows beyond
    /// `maxQueueSize` (in flight rows are never dropped). Returns the new rows' ids
    /// and the uuids that were dropped. Nothing is committed when it throws.
    package func insert(_ rows: [NewStoredEvent], maxQueueSize: Int = .max) throws -> (ids: [Int64], dropped: [String]) {
        try withDatabase { db in
            let before = activeCount
            do {
                return try insert(rows, maxQueueSize: maxQueueSize, into: db)
            } catch {
                activeCount = before   // rolled back
                throw error
            }
        }
    }

    private func insert(_ rows: [NewStoredEvent], maxQueueSize: Int, into database: SQLiteDatabase) throws -> (ids: [Int64], dropped: [String]) {
        try database.transaction {
            let statement = try database.statement("""
                INSERT INTO events (uuid, event_name, payload, flags, violations, missing_globals, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            var ids: [Int64] = []
            ids.reserveCapacity(rows.count)
            for row in rows {
                statement.reset()
                try statement.bind(row.uuid, at: 1)
                try statement.bind(row.eventName, at: 2)
                try statement.bind(row.payload, at: 3)
                try statement.bind(row.flags.rawValue, at: 4)
                try statement.bind(row.violations.isEmpty ? nil : row.violations.joined(separator: "\n"), at: 5)
                try statement.bind(row.missingGlobals.isEmpty ? nil : row.missingGlobals.joined(separator: ","), at: 6)
                try statement.bind(row.createdAt, at: 7)
                try statement.run()
                ids.append(database.lastInsertRowID)
            }
            activeCount += rows.count
            var dropped: [String] = []
            if activeCount > maxQueueSize {
                let excess = activeCount - maxQueueSize
                let select = try database.statement("SELECT uuid FROM events WHERE state = 0 ORDER BY id LIMIT ?")
                try select.bind(excess, at: 1)
                while try select.step() { dropped.append(select.string(at: 0) ?? "") }
                select.reset()
                let delete = try database.statement(
                    "DELETE FROM events WHERE id IN (SELECT id FROM events WHERE state = 0 ORDER BY id LIMIT ?)")
                try delete.bind(excess, at: 1)
                try delete.run()
                activeCount -= database.changes
            }
            return (ids, dropped)
        }
    }

    // MARK: Delivery

    /// Loads the next batch: up to `limit` pending rows, oldest first, whose payloads
    /// fit in `byteLimit` (a first row larger than that is returned alone), and marks
    /// them in flight under `requestID`. Only this page is ever in memory.
    package func nextBatch(limit: Int, byteLimit: Int, requestID: String) throws -> [StoredEvent] {
        try withDatabase { database in
            var page: [StoredEvent] = []
            var bytes = 0
            let select = try database.statement("""
                SELECT id, uuid, event_name, payload, flags, attempts FROM events
                WHERE state = 0 ORDER BY id LIMIT ?
                """)
            defer { select.reset() }
            try select.bind(limit, at: 1)
            while try select.step() {
                let payload = select.bytes(at: 3)
                if !page.isEmpty, bytes + payload.count + 1 > byteLimit { break }
                bytes += payload.count + 1
                page.append(StoredEvent(id: select.int64(at: 0), uuid: select.string(at: 1) ?? "",
                                        eventName: select.string(at: 2) ?? "", payload: payload,
                                        flags: EventFlags(rawValue: select.int(at: 4)), state: .inFlight,
                                        reason: nil, attempts: select.int(at: 5)))
            }
            select.reset()
            guard !page.isEmpty else { return page }
            try database.transaction {
                let update = try database.statement("UPDATE events SET state = 1, request_id = ? WHERE id = ?")
                for row in page {
                    update.reset()
                    try update.bind(requestID, at: 1)
                    try update.bind(row.id, at: 2)
                    try update.run()
                }
            }
            largestPageLoaded = max(largestPageLoaded, page.count)
            return page
        }
    }

    /// Deletes confirmed rows.
    package func delete(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try withDatabase { database in
            try database.transaction {
                var removed = 0
                let delete = try database.statement("DELETE FROM events WHERE id = ? AND state != 2")
                for id in ids {
                    delete.reset()
                    try delete.bind(id, at: 1)
                    try delete.run()
                    removed += database.changes
                }
                activeCount -= removed
            }
        }
    }

    /// Returns in-flight rows to pending; `countAttempt` records a failed try.
    package func release(ids: [Int64], countAttempt: Bool) throws {
        guard !ids.isEmpty else { return }
        try withDatabase { database in
            try database.transaction {
                let update = try database.statement(
                    "UPDATE events SET state = 0, attempts = attempts + ? WHERE id = ?")
                for id in ids {
                    update.reset()
                    try update.bind(countAttempt ? 1 : 0, at: 1)
                    try update.bind(id, at: 2)
                    try update.run()
                }
            }
        }
    }

    /// Sets rows aside with their reason; they are kept but never sent again.
    package func setAside(_ reasons: [(id: Int64, reason: String)]) throws {
        guard !reasons.isEmpty else { return }
        try withDatabase { database in
            try database.transaction {
                var changed = 0
                let update = try database.statement(
                    "UPDATE events SET state = 2, reason = ?, attempts = attempts + 1 WHERE id = ? AND state != 2")
                for item in reasons {
                    update.reset()
                    try update.bind(item.reason, at: 1)
                    try update.bind(item.id, at: 2)
                    try update.run()
                    changed += database.changes
                }
                activeCount -= changed
            }
        }
    }

    // MARK: Inspection

    package func counts() throws -> StoreCounts {
        try withDatabase { database in
            let statement = try database.statement("SELECT state, COUNT(*) FROM events GROUP BY state")
            defer { statement.reset() }
            var counts = StoreCounts(pending: 0, inFlight: 0, setAside: 0)
            while try statement.step() {
                switch EventState(rawValue: statement.int(at: 0)) {
                case .pending: counts.pending = statement.int(at: 1)
                case .inFlight: counts.inFlight = statement.int(at: 1)
                case .setAside: counts.setAside = statement.int(at: 1)
                case nil: break
                }
            }
            return counts
        }
    }

    /// Pending plus in-flight rows, from memory.
    package var activeEventCount: Int { locked { activeCount } }

    /// Every stored row in one state, oldest first (for tests and the debug dump; not for large queues).
    package func events(in state: EventState, limit: Int = 1_000) throws -> [StoredEvent] {
        try withDatabase { database in
            let statement = try database.statement("""
                SELECT id, uuid, event_name, payload, flags, state, reason, attempts FROM events
                WHERE state = ? ORDER BY id LIMIT ?
                """)
            defer { statement.reset() }
            try statement.bind(state.rawValue, at: 1)
            try statement.bind(limit, at: 2)
            var rows: [StoredEvent] = []
            while try statement.step() {
                rows.append(StoredEvent(id: statement.int64(at: 0), uuid: statement.string(at: 1) ?? "",
                                        eventName: statement.string(at: 2) ?? "", payload: statement.bytes(at: 3),
                                        flags: EventFlags(rawValue: statement.int(at: 4)),
                                        state: EventState(rawValue: statement.int(at: 5)) ?? .pending,
                                        reason: statement.string(at: 6), attempts: statement.int(at: 7)))
            }
            return rows
        }
    }

    /// Closes the connection; later calls fail until ``open()``.
    package func close() {
        locked {
            database?.close()
            database = nil
            closedError = .unavailable("closed")
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
