import Foundation
import Logging
import TrackingCore

/// Delivers the store's events to one collector endpoint, a page at a time.
///
/// One upload in flight: flushes are serialised, and flush requests that arrive
/// while one runs are coalesced into a single follow-up run. Each run loads one
/// page (`deliverySize` events, `maxRequestBytes`) from SQLite, marks it in flight,
/// POSTs it, and applies the delivery table (`DeliveryVerdict`). Requests are at
/// least `minimumRequestInterval` apart, so a large backlog drains at a bounded rate.
actor BatchUploader {
    private let transport: HTTPTransport
    private let context: ProviderContext
    private var running = false
    private var waiters: [CheckedContinuation<FlushSummary, Never>] = []
    private var consecutiveFailures = 0
    private var nextAttempt: Date?
    private var pausedStatus: Int?
    private var lastRequestAt: Date?
    private var retryTask: Task<Void, Never>?
    /// The wait for the request-rate bound, if one runs (`shutdown()` cancels it).
    private var rateWait: Task<Void, Never>?
    /// `shutdown()` callers waiting for the running pass to end.
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var isShutDown = false
    private var requestCounter = 0
    private let requestPrefix = String(UUID().uuidString.prefix(8)).lowercased()
    private var generator = SystemRandomNumberGenerator()

    /// Requests sent and the most events one request carried (for tests).
    private(set) var requestsSent = 0
    private(set) var largestRequest = 0

    init(transport: HTTPTransport, context: ProviderContext) {
        self.transport = transport
        self.context = context
    }

    var isPaused: Bool { pausedStatus != nil }

    /// Flushes waiting on the running pass (for tests).
    var joinedFlushes: Int { waiters.count }

    func resume() {
        pausedStatus = nil
    }

    /// Stops delivery for good: cancels the scheduled retry, the running request
    /// (its rows go back to pending without counting an attempt) and a wait for the
    /// request-rate bound, then returns once no delivery pass runs any more, so the
    /// owner may close the store afterwards without an upload still using it.
    func shutdown() async {
        isShutDown = true
        retryTask?.cancel()
        retryTask = nil
        rateWait?.cancel()
        transport.invalidate()
        if running {
            await withCheckedContinuation { idleWaiters.append($0) }
        }
    }

    /// Runs one delivery pass, or joins one that is running. A caller that joins
    /// gets the summary of the pass it joined plus the follow-up pass that runs
    /// for it, so a flush that found the work already under way still reports the
    /// events that work delivered.
    func flush(trigger: FlushTrigger) async -> FlushSummary {
        if running {
            return await withCheckedContinuation { waiters.append($0) }
        }
        running = true
        var summary = await deliver(trigger: trigger)
        var joinedPass = summary
        while !waiters.isEmpty {
            let joined = waiters
            waiters = []
            let next = await deliver(trigger: trigger)
            summary.merge(next)
            var theirs = joinedPass
            theirs.merge(next)
            for waiter in joined { waiter.resume(returning: theirs) }
            joinedPass = next
        }
        running = false
        let idle = idleWaiters
        idleWaiters = []
        for waiter in idle { waiter.resume() }
        return summary
    }

    private func deliver(trigger: FlushTrigger) async -> FlushSummary {
        var summary = FlushSummary()
        context.logger.debug("delivery pass (\(trigger.rawValue))")
        let clock = context.clock
        guard !isShutDown else { return summary }
        if pausedStatus != nil {
            summary.paused = true
            return summary
        }
        if let next = nextAttempt, clock.date < next {
            summary.nextAttempt = next
            return summary
        }
        let gate = context.deliveryGate
        var limit = context.batch.deliverySize
        while !Task.isCancelled, !isShutDown {
            if let last = lastRequestAt {
                let wait = last.addingTimeInterval(context.retry.minimumRequestInterval).timeIntervalSince(clock.date)
                if wait > 0 {
                    // In a task of its own so that `shutdown()` can end it (a ManualClock
                    // may never reach the deadline).
                    let sleeper = Task<Void, Never> { _ = try? await clock.sleep(for: wait) }
                    rateWait = sleeper
                    await withTaskCancellationHandler { await sleeper.value } onCancel: { sleeper.cancel() }
                    rateWait = nil
                }
                if Task.isCancelled || isShutDown { break }
            }
            // Background time expired: no new request until the app is in the foreground.
            if gate.isClosed { break }
            requestCounter += 1
            let requestID = "\(requestPrefix)-\(requestCounter)"
            let page: [StoredEvent]
            do {
                page = try context.store.nextBatch(limit: limit, byteLimit: context.batch.maxRequestBytes, requestID: requestID)
            } catch {
                context.logger.error("cannot read the event store: \(error)")
                break
            }
            guard !page.isEmpty else { break }
            let uuids = page.map(\.uuid)
            let ids = page.map(\.id)
            context.journey.record(uuids, .batched(requestID: requestID), at: clock.date)
            let body = Self.encodeBatch(page, sentAt: clock.date)
            lastRequestAt = clock.date
            requestsSent += 1
            largestRequest = max(largestRequest, page.count)
            summary.requests += 1
            context.journey.record(uuids, .sent(requestID: requestID), at: clock.date)
            let transport = self.transport
            gate.setInFlight { transport.cancelCurrent() }
            let result = await transport.post(body, requestID: requestID)
            gate.setInFlight(nil)
            let now = clock.date
            if gate.isClosed, case .failure = result {
                // Cancelled when the background time expired: the page goes back to
                // pending as it was, no attempt counted (the collector may have it:
                // at-least-once, same uuids).
                do {
                    try context.store.release(ids: ids, countAttempt: false)
                    context.journey.record(uuids, .failed(requestID: requestID, reason: "background time expired; resent later"), at: now)
                } catch {
                    context.logger.error("cannot release the page of a cancelled delivery: \(error)")
                }
                break
            }
            if isShutDown || Task.isCancelled {
                // Stopped mid-request: the page goes back to pending as it was (the
                // collector may have stored it: at-least-once, same uuids).
                do {
                    try context.store.release(ids: ids, countAttempt: false)
                    context.journey.record(uuids, .failed(requestID: requestID, reason: "delivery stopped; resent later"), at: now)
                } catch {
                    context.logger.error("cannot release the page of a stopped delivery: \(error)")
                }
                break
            }
            do {
                switch DeliveryVerdict.classify(result, now: now) {
                case .delivered:
                    try confirm(page, requestID: requestID, summary: &summary)
                case .verdicts(let accepted, let rejected):
                    let confirmed = page.filter { accepted.contains($0.uuid) && rejected[$0.uuid] == nil }
                    let refused = page.filter { rejected[$0.uuid] != nil }
                    let unanswered = page.filter { !accepted.contains($0.uuid) && rejected[$0.uuid] == nil }
                    if confirmed.isEmpty, refused.isEmpty {
                        // A verdict that names none of the batch: nothing was processed; retry later.
                        try backOff(page, reason: "HTTP 2xx naming none of the batch", retryAfter: nil,
                                    requestID: requestID, now: now, summary: &summary)
                        return summary
                    }
                    try confirm(confirmed, requestID: requestID, summary: &summary)
                    for event in refused {
                        try setAside([event], reason: rejected[event.uuid] ?? "rejected", requestID: requestID, summary: &summary)
                    }
                    if !unanswered.isEmpty {
                        // Not processed by the collector: sent again in the next request.
                        try context.store.release(ids: unanswered.map(\.id), countAttempt: false)
                        context.journey.record(unanswered.map(\.uuid), .failed(requestID: requestID, reason: "not in the collector's verdict; resent"), at: now)
                    }
                case .rejected(let status, let reasons):
                    let matched = page.filter { reasons[$0.uuid] != nil }
                    if matched.isEmpty {
                        // A verdict naming none of our events: treat as a verdict-less 400.
                        try setAside(page, reason: "HTTP \(status) with a verdict naming none of the batch", requestID: requestID, summary: &summary)
                    } else {
                        for event in matched {
                            try setAside([event], reason: reasons[event.uuid] ?? "rejected", requestID: requestID, summary: &summary)
                        }
                        let rest = page.filter { reasons[$0.uuid] == nil }
                        try context.store.release(ids: rest.map(\.id), countAttempt: false)
                        context.journey.record(rest.map(\.uuid), .failed(requestID: requestID, reason: "batch rejected for other events; resent"), at: now)
                    }
                case .rejectedWithoutVerdict(let reason):
                    try setAside(page, reason: reason, requestID: requestID, summary: &summary)
                case .split(let status):
                    if page.count == 1, page[0].payload.count > context.batch.maxRequestBytes {
                        try setAside(page, reason: "HTTP \(status): the event alone exceeds maxRequestBytes (\(page[0].payload.count) > \(context.batch.maxRequestBytes) bytes)",
                                     requestID: requestID, summary: &summary)
                    } else if page.count == 1 {
                        // One event within the configured cap is still too large for
                        // the server: its limit is below the cap, not the event's fault.
                        let bytes = page[0].payload.count
                        context.logger.error("collector answered \(status) to a single event of \(bytes) bytes, within maxRequestBytes \(context.batch.maxRequestBytes): its limit is lower; backing off")
                        context.notify(.collectorLimitBelowByteCap(requestBytes: bytes))
                        limit = context.batch.deliverySize
                        try backOff(page, reason: "HTTP \(status) for one event within maxRequestBytes (server limit)", retryAfter: nil,
                                    requestID: requestID, now: now, summary: &summary)
                        return summary
                    } else {
                        try context.store.release(ids: ids, countAttempt: false)
                        context.journey.record(uuids, .failed(requestID: requestID, reason: "HTTP \(status); batch split"), at: now)
                        limit = max(1, page.count / 2)
                    }
                case .pause(let status):
                    try context.store.release(ids: ids, countAttempt: false)
                    context.journey.record(uuids, .failed(requestID: requestID, reason: "HTTP \(status); delivery paused"), at: now)
                    pausedStatus = status
                    summary.paused = true
                    context.logger.error("collector answered \(status): delivery paused until resumed")
                    context.notify(.deliveryPaused(status: status))
                    return summary
                case .retry(let reason, let retryAfter):
                    try backOff(page, reason: reason, retryAfter: retryAfter, requestID: requestID, now: now, summary: &summary)
                    return summary
                }
            } catch {
                context.logger.error("cannot update the event store after delivery: \(error)")
                break
            }
        }
        return summary
    }

    /// Deletes confirmed events and journals them.
    private func confirm(_ events: [StoredEvent], requestID: String, summary: inout FlushSummary) throws {
        guard !events.isEmpty else { return }
        try context.store.delete(ids: events.map(\.id))
        let now = context.clock.date
        let uuids = events.map(\.uuid)
        context.journey.record(uuids, .confirmed(requestID: requestID), at: now)
        context.journey.record(uuids, .deleted, at: now)
        summary.delivered += events.count
        consecutiveFailures = 0
        nextAttempt = nil
    }

    /// Keeps the page (one more attempt each) and schedules the next try after
    /// backoff with jitter, never sooner than `Retry-After`. The pass ends after it.
    private func backOff(_ page: [StoredEvent], reason: String, retryAfter: TimeInterval?, requestID: String, now: Date,
                         summary: inout FlushSummary) throws {
        try context.store.release(ids: page.map(\.id), countAttempt: true)
        context.journey.record(page.map(\.uuid), .failed(requestID: requestID, reason: reason), at: now)
        consecutiveFailures += 1
        let delay = context.retry.delay(afterFailures: consecutiveFailures, retryAfter: retryAfter,
                                        random: Double.random(in: 0..<1, using: &generator))
        nextAttempt = now.addingTimeInterval(delay)
        summary.nextAttempt = nextAttempt
        context.logger.notice("delivery failed (\(reason)); retrying in \(delay) s")
        context.notify(.retryScheduled(after: delay, reason: reason))
        scheduleRetry(after: delay)
    }

    private func setAside(_ events: [StoredEvent], reason: String, requestID: String, summary: inout FlushSummary) throws {
        try context.store.setAside(events.map { ($0.id, reason) })
        let now = context.clock.date
        for event in events {
            context.journey.record(event.uuid, .failed(requestID: requestID, reason: reason), at: now)
            context.journey.record(event.uuid, .setAside(reason: reason), at: now)
            context.notify(.setAside(uuid: event.uuid, reason: reason))
        }
        summary.setAside += events.count
    }

    private func scheduleRetry(after delay: TimeInterval) {
        retryTask?.cancel()
        guard !isShutDown else { return }
        let clock = context.clock
        retryTask = Task { [weak self] in
            do { try await clock.sleep(for: delay) } catch { return }
            _ = await self?.flush(trigger: .retry)
        }
    }

    /// `{"sentAt":"…","events":[payload,…]}`: payloads are stored encoded and copied as they are.
    static func encodeBatch(_ page: [StoredEvent], sentAt: Date) -> [UInt8] {
        var writer = JSONWriter(capacity: page.reduce(64) { $0 + $1.payload.count + 1 })
        writer.beginObject()
        writer.key(RuntimeConstants.BatchMember.sentAt)
        writer.timestamp(sentAt)
        writer.key(RuntimeConstants.BatchMember.events)
        writer.beginArray()
        for event in page { writer.rawValue(event.payload) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
