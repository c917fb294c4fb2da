import Foundation
import Testing
import TrackingCore
@testable import TrackingDispatcher

/// A provider that, for every event it is handed, looks the event up in the
/// store: the pipeline must never let a provider see an event before its
/// transaction committed.
final class PersistedCheckProvider: TrackingProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var store: EventStore?
    private var seen: [String] = []
    private var unpersisted: [String] = []
    private var associated: [Int] = []
    /// The uuids read back from the store so far. Events are committed in
    /// batches, so the store is read again only when an event is not among them:
    /// about once per committed batch, not once per event (reading every stored
    /// row for each of 2,000 events made this test quadratic, and minutes long
    /// on a busy machine).
    private var known: Set<String> = []

    func setup(_ context: ProviderContext) { lock.withLock { store = context.store as? EventStore } }

    func track(_ event: ProcessedEvent) {
        let store = lock.withLock { self.store }
        if !lock.withLock({ known.contains(event.uuid) }) {
            // Nothing is delivered in this test: every persisted event is pending.
            let stored = (try? store?.events(in: .pending, limit: 100_000).map(\.uuid)) ?? []
            lock.withLock { known.formUnion(stored) }
        }
        lock.withLock {
            seen.append(event.uuid)
            if !known.contains(event.uuid) { unpersisted.append(event.uuid) }
        }
    }

    func associate(user: TrackedUser) { lock.withLock { associated.append(seen.count) } }
    func disassociate() {}

    var events: [String] { lock.withLock { seen } }
    var notYetPersisted: [String] { lock.withLock { unpersisted } }
    var associatedAfter: [Int] { lock.withLock { associated } }
}

@Suite("Dispatcher pipeline", .timeLimit(.minutes(10)))
struct PipelineTests {
    @Test("Providers see events only once persisted, in tracking order, with control items in place")
    func providersSeePersistedEventsInOrder() async throws {
        let directory = TemporaryDirectory()
        let provider = PersistedCheckProvider()
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: directory.database, strategies: [.manual],
                                                   contract: .standard, reportViolationsLoudly: false),
            providers: [provider], globals: StaticGlobals(["appVersion": .string("1")]))
        // More than one batch of 512, so batches are prepared while others commit.
        let first = (0..<1_300).map { _ in TestEvent() }
        first.forEach { client.track($0) }
        client.associate(user: TrackedUser(id: "u"))
        let second = (0..<700).map { _ in TestEvent() }
        second.forEach { client.track($0) }
        await client.waitUntilPersisted()
        #expect(provider.events == (first + second).map(\.id))
        #expect(provider.notYetPersisted.isEmpty)
        #expect(provider.associatedAfter == [1_300])
        let counts = try await client.storeCounts()
        #expect(counts.pending == 2_000)
        #expect(client.journey.steps(for: second.last!.uuid).map(\.stage)
                == [.created, .validated(violations: []), .persisted(flags: [.incomplete])])
        await client.shutdown()
        directory.remove()
    }
}
