import Foundation
import TrackingSQLite

/// What happened when the store opened its file.
public struct StoreOpenReport: Sendable, Hashable {
    /// Rows left in flight by a previous process, made pending again.
    public var recoveredInFlight: Int
    /// When the file was unreadable: where it was moved and why. Its events are lost.
    public var movedAside: (path: String, reason: String)?

    public static func == (a: Self, b: Self) -> Bool {
        a.recoveredInFlight == b.recoveredInFlight && a.movedAside?.path == b.movedAside?.path
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(recoveredInFlight) }
}

/// The persistent queue: one SQLite file, one long-lived connection in WAL mode,
/// cached prepared statements, inserts batched in transactions.
///
/// Thread-safe: a lock serialises every use of the connection. Each call holds
/// it only for its own statements (never across network I/O), so the tracking
/// worker and the uploader interleave without waiting on each other's work.
public final class EventStore: @unchecked Sendable {
    public let url: URL
    private let path: String
    private let lock = NSLock()
    private var database: SQLiteDatabase
    /// Pending plus in-flight rows, kept in memory so enforcing `maxQueueSize` costs no query.
    private var activeCount = 0
    /// The largest number of rows one `nextBatch` call has loaded (for the bounded-memory check).
    public private(set) var largestPageLoaded = 0
    /// How the file was found when opened.
    public let openReport: StoreOpenReport
    /// Called (on the caller's thread) when a damaged file had to be replaced at runtime.
    private let onRecreated: @Sendable (_ movedTo: String, _ reason: String) -> Void

    /// Opens the store at `url`, creating the file and directory as needed. A file
    /// that is not a readable database is moved aside (`<name>.corrupt-<time>`) and
    /// a new one is created; the report says so. Throws only when even a fresh file
    /// cannot be created (for example a read-only directory).
    public convenience init(url: URL, onRecreated: @escaping @Sendable (_ movedTo: String, _ reason: String) -> Void = { _, _ in }) throws {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try self.init(path: url.path, url: url, onRecreated: onRecreated)
    }

    /// A store that lives in memory only: the last resort when no file can be created.
    static func inMemory() throws -> EventStore {
        try EventStore(path: ":memory:", url: URL(fileURLWithPath: "/dev/null"), onRecreated: { _, _ in })
    }

    private init(path: String, url: URL, onRecreated: @escaping @Sendable (_ movedTo: String, _ reason: String) -> Void) throws {
        self.url = url
        self.path = path
        self.onRecreated = onRecreated
        var movedAside: (String, String)?
        var opened: (SQLiteDatabase, Int)
        do {
            opened = try Self.open(path: path)
        } catch {
            guard path != ":memory:" else { throw error }
            movedAside = (Self.moveAside(url), "\(error)")
            opened = try Self.open(path: path)
        }
        database = opened.0
        openReport = StoreOpenReport(recoveredInFlight: opened.1, movedAside: movedAside)
        activeCount = Int((try? database.scalarInt("SELECT COUNT(*) FROM events WHERE state IN (0,1)")) ?? 0)
    }

    /// Opens, configures, migrates and recovers in-flight rows; any failure means the file is unusable.
    private static func open(path: String) throws -> (SQLiteDatabase, Int) {
        let db = try SQLiteDatabase(path: path)
        do {
            // Reading the schema fails fast on a file that is not a database.
            _ = try db.scalarInt("SELECT COUNT(*) FROM sqlite_master")
            try db.execute("PRAGMA journal_mode=WAL")
            try db.execute("PRAGMA synchronous=NORMAL")
            try migrate(db)
            _ = try db.scalarInt("SELECT COUNT(*) FROM events")
            let statement = try db.statement("UPDATE events SET state = 0 WHERE state = 1")
            try statement.run()
            return (db, db.changes)
        } catch {
            db.close()
            throw error
        }
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

    /// Moves the damaged file (and its WAL and shared-memory files) aside; returns the new path.
    private static func moveAside(_ url: URL) -> String {
        let stamp = Int(Date().timeIntervalSince1970 * 1000)
        let target = url.path + ".corrupt-\(stamp)"
        let fm = FileManager.default
        try? fm.moveItem(atPath: url.path, toPath: target)
        for suffix in ["-wal", "-shm"] {
            if fm.fileExists(atPath: url.path + suffix) {
                try? fm.moveItem(atPath: url.path + suffix, toPath: target + suffix)
            }
        }
        return target
    }

    /// The schema version of the open file.
    public var schemaVersion: Int64 {
        locked { (try? database.scalarInt("PRAGMA user_version")) ?? 0 }
    }

    // MARK: Writing

    /// Inserts `rows` in one transaction, then drops the oldest pending rows beyond
    /// `maxQueueSize` (in flight rows are never dropped). Returns the new rows' ids
    /// and the uuids that were dropped. When the file turns out to be damaged it is
    /// replaced and the insert is retried once.
    public func insert(_ rows: [NewStoredEvent], maxQueueSize: Int = .max) throws -> (ids: [Int64], dropped: [String]) {
        try locked {
            do {
                return try insertLocked(rows, maxQueueSize: maxQueueSize)
            } catch let error as SQLiteError where error.meansCorruption {
                try recreateLocked(reason: "\(error)")
                return try insertLocked(rows, maxQueueSize: maxQueueSize)
            }
        }
    }

    private func insertLocked(_ rows: [NewStoredEvent], maxQueueSize: Int) throws -> (ids: [Int64], dropped: [String]) {
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

    /// Replaces a file found damaged while running; reports through `onRecreated`.
    private func recreateLocked(reason: String) throws {
        database.close()
        let target = Self.moveAside(url)
        database = try Self.open(path: path).0
        activeCount = 0
        onRecreated(target, reason)
    }

    // MARK: Delivery

    /// Loads the next batch: up to `limit` pending rows, oldest first, whose payloads
    /// fit in `byteLimit` (a first row larger than that is returned alone), and marks
    /// them in flight under `requestID`. Only this page is ever in memory.
    public func nextBatch(limit: Int, byteLimit: Int, requestID: String) throws -> [StoredEvent] {
        try locked {
            var page: [StoredEvent] = []
            var bytes = 0
            let select = try database.statement("""
                SELECT id, uuid, event_name, payload, flags, attempts FROM events
                WHERE state = 0 ORDER BY id LIMIT ?
                """)
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
    public func delete(ids: [Int64]) throws {
        guard !ids.isEmpty else { return }
        try locked {
            try database.transaction {
                let delete = try database.statement("DELETE FROM events WHERE id = ?")
                for id in ids {
                    delete.reset()
                    try delete.bind(id, at: 1)
                    try delete.run()
                    activeCount -= database.changes
                }
            }
        }
    }

    /// Returns in-flight rows to pending; `countAttempt` records a failed try.
    public func release(ids: [Int64], countAttempt: Bool) throws {
        guard !ids.isEmpty else { return }
        try locked {
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
    public func setAside(_ reasons: [(id: Int64, reason: String)]) throws {
        guard !reasons.isEmpty else { return }
        try locked {
            try database.transaction {
                let update = try database.statement(
                    "UPDATE events SET state = 2, reason = ?, attempts = attempts + 1 WHERE id = ? AND state != 2")
                for item in reasons {
                    update.reset()
                    try update.bind(item.reason, at: 1)
                    try update.bind(item.id, at: 2)
                    try update.run()
                    activeCount -= database.changes
                }
            }
        }
    }

    // MARK: Inspection

    public func counts() throws -> StoreCounts {
        try locked {
            let statement = try database.statement("SELECT state, COUNT(*) FROM events GROUP BY state")
            var counts = StoreCounts(pending: 0, inFlight: 0, setAside: 0)
            while try statement.step() {
                switch EventState(rawValue: statement.int(at: 0)) {
                case .pending: counts.pending = statement.int(at: 1)
                case .inFlight: counts.inFlight = statement.int(at: 1)
                case .setAside: counts.setAside = statement.int(at: 1)
                case nil: break
                }
            }
            statement.reset()
            return counts
        }
    }

    /// Pending plus in-flight rows, from memory.
    public var activeEventCount: Int { locked { activeCount } }

    /// Every stored row in one state, oldest first (for tests and the debug dump; not for large queues).
    public func events(in state: EventState, limit: Int = 1_000) throws -> [StoredEvent] {
        try locked {
            let statement = try database.statement("""
                SELECT id, uuid, event_name, payload, flags, state, reason, attempts FROM events
                WHERE state = ? ORDER BY id LIMIT ?
                """)
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
            statement.reset()
            return rows
        }
    }

    /// Closes the connection; later calls fail.
    public func close() {
        locked { database.close() }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
