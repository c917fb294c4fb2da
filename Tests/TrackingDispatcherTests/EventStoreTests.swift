import Foundation
import Testing
import TrackingTesting
import TrackingSQLite
@testable import TrackingDispatcher

@Suite("Event store (SQLite)", .timeLimit(.minutes(10)))
struct EventStoreTests {
    func row(_ n: Int, bytes: Int = 10) -> NewStoredEvent {
        NewStoredEvent(uuid: "u\(n)", eventName: "e", payload: Array(repeating: UInt8(ascii: "x"), count: bytes), createdAt: Double(n))
    }

    @Test("Pages oldest first, marks them in flight, respects the byte cap")
    func pagesOldestFirst() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = try EventStore(url: dir.database)
        _ = try store.insert((0..<10).map { row($0) })
        let page = try store.nextBatch(limit: 4, byteLimit: 1_000, requestID: "r1")
        #expect(page.map(\.uuid) == ["u0", "u1", "u2", "u3"])
        #expect(try store.counts() == StoreCounts(pending: 6, inFlight: 4, setAside: 0))
        let capped = try store.nextBatch(limit: 100, byteLimit: 25, requestID: "r2")
        #expect(capped.map(\.uuid) == ["u4", "u5"])      // 11 bytes each with the separator
        try store.delete(ids: page.map(\.id))
        try store.release(ids: capped.map(\.id), countAttempt: true)
        #expect(try store.counts() == StoreCounts(pending: 6, inFlight: 0, setAside: 0))
        #expect(try store.events(in: .pending).first?.attempts == 1)
        #expect(store.largestPageLoaded == 4)
    }

    @Test("A single event larger than the byte cap is returned alone")
    func oversizedEventAlone() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = try EventStore(url: dir.database)
        _ = try store.insert([row(0, bytes: 500), row(1)])
        #expect(try store.nextBatch(limit: 10, byteLimit: 100, requestID: "r").map(\.uuid) == ["u0"])
    }

    @Test("Rows left in flight by a crashed process are pending again on open")
    func inFlightRecoveredOnOpen() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let store = try EventStore(url: dir.database)
            _ = try store.insert((0..<3).map { row($0) })
            _ = try store.nextBatch(limit: 2, byteLimit: 1_000, requestID: "r")
            store.close()
        }
        let reopened = try EventStore(url: dir.database)
        #expect(reopened.openReport.recoveredInFlight == 2)
        #expect(try reopened.counts() == StoreCounts(pending: 3, inFlight: 0, setAside: 0))
    }

    @Test("maxQueueSize drops the oldest pending rows and says which")
    func maxQueueSizeDropsOldest() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let store = try EventStore(url: dir.database)
        _ = try store.insert((0..<5).map { row($0) }, maxQueueSize: 8)
        let result = try store.insert((5..<10).map { row($0) }, maxQueueSize: 8)
        #expect(result.dropped == ["u0", "u1"])
        #expect(try store.events(in: .pending).map(\.uuid) == (2..<10).map { "u\($0)" })
        #expect(store.activeEventCount == 8)
    }

    @Test("A version-1 database is migrated to the current schema, keeping its rows")
    func migratesVersionOne() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let db = try SQLiteDatabase(path: dir.database.path)
            try db.execute(StoreSchema.migrations[0])
            try db.execute("PRAGMA user_version = 1")
            try db.execute("INSERT INTO events (uuid, event_name, payload, created_at) VALUES ('old', 'e', x'7b7d', 0)")
            db.close()
        }
        let store = try EventStore(url: dir.database)
        #expect(store.schemaVersion == StoreSchema.currentVersion)
        #expect(try store.events(in: .pending).map(\.uuid) == ["old"])
        _ = try store.insert([NewStoredEvent(uuid: "new", eventName: "e", payload: [], missingGlobals: ["appVersion"], createdAt: 1)])
        #expect(try store.counts().pending == 2)
    }

    @Test("A file that is not a database is moved aside and recreated, never a crash")
    func corruptFileMovedAside() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try Data(repeating: 0xAB, count: 8_192).write(to: dir.database)
        let store = try EventStore(url: dir.database)
        let moved = try #require(store.openReport.movedAside)
        #expect(FileManager.default.fileExists(atPath: moved.path))
        #expect(moved.path.hasPrefix(dir.database.path + ".corrupt-"))
        _ = try store.insert([row(1)])
        #expect(try store.counts().pending == 1)
    }

    @Test("The client reports a recreated database and keeps tracking")
    func clientReportsRecreatedDatabase() async throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try Data("definitely not sqlite, but long enough to look like a header....".utf8).write(to: dir.database)
        let notices = NoticeLog()
        let client = TrackingClient(configuration: DispatcherConfiguration(databaseURL: dir.database, strategies: [.manual], contract: .standard),
                                    providers: [], globals: StaticGlobals(), clock: ManualClock(),
                                    onNotice: { notices.append($0) })
        client.track(TestEvent())
        #expect(try await client.storeCounts().pending == 1)
        #expect(await client.storeOpenReport.movedAside != nil)
        #expect(notices.all.contains { if case .databaseRecreated = $0 { true } else { false } })
        await client.shutdown()
    }
}

@Suite("Event store fallback", .timeLimit(.minutes(10)))
struct EventStoreFallbackTests {
    @Test("A database path that cannot be created: reported as unavailable, events held in memory, nothing persisted")
    func unusablePathIsUnavailable() async throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let blocker = dir.url.appendingPathComponent("not-a-directory")
        try Data("x".utf8).write(to: blocker)
        let notices = NoticeLog()
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: blocker.appendingPathComponent("events.sqlite"), strategies: [.manual], contract: .standard),
            providers: [], globals: StaticGlobals(), clock: ManualClock(), onNotice: { notices.append($0) })
        client.track(TestEvent())
        guard case .heldInMemory(count: 1, _) = await client.waitUntilPersisted() else {
            Issue.record("reported persisted without a store")
            return
        }
        await #expect(throws: EventStoreError.self) { try await client.storeCounts() }
        #expect(notices.all.contains { if case .storeUnavailable = $0 { true } else { false } })
        #expect(try Data(contentsOf: blocker) == Data("x".utf8))
        await client.shutdown()
    }
}
