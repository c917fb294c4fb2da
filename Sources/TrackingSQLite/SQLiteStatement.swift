#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif
import Foundation

/// SQLite's marker that it must copy bound text and blobs.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, owned and cached by its `SQLiteDatabase`.
/// Binding indices start at 1, column indices at 0 (as in SQLite).
public final class SQLiteStatement {
    private var raw: OpaquePointer?
    private unowned let database: SQLiteDatabase
    public let sql: String

    init(raw: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.raw = raw
        self.database = database
        self.sql = sql
    }

    func finalize() {
        sqlite3_finalize(raw)
        raw = nil
    }

    /// Resets the statement and clears its bindings.
    public func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    /// Binds an integer.
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(raw, index, value))
    }

    /// Binds an integer.
    public func bind(_ value: Int, at index: Int32) throws(SQLiteError) {
        try bind(Int64(value), at: index)
    }

    /// Binds a double.
    public func bind(_ value: Double, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_double(raw, index, value))
    }

    /// Binds text by its UTF-8 byte count, so a NUL inside it is stored too.
    public func bind(_ value: String?, at index: Int32) throws(SQLiteError) {
        guard let value else { return try check(sqlite3_bind_null(raw, index)) }
        var text = value
        let rc = text.withUTF8 { utf8 -> Int32 in
            guard let base = utf8.baseAddress else {
                // An empty string: bind "" (a nil pointer would bind NULL).
                return "".withCString { sqlite3_bind_text(raw, index, $0, 0, sqliteTransient) }
            }
            return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                sqlite3_bind_text(raw, index, $0, Int32(utf8.count), sqliteTransient)
            }
        }
        try check(rc)
    }

    /// Binds a blob.
    public func bind(_ bytes: [UInt8], at index: Int32) throws(SQLiteError) {
        let rc = bytes.withUnsafeBytes { buffer in
            sqlite3_bind_blob(raw, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(buffer.count), sqliteTransient)
        }
        try check(rc)
    }

    /// Advances; `true` when a row is available, `false` when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(raw)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: rc, message: database.lastMessage, sql: sql)
        }
    }

    /// Steps to the end (for statements without results) and resets.
    public func run() throws(SQLiteError) {
        defer { sqlite3_reset(raw) }
        while try step() {}
    }

    /// The column as a 64-bit integer.
    public func int64(at column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }

    /// The column as an integer.
    public func int(at column: Int32) -> Int { Int(sqlite3_column_int64(raw, column)) }

    /// The column as a double.
    public func double(at column: Int32) -> Double { sqlite3_column_double(raw, column) }

    /// Whether the column is NULL.
    public func isNull(at column: Int32) -> Bool { sqlite3_column_type(raw, column) == SQLITE_NULL }

    /// The column's text, all of its bytes (a NUL inside it included); `nil` for NULL.
    public func string(at column: Int32) -> String? {
        guard let text = sqlite3_column_text(raw, column) else { return nil }
        let count = Int(sqlite3_column_bytes(raw, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column's bytes (a blob).
    public func bytes(at column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(raw, column))
        guard count > 0, let pointer = sqlite3_column_blob(raw, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private func check(_ rc: Int32) throws(SQLiteError) {
        if rc != SQLITE_OK { throw SQLiteError(code: rc, message: database.lastMessage, sql: sql) }
    }
}

extension SQLiteStatement {
    /// The storage class of a column of the current row.
    public enum ColumnType: Sendable { case integer, real, text, blob, null }

    public func columnType(at column: Int32) -> ColumnType {
        switch sqlite3_column_type(raw, column) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }
}
