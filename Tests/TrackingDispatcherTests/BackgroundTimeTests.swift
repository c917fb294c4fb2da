import Foundation
import Logging
import Testing
import TrackingTesting
import TrackingCore
@testable import TrackingDispatcher

/// A `BackgroundTimeProvider` that grants time and lets the test say when it expires.
final class FakeBackgroundTime: BackgroundTimeProvider, @unchecked Sendable {
    struct Grant {
        var name: String
        var ended = false
        var onExpiration: @Sendable () -> Void
        /// What `snapshot` returned when the grant ended.
        var atEnd: Int?
    }

    private let lock = NSLock()
    private var grants: [Int: Grant] = [:]
    private var next = 1
    private(set) var maxActive = 0
    /// Read when a grant ends (for example how many events the collector holds).
    var snapshot: @Sendable () -> Int = { 0 }

    func beginBackgroundTime(named name: String, onExpiration: @escaping @Sendable () -> Void) -> BackgroundTimeGrant? {
        lock.withLock {
            defer { next += 1 }
            grants[next] = Grant(name: name, onExpiration: onExpiration)
            maxActive = max(maxActive, grants.values.filter { !$0.ended }.count)
            return BackgroundTimeGrant(rawValue: next)
        }
    }

    func endBackgroundTime(_ grant: BackgroundTimeGrant) {
        let value = snapshot()
        lock.withLock {
            precondition(grants[grant.rawValue]?.ended == false, "ended twice or never begun")
            grants[grant.rawValue]?.ended = true
            grants[grant.rawValue]?.atEnd = value
        }
    }

    var began: Int { lock.withLock { grants.count } }
    var ended: Int { lock.withLock { grants.values.filter(\.ended).count } }
    var active: Int { lock.withLock { grants.values.filter { !$0.ended }.count } }
    var valuesAtEnd: [Int] { lock.withLock { grants.sorted { $0.key < $1.key }.compactMap(\.value.atEnd) } }

    /// The system says time is up for the active grant; returns once its handler returned.
    func expire() {
        let handler = lock.withLock { grants.values.first { !$0.ended }?.onExpiration }
        handler?()
    }
}

/// A client with a real collector on 127.0.0.1, a manual clock and a fake background-time provider.
struct BackgroundSetup {
    let directory = TemporaryDirectory()
    let collector: CollectorServer
    let time = FakeBackgroundTime()
    let client: TrackingClient

    init(strategies: FlushStrategy = [.manual, .didEnterBackground, .willEnterForeground]) async throws {
        collector = try CollectorServer()
        let port = try await collector.start()
        var logger = Logger(label: "tracking.tests")
        logger.logLevel = .critical
        client = TrackingClient(
            configuration: DispatcherConfiguration(
                databaseURL: directory.database, batch: BatchConfiguration(deliverySize: 100), strategies: strategies,
                // Requests held by the test collector must outlast any pause of a busy machine.
                retry: RetryPolicy(minimumRequestInterval: 0, requestTimeout: 600), contract: .standard),
            providers: [CollectorProvider(endpoint: CollectorServer.batchURL(port: port))],
            globals: StaticGlobals(), clock: ManualClock(), logger: logger, backgroundTime: time)
        let collector = self.collector
        time.snapshot = { (try? collector.events().count) ?? -1 }
    }

    func tearDown() async {
        await client.shutdown()
        await collector.stop()
        directory.remove()
    }
}

@Suite("Background time", .timeLimit(.minutes(10)))
struct BackgroundTimeTests {
    @Test("Begin on entering the background, hold until persisted and flushed, then end at once")
    func beginFlushEnd() async throws {
        let s = try await BackgroundSetup()
        let events = (0..<3).map { _ in TestEvent() }
        events.forEach { s.client.track($0) }
        s.client.applicationDidEnterBackground()
        #expect(s.time.began == 1)                 // asked for on the caller's thread
        #expect(await eventually { s.time.ended == 1 })
        #expect(s.time.valuesAtEnd == [3])         // ended only once the collector had every event
        #expect(try await s.client.storeCounts().total == 0)
        let stages = s.client.backgroundSteps.map(\.stage)
        #expect(stages == [.began(grant: 1), .persisted(.persisted), .flushed(delivered: 3, requests: 1),
                           .ended(grant: 1, reason: "work done")])
        #expect(s.time.maxActive == 1)
        await s.tearDown()
    }

    @Test("Expiry in the middle of an upload: no new request, the one in flight cancelled, events pending, time given back at once")
    func expiryMidUpload() async throws {
        let s = try await BackgroundSetup()
        let events = (0..<3).map { _ in TestEvent() }
        events.forEach { s.client.track($0) }
        await s.collector.inject([.heldUntilReleased])      // the collector holds its answer until teardown
        s.client.applicationDidEnterBackground()
        // At the collector, not merely sent: a request cancelled before it arrived would leave
        // the held answer to the next one.
        #expect(await eventually { s.collector.heldBatchRequests == 1 })
        #expect(s.client.journey.steps(for: events[0].uuid).contains { if case .sent = $0.stage { true } else { false } })
        s.time.expire()
        #expect(s.time.ended == 1)                 // given back inside the expiration handler
        #expect(await eventually { (try? await s.client.storeCounts()) == StoreCounts(pending: 3, inFlight: 0, setAside: 0) })
        #expect(try await s.client.storedEvents(in: .pending).allSatisfy { $0.attempts == 0 })   // not counted as a failure
        #expect(s.client.journey.steps(for: events[0].uuid).contains {
            if case .failed(_, let reason) = $0.stage { reason.contains("background time expired") } else { false }
        })
        #expect(await eventually { s.client.backgroundSteps.contains { $0.stage == .expired } })
        // No new request while the gate is closed, even for a manual flush.
        #expect(await s.client.flush().requests == 0)
        #expect(try s.collector.requestLog().count <= 1)

        // Back in the foreground, the events go once more and are confirmed once.
        s.client.applicationWillEnterForeground()
        let summary = await s.client.flush()
        #expect(try await s.client.storeCounts().total == 0)
        #expect(summary.delivered == 3)
        #expect(Set(try s.collector.events().map(\.uuid)) == Set(events.map(\.id)))
        #expect(s.time.began == s.time.ended)
        await s.tearDown()
    }

    @Test("Quick background/foreground switches, and a background during a flush: no grant leaked or left running")
    func quickSwitches() async throws {
        let s = try await BackgroundSetup()
        (0..<5).forEach { _ in s.client.track(TestEvent()) }
        // Requests held until the switches are done (not merely slow): a grant's work
        // cannot end in between, however long the machine takes between two calls.
        await s.collector.inject([.heldUntilReleased, .heldUntilReleased])
        let client = s.client
        let flush = Task { await client.flush() }
        for _ in 0..<5 {
            s.client.applicationDidEnterBackground()
            s.client.applicationWillEnterForeground()
        }
        s.client.applicationDidEnterBackground()
        s.client.applicationDidEnterBackground()
        (0..<5).forEach { _ in s.client.track(TestEvent()) }
        s.client.applicationDidEnterBackground()
        s.collector.releaseHeldRequests()
        _ = await flush.value
        #expect(await eventually { s.time.active == 0 })
        #expect(s.time.began == s.time.ended)
        #expect(s.time.began == 6)                 // one per background entry with none held
        #expect(s.time.maxActive == 1)
        #expect(await eventually { (try? await s.client.storeCounts().total) == 0 })
        #expect(Set(try s.collector.events().map(\.uuid)).count == 10)
        await s.tearDown()
    }

    @Test("Shutdown while holding background time gives it back")
    func shutdownEnds() async throws {
        let s = try await BackgroundSetup(strategies: [.manual])
        await s.collector.inject([Fault(delayMs: 2_000)])
        s.client.track(TestEvent())
        s.client.applicationDidEnterBackground()
        #expect(s.time.began == 1)
        await s.tearDown()
        #expect(s.time.ended == 1)
    }
}
