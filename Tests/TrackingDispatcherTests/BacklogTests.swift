import Foundation
import Testing
import TrackingTesting
@testable import TrackingDispatcher

// 100,000 real events through SQLite and HTTP: about 6 minutes beside a parallel build (2 cores), so
// the hang guard is wider than elsewhere.
@Suite("Offline backlog", .timeLimit(.minutes(30)))
struct BacklogTests {
    /// A week offline: 100,000 events pile up while the collector is unreachable, then
    /// drain. Memory stays bounded: the store never loads more rows than one page of
    /// `deliverySize`, no request carries more, and the journey log keeps at most its
    /// capacity. The request rate is bounded: at most one request per
    /// `minimumRequestInterval` of clock time. Every event arrives exactly once.
    /// (Peak resident memory of the same drain is measured in Benchmarks/.)
    @Test("A 100,000-event offline backlog drains in bounded pages at a bounded request rate")
    func backlogDrains() async throws {
        let count = 100_000
        let pageSize = 100
        let journeyCapacity = 2_000
        let clock = ManualClock(autoAdvance: true)
        let h = try await Harness.make(batch: BatchConfiguration(maxQueueSize: 200_000, deliverySize: pageSize),
                                       retry: RetryPolicy(initialBackoff: 2, minimumRequestInterval: 0.5, requestTimeout: 60),
                                       clock: clock, journeyCapacity: journeyCapacity)
        for chunk in 0..<(count / 1_000) {
            for _ in 0..<1_000 { h.client.track(TestEvent()) }
            if chunk % 10 == 9 { await h.client.waitUntilPersisted() }
        }
        await h.client.waitUntilPersisted()
        #expect(try await h.client.storeCounts().pending == count)

        // Offline: the first attempt finds no collector (the connection is dropped);
        // the retry timer (on this self-advancing clock) then drains the backlog.
        let start = clock.date
        await h.collector.inject([.dropConnection])
        let offline = await h.client.flush()
        #expect(offline.delivered == 0)
        for _ in 0..<50 {
            if try await h.client.storeCounts().total == 0 { break }
            _ = await h.client.flush()
        }
        let elapsed = clock.date.timeIntervalSince(start)
        let requests = count / pageSize

        // Every event delivered, none twice.
        let stats = try await h.collector.statistics()
        #expect(stats.distinctUUIDs == count)
        #expect(stats.events == count)
        #expect(try await h.client.storeCounts().total == 0)

        // Bounded memory: one page in memory at a time, on both sides of the wire.
        #expect(await h.client.worker.store().largestPageLoaded == pageSize)
        #expect(stats.largestBatch == pageSize)
        let (sent, largest) = await h.collectorProvider.requestStatistics
        #expect(largest == pageSize)
        #expect(h.client.journey.uuids.count <= journeyCapacity)

        // Bounded rate: the failed attempt, then one request per page, each at least
        // `minimumRequestInterval` (0.5 s of clock time) after the one before.
        #expect(stats.acceptedRequests == requests)
        #expect(stats.requests == requests + 1)
        #expect(sent == requests + 1)
        #expect(elapsed >= Double(requests) * 0.5)
        await h.tearDown()
    }
}
