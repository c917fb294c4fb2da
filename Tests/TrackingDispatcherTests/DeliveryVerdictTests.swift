import Foundation
import Testing
import TrackingCore
@testable import TrackingDispatcher

/// The per-event verdicts of docs/wire-format.md in a 2xx answer, a row each,
/// against the real collector answering with injected bodies; 413 as a server
/// limit; and the summary of a flush that joined one already running.
@Suite("Delivery verdicts", .timeLimit(.minutes(10)))
struct DeliveryVerdictTests {
    @Test("2xx without a body: the whole batch is confirmed", arguments: ["", "{}", "OK", #"{"status":"ok"}"#])
    func verdictlessSuccessConfirmsAll(body: String) async throws {
        let h = try await Harness.make()
        (0..<3).forEach { _ in h.client.track(TestEvent()) }
        await h.collector.inject([Fault(status: 200, body: body)])
        let summary = await h.client.flush()
        #expect(summary.delivered == 3)
        #expect(summary.requests == 1)
        #expect(try await h.client.storeCounts().total == 0)
        await h.tearDown()
    }

    @Test("2xx with verdicts: accepted deleted, rejected set aside with the reason, the rest resent at once")
    func successWithVerdicts() async throws {
        let h = try await Harness.make()
        let accepted = TestEvent(), rejected = TestEvent(), unanswered = TestEvent()
        [accepted, rejected, unanswered].forEach { h.client.track($0) }
        let body = #"{"accepted":["\#(accepted.id.uppercased())"],"rejected":[{"uuid":"\#(rejected.id)","reason":"price: below the minimum"}]}"#
        await h.collector.inject([Fault(status: 202, body: body)])
        let summary = await h.client.flush()
        #expect(summary.delivered == 2)            // `accepted`, then `unanswered` in the next request
        #expect(summary.setAside == 1)
        #expect(summary.requests == 2)
        let aside = try await h.setAside()
        #expect(aside.map(\.uuid) == [rejected.id])
        #expect(aside.first?.reason == "price: below the minimum")
        #expect(try h.collected().map(\.uuid) == [unanswered.id])   // the first answer was the injected one
        #expect(try await h.client.storeCounts().total == 1)        // only the rejected one, aside
        #expect(h.client.journey.steps(for: unanswered.uuid).contains {
            if case .failed(_, let reason) = $0.stage { reason.contains("resent") } else { false }
        })
        #expect(h.notices.all.contains(.setAside(uuid: rejected.id, reason: "price: below the minimum")))
        await h.tearDown()
    }

    @Test("2xx accepting every event: all deleted")
    func successAcceptingAll() async throws {
        let h = try await Harness.make()
        let events = (0..<2).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        await h.collector.inject([Fault(status: 200, body: #"{"accepted":["\#(events[0].id)","\#(events[1].id)"],"rejected":[]}"#)])
        let summary = await h.client.flush()
        #expect(summary.delivered == 2)
        #expect(summary.requests == 1)
        #expect(try await h.client.storeCounts().total == 0)
        await h.tearDown()
    }

    @Test("2xx whose verdict names none of the batch: kept and retried after backoff")
    func successNamingNone() async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        await h.collector.inject([Fault(status: 200, body: #"{"accepted":[],"rejected":[]}"#)])
        let first = await h.client.flush()
        #expect(first.delivered == 0)
        #expect(first.nextAttempt != nil)
        #expect(try await h.pending().first?.attempts == 1)
        h.clock.advance(by: .seconds(3))
        _ = await h.client.flush()
        #expect(try await h.client.storeCounts().total == 0)
        #expect(try h.collected().map(\.uuid) == [event.id])
        await h.tearDown()
    }

    @Test("Repeated 413 on small batches: a server limit; halved down to one event, then kept, backed off and reported")
    func repeated413IsServerLimit() async throws {
        let h = try await Harness.make(batch: BatchConfiguration(deliverySize: 4, maxRequestBytes: 100_000))
        let events = (0..<4).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        await h.collector.inject(Array(repeating: .status(413), count: 3))
        let summary = await h.client.flush()
        #expect(summary.setAside == 0)
        #expect(summary.delivered == 0)
        #expect(summary.nextAttempt != nil)
        #expect(try h.collector.requestLog().map(\.status) == [413, 413, 413])   // 4, 2, 1 events
        #expect(h.notices.all.contains { if case .collectorLimitBelowByteCap = $0 { true } else { false } })
        #expect(try await h.client.storeCounts() == StoreCounts(pending: 4, inFlight: 0, setAside: 0))
        // After the backoff the collector takes them.
        h.clock.advance(by: .seconds(3))
        _ = await h.client.flush()
        #expect(try await h.client.storeCounts().total == 0)
        #expect(Set(try h.collected().map(\.uuid)) == Set(events.map(\.id)))
        await h.tearDown()
    }

    @Test("A flush that joins one already running reports what that work delivered")
    func joinedFlushCountsTheWork() async throws {
        // The held request must not time out before the second flush joins it, however busy the machine.
        let h = try await Harness.make(retry: RetryPolicy(initialBackoff: 2, minimumRequestInterval: 0, requestTimeout: 600))
        let events = (0..<3).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        await h.client.waitUntilPersisted()
        // The answer waits until the second flush has joined: no race with the machine's load.
        await h.collector.inject([.heldUntilReleased])
        let client = h.client
        let first = Task { await client.flush() }
        #expect(await eventually { h.collector.heldBatchRequests == 1 })
        let second = Task { await client.flush() }
        #expect(await eventually { await h.collectorProvider.joinedFlushes == 1 })
        h.collector.releaseHeldRequests()
        let joined = await second.value
        let running = await first.value
        #expect(running.delivered == 3)
        #expect(joined.delivered == 3)
        #expect(try h.collector.requestLog().count == 1)
        await h.tearDown()
    }
}
