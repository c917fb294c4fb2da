import CSQLiteBench
import Foundation
import TrackingDispatcher

/// The baseline of issue 5: rows the client writes, inserted with the SQLite C
/// API directly into a file the client created (same table, columns, index and
/// pragmas): one prepared statement, one transaction. Set up in ``make(database:rows:)``,
/// so that only ``run()`` is timed.
public final class RawInsert {
    private var db: OpaquePointer?
    private var statement: OpaquePointer?
    private let rows: [RawRow]

    /// Lets a client create the store's file (its schema and pragmas), then opens it.
    public static func make(database: URL, rows: [RawRow]) async -> RawInsert {
        let client = TrackingClient(configuration: Fixture.configuration(database), providers: [],
                                    globals: StaticGlobals(Fixture.globals))
        await client.waitUntilPersisted()
        await client.shutdown()
        return RawInsert(database: database, rows: rows)
    }

    private init(database: URL, rows: [RawRow]) {
        self.rows = rows
        guard sqlite3_open_v2(database.path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { fatalError("open") }
        sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)
        sqlite3_exec(db, "PRAGMA synchronous=NORMAL", nil, nil, nil)
        let sql = "INSERT INTO events (uuid, event_name, payload, flags, violations, missing_globals, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK else {
            fatalError("prepare")
        }
    }

    /// Inserts every row in one transaction.
    public func run() {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
        for row in rows {
            sqlite3_bind_text(statement, 1, row.uuid, -1, transient)
            sqlite3_bind_text(statement, 2, row.eventName, -1, transient)
            row.payload.withUnsafeBytes { _ = sqlite3_bind_blob(statement, 3, $0.baseAddress, Int32($0.count), transient) }
            sqlite3_bind_int64(statement, 4, 0)
            sqlite3_bind_null(statement, 5)
            sqlite3_bind_null(statement, 6)
            sqlite3_bind_double(statement, 7, row.createdAt)
            guard sqlite3_step(statement) == SQLITE_DONE else { fatalError("insert") }
            sqlite3_reset(statement)
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { fatalError("commit") }
    }

    deinit {
        sqlite3_finalize(statement)
        sqlite3_close_v2(db)
    }
}
