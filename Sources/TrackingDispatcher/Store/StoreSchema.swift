/// The event store's schema, as an ordered list of migrations.
///
/// `PRAGMA user_version` holds how many have run. A new version appends a
/// migration; never edit one that has shipped.
enum StoreSchema {
    static let migrations: [String] = [
        // 1: the queue.
        """
        CREATE TABLE IF NOT EXISTS events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uuid TEXT NOT NULL,
            event_name TEXT NOT NULL,
            payload BLOB NOT NULL,
            flags INTEGER NOT NULL DEFAULT 0,
            violations TEXT,
            state INTEGER NOT NULL DEFAULT 0,
            reason TEXT,
            attempts INTEGER NOT NULL DEFAULT 0,
            request_id TEXT,
            created_at REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS events_by_state ON events(state, id);
        """,
        // 2: which globals fell back to their default (for the journey and QA).
        """
        ALTER TABLE events ADD COLUMN missing_globals TEXT;
        """,
    ]

    static var currentVersion: Int64 { Int64(migrations.count) }
}
