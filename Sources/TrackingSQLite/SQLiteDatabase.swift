#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import Foundation

/// A thin wrapper over one SQLite connection (the C API, no ORM).
///
/// Infrastructure shared by the dispatcher's event store and the collector (a
/// separate package, hence a library product of its own). A connection is
/// not thread-safe: its owner serialises every use (the store holds a lock).
/// Prepared statements are cached by their SQL text for the connection's lifetime,
/// so hot statements are compiled once.
public final class SQLiteDatabase {
    /// The raw handle; valid until `close()`.
    public private(set) var handle: OpaquePointer?
    public let path: String
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path`. `extraFlags` are or-ed
    /// into the open flags (Apple's file-protection flags); `busyTimeout` is how
    /// long a statement waits for another connection's lock, in milliseconds.
    public init(path: String, extraFlags: Int32 = 0, busyTimeout: Int32 = 5_000) throws(SQLiteError) {
        self.path = path
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | extraFlags
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, sql: nil)
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeout)
    }

    deinit { close() }

    /// Finalises every cached statement and closes the connection.
    public func close() {
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs one or more statements that return no rows of interest.
    public func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &error)
        if rc != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw SQLiteError(code: rc, message: message, sql: sql)
        }
    }

    /// A prepared statement for `sql`, compiled once and cached; reset and with
    /// its bindings cleared, ready to bind.
    public func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard rc == SQLITE_OK, let raw else {
            throw SQLiteError(code: rc, message: lastMessage, sql: sql)
        }
        let statement = SQLiteStatement(raw: raw, database: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`), committing when it
    /// returns and rolling back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The first column of the first row of `sql` as an integer (`PRAGMA user_version`, counts).
    public func scalarInt(_ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try statement(sql)
        defer { statement.reset() }
        guard try statement.step() else { return 0 }
        return statement.int64(at: 0)
    }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last insert.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }
}
