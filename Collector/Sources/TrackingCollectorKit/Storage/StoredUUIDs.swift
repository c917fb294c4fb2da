import TrackingSQLite

/// Every uuid in SQLite's `events` table and its row (`seq`), in memory: how
/// `SQLiteStorage` finds duplicates and `/events?uuid=` finds its row, in place of
/// an index on the column. About 35 to 70 bytes per stored event (24-byte slots, 35 to
/// 70% full; a million events: 35 to 70 MB), read from the file when the storage opens.
///
/// Not synchronised: its storage uses it under its lock only.
final class StoredUUIDs {
    private var rows = UUIDRowTable()

    /// The row holding `uuid`, if it is stored.
    func seq(of uuid: ParsedUUID) -> Int64? {
        rows[uuid]
    }

    /// Claims `uuid` for a row about to be written, unless it is stored (or claimed)
    /// already; whether it did. One lookup: the claim is the entry itself, given
    /// its row by `record(_:row:)` once the row is written. A transaction claims its
    /// uuids before writing them, so a repeat is known before its row would exist,
    /// and takes them out with `remove(_:)` when they are rolled back.
    func claim(_ uuid: ParsedUUID) -> Bool {
        rows.insert(uuid, row: Self.claimed)
    }

    /// The row written for a claimed uuid.
    func record(_ uuid: ParsedUUID, row: Int64) { rows.update(uuid, row: row) }

    /// An entry claimed and not yet given its row (SQLite's rows start at 1).
    private static let claimed: Int64 = 0

    /// Takes out rows that were rolled back.
    func remove(_ uuids: some Sequence<ParsedUUID>) {
        for uuid in uuids { rows.remove(uuid) }
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
                _ = rows.insert(uuid, row: statement.int64(at: 0))
            }
        }
    }

}

/// An accepted event whose uuid is not canonical text: `EventChecker` lets none through.
struct NotAUUIDError: Error, CustomStringConvertible {
    let text: String
    var description: String { "not a uuid: \(text.prefix(64))" }
}
