import Foundation
import Testing
import TrackingCollectorKit
@testable import TrackingDispatcher

@Suite("Offline backlog", .timeLimit(.minutes(3)))
struct BacklogTests {
    /// 20,000 events pile up while the collector is unreachable, then drain: in pages
    /// of `deliverySize` (never more rows in memory than one page), at most one request
    /// per `minimumRequestInterval` of clock time, every event delivered once.
    /// (The 100,000-event run with peak memory lives in Benchmarks/.)
    @Test("A large offline backlog drains in bounded pages at a bounded request rate")
    func backlogDrains() async throws {
        let count = 20_000
        let clock = ManualClock(autoAdvance: true)
        let h = try await Harness.make(batch: BatchConfiguration(maxQueueSize: 200_000, deliverySize: 100),
                                       retry: RetryPolicy(initialBackoff: 2, minimumRequestInterval: 0.5, requestTimeout: 10),
                                       clock: clock)
        for chunk in 0..<(count / 1_000) {
            for _ in 0..<1_000 { h.client.track(TestEvent()) }
            if chunk % 5 == 4 { await h.client.waitUntilPersisted() }
        }
        #expect(try await h.client.storeCounts().pending == count)
        // Offline: the first attempt finds no collector (the connection is dropped);
        // the retry timer (on this self-advancing clock) then drains the backlog.
        let start = clock.now()
        await h.collector.inject([.dropConnection])
        let offline = await h.client.flush()
        #expect(offline.delivered == 0)
        for _ in 0..<50 {
            if try await h.client.storeCounts().total == 0 { break }
            _ = await h.client.flush()
        }
        let elapsed = clock.now().timeIntervalSince(start)
        let stats = try await h.collector.statistics()
        #expect(stats.distinctUUIDs == count)
        #expect(stats.events == count)                     // nothing sent twice
        #expect(stats.largestBatch == 100)
        #expect(stats.acceptedRequests == count / 100)
        #expect(stats.requests == count / 100 + 1)
        // Bounded rate: 201 requests need at least 200 gaps of 0.5 s on the clock.
        #expect(elapsed >= Double(count / 100) * 0.5)
        let (sent, largest) = await h.collectorProvider.requestStatistics
        #expect(largest == 100)
        #expect(sent == count / 100 + 1)
        #expect(try await h.client.storeCounts().total == 0)
        await h.tearDown()
    }
}
