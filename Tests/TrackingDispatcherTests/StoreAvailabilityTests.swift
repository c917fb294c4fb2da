import Foundation
import Testing
import TrackingTesting
import TrackingCore
import TrackingSQLite
@testable import TrackingDispatcher

/// Unavailable is not corrupt: only what SQLite reports as damage replaces the
/// file (after salvaging every readable row); any other failure leaves the file
/// alone, keeps events in memory and retries.
@Suite("Store availability and salvage", .timeLimit(.minutes(10)))
struct StoreAvailabilityTests {
    func row(_ n: Int, bytes: Int = 10) -> NewStoredEvent {
        NewStoredEvent(uuid: "u\(n)", eventName: "e", payload: Array("p\(n)-".utf8) + Array(repeating: UInt8(ascii: "x"), count: bytes),
                       createdAt: Double(n))
    }

    /// Files next to the database whose names say they were moved aside.
    func movedAside(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains(".corrupt-") }
    }

    @Test("A database another connection holds locked: unavailable, nothing moved, usable once released")
    func lockedIsUnavailable() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let store = try EventStore(url: dir.database)
            _ = try store.insert([row(1), row(2)])
            store.close()
        }
        let locker = try SQLiteDatabase(path: dir.database.path)
        try locker.execute("PRAGMA locking_mode=EXCLUSIVE")
        try locker.execute("BEGIN EXCLUSIVE")
        try locker.execute("UPDATE events SET flags = flags")

        let store = EventStore(unopenedAt: dir.database, busyTimeout: 50)
        #expect {
            try store.open()
        } throws: { error in
            guard case .unavailable(let reason) = error as? EventStoreError else { return false }
            return reason.contains("locked")
        }
        #expect(!store.isOpen)
        #expect(try movedAside(in: dir).isEmpty)
        #expect(throws: EventStoreError.self) { try store.insert([row(3)]) }

        try locker.execute("COMMIT")
        locker.close()
        try store.open()
        #expect(try store.events(in: .pending).map(\.uuid) == ["u1", "u2"])
        #expect(store.openReport.movedAside == nil)
    }

    @Test("A database written by a newer schema version is never moved or changed")
    func newerSchemaUntouched() async throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let store = try EventStore(url: dir.database)
            _ = try store.insert([row(1)])
            store.close()
            let db = try SQLiteDatabase(path: dir.database.path)
            try db.execute("PRAGMA user_version = 99")
            db.close()
        }
        #expect(throws: EventStoreError.newerSchema(found: 99, known: StoreSchema.currentVersion)) {
            try EventStore(url: dir.database)
        }
        // The client keeps its events in memory and reports the store unavailable.
        let notices = NoticeLog()
        let client = TrackingClient(configuration: DispatcherConfiguration(databaseURL: dir.database, strategies: [.manual], contract: .standard),
                                    providers: [], globals: StaticGlobals(), clock: ManualClock(),
                                    onNotice: { notices.append($0) })
        client.track(TestEvent())
        #expect(await client.waitUntilPersisted() == .heldInMemory(count: 1, reason: "\(EventStoreError.newerSchema(found: 99, known: StoreSchema.currentVersion))"))
        #expect(notices.all.contains { if case .storeUnavailable = $0 { true } else { false } })
        #expect(!notices.all.contains { if case .databaseRecreated = $0 { true } else { false } })
        await client.shutdown()
        #expect(try movedAside(in: dir).isEmpty)
        let db = try SQLiteDatabase(path: dir.database.path)
        #expect(try db.scalarInt("PRAGMA user_version") == 99)
        #expect(try db.scalarInt("SELECT COUNT(*) FROM events") == 1)
        db.close()
    }

    @Test("Can't open (a directory where the file should be): events wait in memory, bounded, until the store is back")
    func cannotOpenHoldsInMemoryAndRetries() async throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        // sqlite3_open_v2 fails with SQLITE_CANTOPEN; the old code moved this aside.
        try FileManager.default.createDirectory(at: dir.database, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: dir.database.appendingPathComponent("marker"))
        let clock = ManualClock()
        let notices = NoticeLog()
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: dir.database, batch: BatchConfiguration(maxQueueSize: 3),
                                                   strategies: [.manual], contract: .standard),
            providers: [], globals: StaticGlobals(), clock: clock, onNotice: { notices.append($0) })
        let events = (0..<5).map { _ in TestEvent() }
        events.forEach { client.track($0) }
        guard case .heldInMemory(let count, _) = await client.waitUntilPersisted() else {
            Issue.record("persistence reported while the store cannot be opened")
            return
        }
        #expect(count == 3)
        // The drops may be reported in one notice or several, as the queue's
        // worker happens to run; what matters is that two were reported.
        let droppedTotal = notices.all.reduce(0) { total, notice in
            if case .droppedOldest(let count) = notice { total + count } else { total }
        }
        #expect(droppedTotal == 2)
        #expect(notices.all.filter { if case .storeUnavailable = $0 { true } else { false } }.count == 1)
        #expect(client.journey.steps(for: events[0].uuid).contains { if case .dropped = $0.stage { true } else { false } })
        #expect(!client.journey.steps(for: events[4].uuid).contains { if case .persisted = $0.stage { true } else { false } })
        #expect(FileManager.default.fileExists(atPath: dir.database.appendingPathComponent("marker").path))
        #expect(try movedAside(in: dir).isEmpty)

        // Retried after 1 s (still failing), then after 2 s more.
        #expect(await eventually { clock.sleeperCount == 1 })
        clock.advance(by: .seconds(1))
        #expect(await eventually { clock.sleeperCount == 1 })
        try FileManager.default.removeItem(at: dir.database)
        clock.advance(by: .seconds(1.5))
        #expect(await client.waitUntilPersisted() != .persisted)   // the backoff has not ended
        clock.advance(by: .seconds(0.5))
        #expect(await eventually { await client.waitUntilPersisted() == .persisted })
        #expect(try await client.storedEvents(in: .pending).map(\.uuid) == events.suffix(3).map(\.id))
        #expect(client.journey.steps(for: events[4].uuid).contains { if case .persisted = $0.stage { true } else { false } })
        await client.shutdown()
    }

    @Test("A really damaged file: every readable row salvaged into a new file, the loss counted")
    func damagedFileSalvaged() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let total = 600
        do {
            let store = try EventStore(url: dir.database)
            // About one row per page, so a few damaged pages cost a few rows.
            _ = try store.insert((1...total).map { row($0, bytes: 3_000) })
            store.close()
        }
        // Overwrite three pages in the middle of the file with garbage.
        let handle = try FileHandle(forWritingTo: dir.database)
        try handle.seek(toOffset: 4_096 * 300)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 4_096 * 3))
        try handle.close()

        let store = try EventStore(url: dir.database)
        let report = try #require(store.openReport.movedAside)
        #expect(report.reason.contains("quick_check") || report.reason.contains("malformed"))
        #expect(report.salvaged > total - 20 && report.salvaged < total)
        #expect(report.lost == total - report.salvaged)
        #expect(FileManager.default.fileExists(atPath: report.path))
        let pending = try store.events(in: .pending, limit: total)
        #expect(pending.count == report.salvaged)
        // Salvaged rows are the same rows, byte for byte.
        for event in pending {
            let n = Int(event.uuid.dropFirst())!
            #expect(event.payload == row(n, bytes: 3_000).payload)
        }
        _ = try store.insert([row(total + 1)])
        #expect(try store.counts().pending == report.salvaged + 1)
    }

    @Test("Damage found after opening (a read failing with SQLITE_CORRUPT) goes through the same salvage")
    func damageAfterOpenSalvaged() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let recreations = RecreationLog()
        let store = try EventStore(url: dir.database, onRecreated: { recreations.append($0) })
        _ = try store.insert((1...50).map { row($0) })
        let inFlight = try store.nextBatch(limit: 5, byteLimit: 10_000, requestID: "r1")

        // Another connection points the state index at the table's pages: every
        // query through that index now fails with SQLITE_CORRUPT.
        let other = try SQLiteDatabase(path: dir.database.path)
        let root = try other.scalarInt("SELECT rootpage FROM sqlite_master WHERE name = 'events'")
        let version = try other.scalarInt("PRAGMA schema_version")
        try other.execute("PRAGMA writable_schema=ON")
        try other.execute("UPDATE sqlite_master SET rootpage = \(root) WHERE name = 'events_by_state'")
        try other.execute("PRAGMA schema_version = \(version + 1)")
        other.close()

        let page = try store.nextBatch(limit: 10, byteLimit: 10_000, requestID: "r2")
        #expect(page.map(\.uuid) == (6...15).map { "u\($0)" })
        let recreation = try #require(recreations.all.first)
        #expect(recreations.all.count == 1)
        #expect(recreation.salvaged == 50)
        #expect(recreation.reason.contains("malformed"))
        // The page in flight before keeps its ids in the new file.
        try store.delete(ids: inFlight.map(\.id))
        #expect(try store.counts() == StoreCounts(pending: 35, inFlight: 10, setAside: 0))
    }

    @Test("A file that is not a database (SQLITE_NOTADB): nothing to salvage, reported as such")
    func notADatabase() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try Data(repeating: 0xAB, count: 8_192).write(to: dir.database)
        let store = try EventStore(url: dir.database)
        let report = try #require(store.openReport.movedAside)
        #expect(report.salvaged == 0)
        #expect(report.lost == nil)
        #expect(try store.counts().total == 0)
    }
}

final class RecreationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [StoreRecreation] = []
    func append(_ item: StoreRecreation) { lock.withLock { items.append(item) } }
    var all: [StoreRecreation] { lock.withLock { items } }
}

@Suite("Store file protection")
struct StoreFileProtectionTests {
    @Test("Readable after the first unlock by default; each class maps to its SQLite open flag on Apple platforms, none elsewhere")
    func protectionClasses() {
        let configuration = DispatcherConfiguration(databaseURL: URL(fileURLWithPath: "/tmp/x.sqlite"), contract: .standard)
        #expect(configuration.fileProtection == .completeUntilFirstUserAuthentication)
        let flags = StoreFileProtection.allCases.map(\.sqliteOpenFlag)
        #if canImport(SQLite3)
        #expect(Set(flags).count == StoreFileProtection.allCases.count)
        #expect(!flags.contains(0))
        #else
        #expect(flags.allSatisfy { $0 == 0 })
        #endif
    }
}
