import Foundation
import Testing
import TrackingTesting
import TrackingCore
@testable import TrackingDispatcher

/// Every row of the delivery table, against the real collector on 127.0.0.1 with
/// faults injected, a real SQLite store and a manual clock.
@Suite("Delivery table", .timeLimit(.minutes(10)))
struct DeliveryTableTests {
    @Test("2xx: the batch is deleted from the store")
    func successDeletes() async throws {
        let h = try await Harness.make()
        let events = (0..<3).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        let summary = await h.client.flush()
        #expect(summary.delivered == 3)
        #expect(summary.requests == 1)
        #expect(try await h.client.storeCounts() == StoreCounts(pending: 0, inFlight: 0, setAside: 0))
        #expect(Set(try h.collected().map(\.uuid)) == Set(events.map(\.id)))
        await h.tearDown()
    }

    @Test("408, 429, 5xx: kept, retried after exponential backoff with jitter", arguments: [408, 429, 500, 502, 503, 504])
    func transientStatusRetries(status: Int) async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        await h.collector.inject([.status(status), .status(status)])
        let start = h.clock.date

        let first = await h.client.flush()
        #expect(first.delivered == 0)
        let firstDelay = try #require(first.nextAttempt).timeIntervalSince(start)
        #expect(firstDelay >= 2 && firstDelay <= 2.4)          // 2 s, plus up to 20 % jitter
        let kept = try await h.pending()
        #expect(kept.map(\.uuid) == [event.id])
        #expect(kept.first?.attempts == 1)

        // Before the backoff ends a flush sends nothing.
        let early = await h.client.flush()
        #expect(early.requests == 0)
        #expect(try await h.collector.statistics().requests == 1)

        h.clock.advance(to: start.addingTimeInterval(firstDelay))
        let second = await h.client.flush()
        #expect(try await h.collector.statistics().requests >= 2)
        // The second failure doubles the backoff.
        let retryAt = second.nextAttempt ?? h.clock.date
        let secondDelay = retryAt.timeIntervalSince(h.clock.date)
        if second.delivered == 0 {
            #expect(secondDelay >= 4 && secondDelay <= 4.8)
            h.clock.advance(to: retryAt)
            _ = await h.client.flush()
        }
        #expect(try await h.client.storeCounts().total == 0)
        #expect(try h.collected().map(\.uuid) == [event.id])
        await h.tearDown()
    }

    @Test("Retry-After is honoured when longer than the backoff")
    func retryAfterHonoured() async throws {
        let h = try await Harness.make()
        h.client.track(TestEvent())
        await h.collector.inject([.status(503, retryAfter: "120")])
        let start = h.clock.date
        let first = await h.client.flush()
        #expect(first.nextAttempt == start.addingTimeInterval(120))
        h.clock.advance(by: .seconds(119))
        #expect(await h.client.flush().requests == 0)
        h.clock.advance(by: .seconds(1))
        _ = await h.client.flush()
        #expect(try await h.client.storeCounts().total == 0)
        #expect(try h.collected().count == 1)
        #expect(h.notices.all.contains(.retryScheduled(after: 120, reason: "HTTP 503")))
        await h.tearDown()
    }

    @Test("Dropped connection: kept and retried")
    func droppedConnectionRetries() async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        await h.collector.inject([.dropConnection])
        let first = await h.client.flush()
        #expect(first.delivered == 0)
        #expect(first.nextAttempt != nil)
        #expect(try await h.pending().map(\.uuid) == [event.id])
        h.clock.advance(by: .seconds(10))
        _ = await h.client.flush()
        #expect(try h.collected().map(\.uuid) == [event.id])
        #expect(try await h.client.storeCounts().total == 0)
        await h.tearDown()
    }

    @Test("Timeout: kept and retried")
    func timeoutRetries() async throws {
        // Wide margins both ways: the collector holds the first answer for an hour, far
        // beyond the 3 s client timeout (the timeout cannot be missed), and 3 s is
        // plenty for a normal answer to the retry on a busy machine (a retry that
        // still timed out is simply retried again below). The slow answer is
        // cancelled when the collector stops.
        let h = try await Harness.make(retry: RetryPolicy(initialBackoff: 2, minimumRequestInterval: 0, requestTimeout: 3))
        let event = TestEvent()
        h.client.track(event)
        await h.collector.inject([Fault(status: 503, delayMs: 3_600_000)])
        let first = await h.client.flush()
        #expect(first.delivered == 0)
        #expect(first.nextAttempt != nil)
        #expect(try await h.pending().map(\.uuid) == [event.id])
        #expect(h.client.journey.steps(for: event.uuid).contains { $0.stage == .failed(requestID: stepRequestID($0), reason: "timed out") })
        // Retry after the backoff (again, as often as it takes, if a busy machine made the retry time out too).
        for _ in 0..<100 where try h.collected().isEmpty {
            h.clock.advance(by: .seconds(600))
            _ = await h.client.flush()
        }
        #expect(try h.collected().map(\.uuid) == [event.id])
        #expect(try await h.client.storeCounts().total == 0)
        await h.tearDown()
    }

    @Test("Shutdown during an upload: the request is cancelled, the page is pending again, then the store closes")
    func shutdownDuringUpload() async throws {
        let log = CapturedLog()
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let collector = try CollectorServer()
        let port = try await collector.start()
        await collector.inject([Fault(delayMs: 3_600_000)])   // the answer would come far too late
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: directory.database, strategies: [.manual],
                                                   retry: RetryPolicy(minimumRequestInterval: 0, requestTimeout: 120), contract: .standard),
            providers: [CollectorProvider(endpoint: CollectorServer.batchURL(port: port))],
            globals: StaticGlobals(), clock: ManualClock(), logger: log.logger)
        let event = TestEvent()
        client.track(event)
        let flushing = Task { await client.flush() }
        // The request is at the collector (it took the delay fault).
        #expect(try await eventually { try await collector.statistics().faultsServed == 1 })
        await client.shutdown()
        let summary = await flushing.value
        #expect(summary.delivered == 0)
        // The uploader stopped before the store closed: it released the page
        // (no attempt counted) and never touched a closed database.
        let store = try EventStore(url: directory.database)
        let pending = try store.events(in: .pending, limit: 10)
        #expect(pending.map(\.uuid) == [event.id])
        #expect(pending.first?.attempts == 0)
        store.close()
        #expect(!log.all.contains { $0.contains("SQLite error") || $0.contains("cannot update") || $0.contains("cannot read") })
        #expect(try collector.events().isEmpty)
        await collector.stop()
    }

    @Test("Connection refused: kept and retried once the collector is up")
    func connectionRefusedRetries() async throws {
        let h = try await Harness.make(collectorRunning: false)
        let event = TestEvent()
        h.client.track(event)
        let first = await h.client.flush()
        #expect(first.delivered == 0)
        #expect(first.nextAttempt != nil)
        #expect(try await h.pending().map(\.uuid) == [event.id])
        await h.tearDown()
    }

    @Test("413: the batch is split in halves until it fits")
    func payloadTooLargeSplits() async throws {
        let h = try await Harness.make()
        let events = (0..<4).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        await h.collector.inject([.status(413)])
        let summary = await h.client.flush()
        #expect(summary.delivered == 4)
        let log = try h.collector.requestLog()
        #expect(log.map(\.status) == [413, 200, 200])
        #expect(log.map(\.events) == [0, 2, 2])
        #expect(try await h.client.storeCounts().total == 0)
        await h.tearDown()
    }

    @Test("413 for an event that alone exceeds maxRequestBytes: set aside as too large")
    func singleEventTooLargeSetAside() async throws {
        let h = try await Harness.make(batch: BatchConfiguration(deliverySize: 10, maxRequestBytes: 300))
        let event = TestEvent(padding: String(repeating: "x", count: 500))
        h.client.track(event)
        await h.collector.inject([.status(413)])
        let summary = await h.client.flush()
        #expect(summary.setAside == 1)
        let aside = try await h.setAside()
        #expect(aside.map(\.uuid) == [event.id])
        #expect(aside.first?.reason?.hasPrefix("HTTP 413: the event alone exceeds maxRequestBytes") == true)
        await h.tearDown()
    }

    @Test("400 with a per-event verdict: rejected events set aside with the reason, the rest resent")
    func badRequestWithVerdict() async throws {
        let h = try await Harness.make()
        let good1 = TestEvent(), good2 = TestEvent()
        let bad = TestEvent(brokenTimestamp: "yesterday")
        [good1, bad, good2].forEach { h.client.track($0) }
        let summary = await h.client.flush()
        #expect(summary.delivered == 2)
        #expect(summary.setAside == 1)
        #expect(try h.collector.requestLog().map(\.status) == [400, 200])
        #expect(Set(try h.collected().map(\.uuid)) == [good1.id, good2.id])
        let aside = try await h.setAside()
        #expect(aside.map(\.uuid) == [bad.id])
        #expect(aside.first?.reason == "clientTimestamp is missing or not ISO 8601 UTC with milliseconds")
        #expect(try await h.pending().isEmpty)
        #expect(h.notices.all.contains(.setAside(uuid: bad.id, reason: "clientTimestamp is missing or not ISO 8601 UTC with milliseconds")))
        #expect(await h.client.describe().contains("\(bad.id): clientTimestamp is missing"))
        // Set-aside events are never sent again.
        #expect(await h.client.flush().requests == 0)
        await h.tearDown()
    }

    @Test("400 without a verdict: the batch is set aside, never retried as is")
    func badRequestWithoutVerdict() async throws {
        let h = try await Harness.make()
        let events = (0..<2).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        await h.collector.inject([Fault(status: 400, body: "nope")])
        let summary = await h.client.flush()
        #expect(summary.setAside == 2)
        let aside = try await h.setAside()
        #expect(aside.map(\.uuid) == events.map(\.id))
        #expect(aside.allSatisfy { $0.reason == "HTTP 400: nope" })
        #expect(await h.client.flush().requests == 0)
        #expect(try await h.collector.statistics().requests == 1)
        await h.tearDown()
    }

    @Test("401 and 403: kept, delivery paused and reported until resumed", arguments: [401, 403])
    func unauthorizedPauses(status: Int) async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        await h.collector.inject([.status(status)])
        let first = await h.client.flush()
        #expect(first.paused)
        #expect(h.notices.all.contains(.deliveryPaused(status: status)))
        #expect(try await h.pending().map(\.uuid) == [event.id])
        h.clock.advance(by: .seconds(3_600))
        #expect(await h.client.flush().requests == 0)
        #expect(await h.collectorProvider.isPaused)
        await h.collectorProvider.resumeDelivery()
        #expect(await h.client.flush().delivered == 1)
        #expect(try h.collected().map(\.uuid) == [event.id])
        await h.tearDown()
    }

    @Test("One upload in flight: concurrent flushes are serialised and coalesced")
    func oneUploadInFlight() async throws {
        let h = try await Harness.make(batch: BatchConfiguration(deliverySize: 5))
        (0..<20).forEach { _ in h.client.track(TestEvent()) }
        await h.client.waitUntilPersisted()
        await h.collector.inject([Fault(delayMs: 200)])   // the first request is slow
        let client = h.client
        let delivered = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { await client.flush().delivered } }
            return await group.reduce(0, +)
        }
        #expect(delivered >= 20)
        let log = try h.collector.requestLog()
        #expect(log.count == 4)                      // 20 events / 5 per request, nothing sent twice
        #expect(try h.collected().count == 20)
        await h.tearDown()
    }

    @Test("Byte cap: a request carries at most maxRequestBytes of events")
    func byteCapLimitsRequests() async throws {
        let h = try await Harness.make(batch: BatchConfiguration(deliverySize: 100, maxRequestBytes: 2_500))
        (0..<6).forEach { _ in h.client.track(TestEvent(padding: String(repeating: "x", count: 700))) }
        _ = await h.client.flush()
        let log = try h.collector.requestLog()
        #expect(log.allSatisfy { $0.events <= 2 })
        #expect(log.reduce(0) { $0 + $1.events } == 6)
        #expect(log.count == 3)
        await h.tearDown()
    }
}

private func stepRequestID(_ step: JourneyStep) -> String {
    if case .failed(let id, _) = step.stage { return id }
    return ""
}
