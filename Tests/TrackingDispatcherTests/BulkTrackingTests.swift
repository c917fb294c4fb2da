import Foundation
import Testing
import TrackingTesting
import TrackingCore
@testable import TrackingDispatcher

/// A provider that notes how many rows the store held when it saw its first event.
final class FirstSightProvider: TrackingProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var store: EventStore?
    private var counts: [Int] = []
    private var uuids: [String] = []

    func setup(_ context: ProviderContext) { lock.withLock { store = context.store as? EventStore } }
    func track(_ event: ProcessedEvent) {
        let store = lock.withLock { self.store }
        let count = store?.activeEventCount ?? -1
        lock.withLock {
            counts.append(count)
            uuids.append(event.uuid)
        }
    }
    func associate(user: TrackedUser) {}
    func disassociate() {}

    var storeCountsSeen: [Int] { lock.withLock { counts } }
    var seen: [String] { lock.withLock { uuids } }
}

@Suite("Bulk tracking", .timeLimit(.minutes(10)))
struct BulkTrackingTests {
    @Test("track(contentsOf:) persists 1,000 events in one transaction, in order, after what was tracked before")
    func oneTransaction() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let provider = FirstSightProvider()
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: directory.database, strategies: [.manual], contract: .standard),
            providers: [provider], globals: StaticGlobals(), clock: ManualClock())
        let single = TestEvent()
        client.track(single)
        await client.waitUntilPersisted()
        let bulk = (0..<1_000).map { _ in TestEvent() }
        client.track(contentsOf: bulk)
        #expect(await client.waitUntilPersisted() == .persisted)
        // The provider saw the first bulk event when all 1,000 were already committed
        // (batches of single `track` calls are committed 512 at a time).
        #expect(provider.storeCountsSeen.dropFirst().first == 1_001)
        #expect(provider.seen == [single.id] + bulk.map(\.id))
        #expect(try await client.storedEvents(in: .pending, limit: 2_000).map(\.uuid) == [single.id] + bulk.map(\.id))
        await client.shutdown()
    }

    @Test("Each event of a bulk gets the guarantees of track: flags, violations, journey; a mixed sequence of types")
    func sameGuarantees() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let notices = NoticeLog()
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: directory.database, strategies: [.manual], contract: .standard,
                                                   reportViolationsLoudly: false),
            providers: [], globals: StaticGlobals(), clock: ManualClock(), onNotice: { notices.append($0) })
        let first = TestEvent()
        var repeated = TestEvent()
        repeated.uuid = first.uuid
        let broken = TestEvent(viewType: "")
        let events: [any TrackingEvent] = [first, repeated, broken]
        client.track(contentsOf: events)
        client.track(contentsOf: [TestEvent]())          // nothing to do
        #expect(await client.waitUntilPersisted() == .persisted)
        let stored = try await client.storedEvents(in: .pending)
        #expect(stored.count == 3)
        #expect(stored[1].flags.contains(.duplicate))
        #expect(stored[2].flags.contains(.violations))
        #expect(notices.all.contains(.duplicate(uuid: first.id)))
        #expect(client.journey.steps(for: broken.uuid).contains { if case .persisted = $0.stage { true } else { false } })
        await client.shutdown()
    }
}
