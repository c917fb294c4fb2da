#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A failed SQLite call: the result code, SQLite's message and the statement.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// SQLite's result code.
    public var code: Int32
    /// SQLite's message for the failure.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    /// A failure with SQLite's code and message.
    public init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The file is not a database or its content is damaged: the caller should
    /// move it aside and start over rather than keep failing.
    public var meansCorruption: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " [\($0.prefix(80))]" } ?? "")
    }
}
