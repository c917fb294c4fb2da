import Foundation
import TrackingCore
import TrackingDispatcher

/// One event as the collector stored it.
public struct CollectedEvent: Sendable, Hashable {
    public var uuid: String
    public var eventName: String
    /// The event object exactly as received.
    public var payload: String
    public var violations: [String]
    public var requestID: String
}

/// The collector's SQLite file: every accepted event and every request's outcome.
/// Uses the dispatcher's SQLite wrapper (one connection, cached statements).
final class CollectorStore: @unchecked Sendable {
    private let lock = NSLock()
    private let database: SQLiteDatabase

    init(path: String) throws {
        database = try SQLiteDatabase(path: path)
        if path != ":memory:" { try database.execute("PRAGMA journal_mode=WAL") }
        try database.execute("""
            CREATE TABLE IF NOT EXISTS received (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uuid TEXT NOT NULL,
                event_name TEXT NOT NULL,
                payload TEXT NOT NULL,
                violations TEXT,
                request_id TEXT NOT NULL,
                received_at REAL NOT NULL
            );
            CREATE INDEX IF NOT EXISTS received_by_uuid ON received(uuid);
            CREATE TABLE IF NOT EXISTS requests (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                request_id TEXT NOT NULL,
                status INTEGER NOT NULL,
                events INTEGER NOT NULL,
                bytes INTEGER NOT NULL,
                outcome TEXT NOT NULL,
                received_at REAL NOT NULL
            );
            """)
    }

    func close() { lock.withLock { database.close() } }

    func store(_ events: [CollectedEvent], at date: Date) throws {
        try lock.withLock {
            try database.transaction {
                let insert = try database.statement("""
                    INSERT INTO received (uuid, event_name, payload, violations, request_id, received_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """)
                for event in events {
                    insert.reset()
                    try insert.bind(event.uuid, at: 1)
                    try insert.bind(event.eventName, at: 2)
                    try insert.bind(event.payload, at: 3)
                    try insert.bind(event.violations.isEmpty ? nil : event.violations.joined(separator: "\n"), at: 4)
                    try insert.bind(event.requestID, at: 5)
                    try insert.bind(date.timeIntervalSince1970, at: 6)
                    try insert.run()
                }
            }
        }
    }

    func logRequest(id: String, status: Int, events: Int, bytes: Int, outcome: String, at date: Date) throws {
        try lock.withLock {
            let insert = try database.statement("""
                INSERT INTO requests (request_id, status, events, bytes, outcome, received_at) VALUES (?, ?, ?, ?, ?, ?)
                """)
            try insert.bind(id, at: 1)
            try insert.bind(status, at: 2)
            try insert.bind(events, at: 3)
            try insert.bind(bytes, at: 4)
            try insert.bind(outcome, at: 5)
            try insert.bind(date.timeIntervalSince1970, at: 6)
            try insert.run()
        }
    }

    func events(uuid: String? = nil, limit: Int = 10_000, offset: Int = 0) throws -> [CollectedEvent] {
        try lock.withLock {
            let statement = try database.statement(uuid == nil
                ? "SELECT uuid, event_name, payload, violations, request_id FROM received ORDER BY id LIMIT ? OFFSET ?"
                : "SELECT uuid, event_name, payload, violations, request_id FROM received WHERE uuid = ? ORDER BY id LIMIT ? OFFSET ?")
            var index: Int32 = 1
            if let uuid { try statement.bind(uuid.lowercased(), at: 1); index = 2 }
            try statement.bind(limit, at: index)
            try statement.bind(offset, at: index + 1)
            var result: [CollectedEvent] = []
            while try statement.step() {
                result.append(CollectedEvent(
                    uuid: statement.string(at: 0) ?? "", eventName: statement.string(at: 1) ?? "",
                    payload: statement.string(at: 2) ?? "",
                    violations: statement.string(at: 3).map { $0.split(separator: "\n").map(String.init) } ?? [],
                    requestID: statement.string(at: 4) ?? ""))
            }
            statement.reset()
            return result
        }
    }

    struct RequestRecord: Sendable, Hashable {
        var requestID: String
        var status: Int
        var events: Int
        var bytes: Int
        var outcome: String
    }

    func requests() throws -> [RequestRecord] {
        try lock.withLock {
            let statement = try database.statement(
                "SELECT request_id, status, events, bytes, outcome FROM requests ORDER BY id")
            var result: [RequestRecord] = []
            while try statement.step() {
                result.append(RequestRecord(requestID: statement.string(at: 0) ?? "", status: statement.int(at: 1),
                                            events: statement.int(at: 2), bytes: statement.int(at: 3),
                                            outcome: statement.string(at: 4) ?? ""))
            }
            statement.reset()
            return result
        }
    }

    func counts() throws -> (events: Int, distinct: Int, requests: Int) {
        try lock.withLock {
            (Int(try database.scalarInt("SELECT COUNT(*) FROM received")),
             Int(try database.scalarInt("SELECT COUNT(DISTINCT uuid) FROM received")),
             Int(try database.scalarInt("SELECT COUNT(*) FROM requests")))
        }
    }

    func reset() throws {
        try lock.withLock { try database.execute("DELETE FROM received; DELETE FROM requests;") }
    }
}
