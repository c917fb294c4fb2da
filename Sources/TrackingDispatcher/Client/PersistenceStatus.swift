/// What ``TrackingClient/waitUntilPersisted()`` found: whether every event tracked
/// before the call is committed to the database.
public enum PersistenceStatus: Sendable, Hashable {
    /// Every event tracked before the call is in SQLite.
    case persisted
    /// The store could not take them (unavailable, or an insert failed): this many
    /// events wait in memory (at most `maxQueueSize`) and are written when the
    /// store is back. They are lost if the process ends before that.
    case heldInMemory(count: Int, reason: String)
}
