import Foundation
import Testing
import TrackingTesting
@testable import TrackingDispatcher

/// Flush strategies: each trigger delivers without a manual flush. (The waits poll
/// the collector; nothing asserts on elapsed time.)
@Suite("Flush strategies", .timeLimit(.minutes(10)))
struct FlushStrategyTests {
    @Test("interval: a flush every flushInterval on the dispatcher's clock")
    func intervalFlush() async throws {
        let h = try await Harness.make(batch: BatchConfiguration(flushInterval: 30), strategies: [.interval])
        h.client.track(TestEvent())
        await h.client.waitUntilPersisted()
        #expect(await eventually { h.clock.sleeperCount >= 1 })
        #expect(try h.collected().isEmpty)
        h.clock.advance(by: .seconds(30))
        #expect(try await eventually { try h.collected().count == 1 })
        await h.tearDown()
    }

    @Test("overflow: overflowQueueSize pending events trigger a flush")
    func overflowFlush() async throws {
        let h = try await Harness.make(batch: BatchConfiguration(overflowQueueSize: 5), strategies: [.overflow])
        (0..<4).forEach { _ in h.client.track(TestEvent()) }
        await h.client.waitUntilPersisted()
        #expect(try await h.collector.statistics().requests == 0)
        h.client.track(TestEvent())
        #expect(try await eventually { try h.collected().count == 5 })
        await h.tearDown()
    }

    @Test("Lifecycle and reachability reports flush when their strategy is on",
          arguments: [FlushStrategy.didEnterBackground, .willEnterForeground, .reachability])
    func lifecycleFlush(strategy: FlushStrategy) async throws {
        let h = try await Harness.make(strategies: strategy)
        h.client.track(TestEvent())
        await h.client.waitUntilPersisted()
        // The other reports do nothing with this strategy.
        if strategy != .didEnterBackground { h.client.applicationDidEnterBackground() }
        if strategy != .willEnterForeground { h.client.applicationWillEnterForeground() }
        h.client.networkReachabilityChanged(isReachable: false)
        await h.client.waitUntilPersisted()
        #expect(try await h.collector.statistics().requests == 0)
        switch strategy {
        case .didEnterBackground: h.client.applicationDidEnterBackground()
        case .willEnterForeground: h.client.applicationWillEnterForeground()
        default: h.client.networkReachabilityChanged(isReachable: true)
        }
        #expect(try await eventually { try h.collected().count == 1 })
        await h.tearDown()
    }

    @Test("boot and initialEvents: a new client sends what the last run left, then its first events")
    func bootAndInitialEvents() async throws {
        let first = try await Harness.make(strategies: [.manual])
        let leftOver = TestEvent()
        first.client.track(leftOver)
        await first.client.shutdown()

        // A second client on the same file, pointed at the same collector.
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: first.directory.database, strategies: [.boot, .initialEvents],
                                                   retry: RetryPolicy(minimumRequestInterval: 0), contract: .standard),
            providers: [CollectorProvider(endpoint: CollectorServer.batchURL(port: first.port))],
            globals: StaticGlobals(), clock: ManualClock())
        #expect(try await eventually { try first.collected().map(\.uuid) == [leftOver.id] })
        let fresh = TestEvent()
        client.track(fresh)
        #expect(try await eventually { try first.collected().map(\.uuid) == [leftOver.id, fresh.id] })
        await client.shutdown()
        await first.collector.stop()
        first.directory.remove()
    }
}
