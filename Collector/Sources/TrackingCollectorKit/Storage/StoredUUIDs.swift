import TrackingSQLite

/// Every uuid in SQLite's `events` table and its row (`seq`), in memory: how
/// `SQLiteStorage` finds duplicates and `/events?uuid=` finds its row, in place of
/// an index on the column. About 40 bytes per stored event (a million events: 40 MB),
/// read from the file when the storage opens.
///
/// Not synchronised: its storage uses it under its lock only.
final class StoredUUIDs {
    private var rows: [ParsedUUID: Int64] = [:]

    /// The row holding `uuid`, if it is stored.
    func seq(of uuid: ParsedUUID) -> Int64? { rows[uuid] }

    /// Rows a transaction committed.
    func add(_ committed: [ParsedUUID: Int64]) {
        rows.merge(committed) { first, _ in first }
    }

    func removeAll() { rows.removeAll() }

    /// Reads every stored uuid (a uuid the file holds in another form than
    /// `ParsedUUID` reads cannot come from the collector, and is left out).
    func load(from database: SQLiteDatabase) throws {
        rows.removeAll()
        let count = try database.scalarInt("SELECT COUNT(*) FROM events")
        rows.reserveCapacity(Int(count))
        let statement = try database.statement("SELECT seq, uuid FROM events")
        defer { statement.reset() }
        while try statement.step() {
            if let uuid = statement.string(at: 1).flatMap(ParsedUUID.init) {
                rows[uuid] = rows[uuid] ?? statement.int64(at: 0)
            }
        }
    }

}

/// An accepted event whose uuid is not canonical text: `EventChecker` lets none through.
struct NotAUUIDError: Error, CustomStringConvertible {
    let text: String
    var description: String { "not a uuid: \(text.prefix(64))" }
}
