#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A failed SQLite call: the result code, SQLite's message and the statement.
package struct SQLiteError: Error, CustomStringConvertible, Sendable {
    package var code: Int32
    package var message: String
    package var sql: String?

    package init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The file is not a database or its content is damaged: the caller should
    /// move it aside and start over rather than keep failing.
    package var meansCorruption: Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    package var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " [\($0.prefix(80))]" } ?? "")
    }
}
