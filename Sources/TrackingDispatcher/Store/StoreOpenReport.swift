import Foundation

/// What happened when the store opened its file.
public struct StoreOpenReport: Sendable, Hashable {
    /// Rows left in flight by a previous process, made pending again.
    public var recoveredInFlight: Int
    /// When SQLite reported the file damaged: where it was moved and what was saved.
    public var movedAside: StoreRecreation?

    public init(recoveredInFlight: Int = 0, movedAside: StoreRecreation? = nil) {
        self.recoveredInFlight = recoveredInFlight
        self.movedAside = movedAside
    }
}

/// A damaged database replaced by a new one: every readable row was copied into
/// the new file first.
public struct StoreRecreation: Sendable, Hashable {
    /// Where the damaged file (with its `-wal` and `-shm`) now is.
    public var path: String
    /// What SQLite reported (`SQLITE_CORRUPT`, `SQLITE_NOTADB`, a failed `quick_check`).
    public var reason: String
    /// Rows copied into the new database (pending, in flight and set aside).
    public var salvaged: Int
    /// Rows the damaged file counted but that could not be read; `nil` when the
    /// file could not even say how many it held.
    public var lost: Int?
}

/// Why the store cannot be used right now. None of these moves or deletes the file.
public enum EventStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file cannot be opened, read or written (busy, locked, protected while
    /// the device is locked, permissions, I/O, a full disk...). The dispatcher keeps
    /// new events in memory and tries again later.
    case unavailable(String)
    /// The file was written by a newer version of the schema (the app was
    /// downgraded). It is left untouched for that version.
    case newerSchema(found: Int64, known: Int64)

    public var description: String {
        switch self {
        case .unavailable(let reason): return "store unavailable: \(reason)"
        case .newerSchema(let found, let known):
            return "store written by schema version \(found), this build knows \(known); left untouched"
        }
    }
}

/// SQLite said the file is damaged (a failed `quick_check`), without a result code of its own.
struct StoreDamage: Error, CustomStringConvertible {
    var description: String
}
