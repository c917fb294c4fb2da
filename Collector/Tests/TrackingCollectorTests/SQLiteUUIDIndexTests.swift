import Foundation
import Testing
import TrackingCore
import TrackingSQLite
@testable import TrackingCollectorKit

/// SQLite finds duplicates in memory (`StoredUUIDs`) rather than through a unique
/// index on uuid: the same answers as the index gave, across restarts, a reset and
/// the migration of a file written with the index.
@Suite("SQLite duplicates found in memory", .timeLimit(.minutes(10)))
struct SQLiteUUIDIndexTests {
    @Test("ParsedUUID reads exactly what Foundation's UUID(uuidString:) reads, to the same bits")
    func parsedUUIDAgreesWithFoundation() {
        var inputs = (0..<500).map { _ in UUID().uuidString } + (0..<500).map { _ in UUID().uuidString.lowercased() }
        inputs += ["", "-", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
                   "0000000000000000000000000000000000000", "00000000-0000-0000-0000-00000000000",
                   "00000000-0000-0000-0000-0000000000000", "00000000_0000-0000-0000-000000000000",
                   "{00000000-0000-0000-0000-000000000000}", "0000000g-0000-0000-0000-000000000000",
                   "00000000-0000-0000-0000-00000000000G", " 0000000-0000-0000-0000-000000000000",
                   "00000000-00000000-0000-0000-00000000", "0000000-00000-0000-0000-000000000000",
                   "00000000-0000-0000-0000-0000000000é", "00000000-0000-0000-0000-00000000000\u{0}"]
        // Every byte at every position of one uuid.
        let base = Array("6ba7b810-9dad-11d1-80b4-00c04fd430c8".utf8)
        for position in base.indices {
            for byte in UInt8(0)...UInt8(127) {
                var bytes = base
                bytes[position] = byte
                inputs.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        var disagreements: [String] = []
        for text in inputs {
            let ours = ParsedUUID(text)
            let foundation = UUID(uuidString: text)
            guard (ours == nil) == (foundation == nil) else { disagreements.append(text); continue }
            if let ours, let foundation {
                let bytes = withUnsafeBytes(of: foundation.uuid) { Array($0) }
                let high = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                let low = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                if ours.high != high || ours.low != low { disagreements.append(text) }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(inputs.count > 4_000)
    }

    @Test("A uuid stored before a restart is a duplicate after it, and /events?uuid= finds its row in any case")
    func duplicatesAcrossRestarts() async throws {
        let path = GroupCommitTests.temporaryFile()
        defer { GroupCommitTests.removeDatabase(path) }
        let first = GroupCommitTests.uuids(50)
        let storage = try SQLiteStorage(path: path)
        #expect(try await storage.ingest(GroupCommitTests.ingestBatch(first, requestID: "a")) == [])
        await storage.close()

        let reopened = try SQLiteStorage(path: path)
        let fresh = GroupCommitTests.uuids(3)
        let duplicates = try await reopened.ingest(GroupCommitTests.ingestBatch([first[7]] + fresh + [first[42]], requestID: "b"))
        #expect(duplicates == [first[7], first[42]])
        let found = try await reopened.events(EventQuery(uuid: first[42].uppercased()))
        #expect(found.map(\.uuid) == [first[42]])
        #expect(try await reopened.events(EventQuery(uuid: fresh[1])).map(\.requestID) == ["b"])
        #expect(try await reopened.events(EventQuery(uuid: UUID().uuidString)).isEmpty)
        #expect(try await reopened.events(EventQuery(uuid: "not a uuid")).isEmpty)
        #expect(try await reopened.totals().events == 53)
        await reopened.close()
    }

    @Test("After a reset nothing is a duplicate; sequence numbers keep growing")
    func reset() async throws {
        let storage = try SQLiteStorage(path: nil)
        let uuids = GroupCommitTests.uuids(5)
        _ = try await storage.ingest(GroupCommitTests.ingestBatch(uuids, requestID: "a"))
        let before = try await storage.eventPage(EventQuery()).last ?? 0
        try await storage.reset()
        #expect(try await storage.ingest(GroupCommitTests.ingestBatch(uuids, requestID: "b")) == [])
        let after = try await storage.eventPage(EventQuery())
        #expect(after.rows.map(\.uuid) == uuids)
        #expect((after.last ?? 0) > before)
        await storage.close()
    }

    @Test("A file written with the unique index on uuid is migrated: rows, duplicates and the sequence kept")
    func migratesTheUniqueIndexAway() async throws {
        let path = GroupCommitTests.temporaryFile()
        defer { GroupCommitTests.removeDatabase(path) }
        let old = GroupCommitTests.uuids(4)
        do {
            // The schema of version 1, as the collector wrote it before.
            let database = try SQLiteDatabase(path: path)
            try database.execute("""
                CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL UNIQUE,
                    event_name TEXT NOT NULL, kind TEXT NOT NULL, payload TEXT NOT NULL, violations TEXT NOT NULL,
                    request_id TEXT NOT NULL, received_at REAL NOT NULL);
                CREATE TABLE rejected_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT NOT NULL,
                    reason TEXT NOT NULL, payload TEXT NOT NULL, request_id TEXT NOT NULL, received_at REAL NOT NULL);
                CREATE TABLE requests (seq INTEGER PRIMARY KEY AUTOINCREMENT, request_id TEXT NOT NULL,
                    status INTEGER NOT NULL, events INTEGER NOT NULL, accepted INTEGER NOT NULL,
                    duplicates INTEGER NOT NULL, rejected INTEGER NOT NULL, bytes INTEGER NOT NULL,
                    outcome TEXT NOT NULL, received_at REAL NOT NULL);
                PRAGMA user_version = 1;
                """)
            for (index, uuid) in old.enumerated() {
                try database.execute("""
                    INSERT INTO events VALUES (\(index * 10 + 1), '\(uuid)', 'wishlistPageView', 'pageView', '{}', '[]', 'old', 0)
                    """)
            }
            // A row deleted at the end: the next one must not reuse its number.
            try database.execute("INSERT INTO events VALUES (100, '\(UUID().uuidString.lowercased())', 'e', 'k', '{}', '[]', 'old', 0)")
            try database.execute("DELETE FROM events WHERE seq = 100")
            database.close()
        }
        let storage = try SQLiteStorage(path: path)
        let fresh = GroupCommitTests.uuids(2)
        #expect(try await storage.ingest(GroupCommitTests.ingestBatch([old[2]] + fresh, requestID: "new")) == [old[2]])
        let page = try await storage.eventPage(EventQuery())
        #expect(page.rows.map(\.uuid) == old + fresh)
        #expect(page.last == 102)
        #expect(try await storage.events(EventQuery(uuid: old[3])).map(\.requestID) == ["old"])
        await storage.close()
        let database = try SQLiteDatabase(path: path)
        // Migrated through to the newest version (3: the arrival counts, ArrivalsTests).
        #expect(try database.scalarInt("PRAGMA user_version") == 3)
        #expect(try database.scalarInt("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index'") == 0)
        database.close()
    }

    @Test("While a collector has the file open, a second one cannot open it")
    func oneProcessOwnsTheFile() async throws {
        let path = GroupCommitTests.temporaryFile()
        defer { GroupCommitTests.removeDatabase(path) }
        let storage = try SQLiteStorage(path: path)
        _ = try await storage.ingest(GroupCommitTests.ingestBatch(GroupCommitTests.uuids(1), requestID: "a"))
        #expect(throws: SQLiteError.self) { _ = try SQLiteStorage(path: path) }
        await storage.close()
        let next = try SQLiteStorage(path: path)
        #expect(try await next.totals().events == 1)
        await next.close()
    }

    @Test("A batch written in runs of several rows: every uuid finds its own row, repeats and stored uuids are duplicates")
    func multiRowInserts() async throws {
        let storage = try SQLiteStorage(path: nil)
        let earlier = GroupCommitTests.uuids(7)
        #expect(try await storage.ingest(GroupCommitTests.ingestBatch(earlier, requestID: "a")) == [])
        // 100 new uuids (runs of 64, 32 and 4 rows), with stored ones and a repeat among them.
        var fresh = GroupCommitTests.uuids(100)
        let sent = Array(fresh[..<30]) + [earlier[3]] + Array(fresh[30..<77]) + [fresh[5], earlier[6]] + Array(fresh[77...])
        let duplicates = try await storage.ingest(GroupCommitTests.ingestBatch(sent, requestID: "b"))
        #expect(duplicates == [earlier[3], earlier[6], fresh[5]])
        fresh += earlier
        for uuid in fresh {
            let found = try await storage.events(EventQuery(uuid: uuid))
            #expect(found.map(\.uuid) == [uuid])
        }
        #expect(try await storage.events(EventQuery(limit: 1_000)).map(\.uuid) == earlier + Array(fresh[..<100]))
        #expect(try await storage.totals().events == 107)
        await storage.close()
    }

    @Test("The check hands on the uuid it read, the key the storage would have read from the stored text")
    func checkKeepsTheUUID() throws {
        let checker = EventChecker()
        for text in ["6BA7B810-9DAD-11D1-80B4-00C04FD430C8", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"] {
            let event = JSONValue.object([
                (key: "uuid", value: .string(text)), (key: "event", value: .string("x")), (key: "kind", value: .string("k")),
                (key: "contractVersion", value: .string("1.0.0")), (key: "clientTimestamp", value: .string("2026-11-27T10:00:00.000Z")),
            ])
            let (result, key) = checker.checkKeepingUUID(event)
            guard case .accepted(let uuid, _, _, _) = result else {
                Issue.record("rejected: \(result)")
                continue
            }
            #expect(uuid == text.lowercased())
            #expect(key != nil && key == ParsedUUID(uuid))
        }
        let (_, rejectedKey) = checker.checkKeepingUUID(.object([(key: "uuid", value: .string("not a uuid"))]))
        #expect(rejectedKey == nil)
    }
}
