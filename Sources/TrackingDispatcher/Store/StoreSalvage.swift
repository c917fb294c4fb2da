import Foundation
import TrackingSQLite

/// Rebuilds a database SQLite reported damaged: every row it can still read is
/// copied, with its id and state, into a new file, which then takes the damaged
/// file's place; the damaged file (with `-wal` and `-shm`) is kept beside it as
/// `<name>.corrupt-<ms>` for inspection.
enum StoreSalvage {
    /// Rows read per query from the damaged file.
    private static let chunk = 256
    private static let columns = "id, uuid, event_name, payload, flags, violations, state, reason, attempts, request_id, created_at"

    static func run(path: String, reason: String, protection: StoreFileProtection) throws -> StoreRecreation {
        let fresh = path + ".salvage"
        removeFiles(at: fresh)
        // The new file first: if even that fails (full disk, permissions), nothing
        // is moved and the store stays unavailable.
        let target = try SQLiteDatabase(path: fresh, extraFlags: protection.sqliteOpenFlag)
        var salvaged = 0
        var expected: Int?
        do {
            for migration in StoreSchema.migrations { try target.execute(migration) }
            try target.execute("PRAGMA user_version = \(StoreSchema.currentVersion)")
            if let damaged = try? SQLiteDatabase(path: path, busyTimeout: 1_000) {
                (salvaged, expected) = try copyReadableRows(from: damaged, to: target)
                damaged.close()
            }
            target.close()
        } catch {
            target.close()
            removeFiles(at: fresh)
            throw error
        }
        let movedTo = path + ".corrupt-\(Int(Date().timeIntervalSince1970 * 1000))"
        let fm = FileManager.default
        try fm.moveItem(atPath: path, toPath: movedTo)
        for suffix in ["-wal", "-shm"] where fm.fileExists(atPath: path + suffix) {
            try? fm.moveItem(atPath: path + suffix, toPath: movedTo + suffix)
        }
        try fm.moveItem(atPath: fresh, toPath: path)
        removeFiles(at: fresh)
        return StoreRecreation(path: movedTo, reason: reason, salvaged: salvaged,
                               lost: expected.map { max(0, $0 - salvaged) })
    }

    /// Copies rows in id order, a chunk per transaction. Where a read fails (a
    /// damaged page), it seeks past the failure with growing steps, so the rows on
    /// readable pages after it are still found. Returns the rows copied and how many
    /// the damaged file counted (when it could count them).
    private static func copyReadableRows(from damaged: SQLiteDatabase, to target: SQLiteDatabase) throws -> (Int, Int?) {
        let expected = (try? damaged.scalarInt("SELECT COUNT(*) FROM events")).map { Int($0) }
        // A version-1 file has no `missing_globals`.
        let select: SQLiteStatement
        if let full = try? damaged.statement("SELECT \(columns), missing_globals FROM events WHERE id > ? ORDER BY id LIMIT \(chunk)") {
            select = full
        } else if let old = try? damaged.statement("SELECT \(columns), NULL FROM events WHERE id > ? ORDER BY id LIMIT \(chunk)") {
            select = old
        } else {
            return (0, expected)
        }
        let insert = try target.statement("""
            INSERT INTO events (\(columns), missing_globals) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var copied = 0
        var after: Int64 = 0
        var skip: Int64 = 1
        while skip < (1 << 40) {
            var rows: [[Value]] = []
            var failed = false
            select.reset()
            do {
                try select.bind(after, at: 1)
                while try select.step() {
                    rows.append((0..<12).map { column in Value(select, Int32(column)) })
                }
            } catch {
                failed = true
            }
            select.reset()
            if !rows.isEmpty {
                copied += try target.transaction {
                    var inserted = 0
                    for row in rows {
                        insert.reset()
                        // A row whose damaged content breaks the schema (a NULL payload) is lost, not fatal.
                        do {
                            for (index, value) in row.enumerated() { try value.bind(to: insert, at: Int32(index + 1)) }
                            try insert.run()
                            inserted += 1
                        } catch let error as SQLiteError where error.code & 0xFF == 19 {   // SQLITE_CONSTRAINT
                            continue
                        }
                    }
                    return inserted
                }
                if case .integer(let id) = rows[rows.count - 1][0] { after = id }
                skip = 1
            }
            if failed {
                after += skip
                skip *= 2
            } else if rows.count < chunk {
                break
            }
        }
        return (copied, expected)
    }

    /// One column's value, copied as SQLite typed it.
    private enum Value {
        case null, integer(Int64), real(Double), text(String), blob([UInt8])

        init(_ statement: SQLiteStatement, _ column: Int32) {
            switch statement.columnType(at: column) {
            case .integer: self = .integer(statement.int64(at: column))
            case .real: self = .real(statement.double(at: column))
            case .text: self = statement.string(at: column).map(Value.text) ?? .null
            case .blob: self = .blob(statement.bytes(at: column))
            case .null: self = .null
            }
        }

        func bind(to statement: SQLiteStatement, at index: Int32) throws {
            switch self {
            case .null: try statement.bind(nil as String?, at: index)
            case .integer(let value): try statement.bind(value, at: index)
            case .real(let value): try statement.bind(value, at: index)
            case .text(let value): try statement.bind(value, at: index)
            case .blob(let value): try statement.bind(value, at: index)
            }
        }
    }

    private static func removeFiles(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
