import Foundation
import TrackingCore

/// Sends journey steps to the collector's `POST /v1/journey`, batched, from its
/// own task: recording a step appends to a bounded buffer under a lock and never
/// waits for the network (the worker records steps, `track()` never does).
///
/// One request at a time: steps recorded while a request is in flight go in the
/// next one. A failed request's steps are counted as lost, never resent, and the
/// next request waits `pauseAfterFailure`. Steps carry no value of the event:
/// violations are `path: rule` (``Violation/path`` and ``Violation/code``), and
/// reasons are the dispatcher's own or the collector's verdict.
///
/// ``TrackingClient/shutdown()`` ends the reporter (``shutdown()``): the request
/// in flight is cancelled, and no request runs once it has returned.
public final class JourneyReporter: @unchecked Sendable {
    public let reporting: JourneyReporting
    private let transport: HTTPTransport
    private let lock = NSLock()
    private var buffer: [Step] = []
    private var sending = false
    private var counts = JourneyReportStatistics()
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Set by ``shutdown()``: nothing is recorded or sent afterwards.
    private var stopped = false
    /// The task sending the buffer, while `sending` (cancelled by `shutdown` to cut a pause short).
    private var drainTask: Task<Void, Never>?

    struct Step: Sendable {
        var uuid: String
        var event: String
        var stage: String
        var violations: [String]? = nil
        var requestID: String? = nil
        var reason: String? = nil
        var at: Date
    }

    init(_ reporting: JourneyReporting) {
        self.reporting = reporting
        transport = HTTPTransport(endpoint: reporting.endpoint, timeout: reporting.timeout, headers: reporting.headers, gzipThreshold: nil)
    }

    public var statistics: JourneyReportStatistics {
        lock.withLock {
            var counts = counts
            counts.pendingSteps = buffer.count
            return counts
        }
    }

    /// Returns once every step recorded so far was sent (or lost).
    public func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = lock.withLock { () -> Bool in
                if !sending && buffer.isEmpty { return true }
                idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    /// Ends reporting, deterministically: steps not yet sent are counted as lost,
    /// the request in flight (if any) is cancelled and its steps counted as lost,
    /// steps recorded afterwards are counted as dropped, and it returns once the
    /// sending task has ended, so no request of this reporter runs after it.
    /// Call ``waitUntilIdle()`` first to send what is buffered (it may wait up to
    /// ``JourneyReporting/timeout`` per request).
    func shutdown() async {
        let task = lock.withLock { () -> Task<Void, Never>? in
            stopped = true
            counts.lostSteps += buffer.count
            buffer = []
            return sending ? drainTask : nil
        }
        transport.invalidate()   // cancels the request in flight; refuses new ones
        task?.cancel()           // ends a pause after a failure at once
        await task?.value
    }

    /// The first three steps of newly persisted events.
    func reportNew(_ events: [ProcessedEvent], persisted: Date) {
        var steps: [Step] = []
        steps.reserveCapacity(events.count * 3)
        for event in events {
            steps.append(Step(uuid: event.uuid, event: event.eventName, stage: "created", at: event.clientTimestamp))
            // Path and rule only: a violation's message is for people, and the path
            // names a field, never its value (pii or not).
            steps.append(Step(uuid: event.uuid, event: event.eventName, stage: "validated",
                              violations: event.violations.map { "\($0.path): \($0.code.rawValue)" }, at: event.clientTimestamp))
            steps.append(Step(uuid: event.uuid, event: event.eventName, stage: "persisted", at: persisted))
        }
        enqueue(steps)
    }

    /// A later step of events already known (`name` by uuid).
    func report(_ entries: [(uuid: String, name: String)], _ stage: JourneyStep.Stage, at date: Date) {
        let template: Step
        switch stage {
        case .created, .validated, .persisted, .deleted: return   // first steps come from `reportNew`; deletion is not a stage of the endpoint
        case .batched(let id): template = Step(uuid: "", event: "", stage: "batched", requestID: id, at: date)
        case .sent(let id): template = Step(uuid: "", event: "", stage: "sent", requestID: id, at: date)
        case .confirmed(let id): template = Step(uuid: "", event: "", stage: "confirmed", requestID: id, at: date)
        case .failed(let id, let reason): template = Step(uuid: "", event: "", stage: "failed", requestID: id, reason: reason, at: date)
        case .setAside(let reason): template = Step(uuid: "", event: "", stage: "setAside", reason: reason, at: date)
        case .dropped(let reason): template = Step(uuid: "", event: "", stage: "dropped", reason: reason, at: date)
        }
        enqueue(entries.map { entry in
            var step = template
            step.uuid = entry.uuid
            step.event = entry.name
            return step
        })
    }

    private func enqueue(_ steps: [Step]) {
        guard !steps.isEmpty else { return }
        lock.withLock {
            if stopped {
                counts.droppedSteps += steps.count
                return
            }
            buffer += steps
            let excess = buffer.count - reporting.maxBufferedSteps
            if excess > 0 {
                buffer.removeFirst(excess)
                counts.droppedSteps += excess
            }
            guard !sending else { return }
            sending = true
            // Under the lock, with `sending`: `shutdown` always finds the task to wait for.
            drainTask = Task.detached { [self] in await drain() }
        }
    }

    private func drain() async {
        while true {
            let (page, waiters) = lock.withLock { () -> ([Step], [CheckedContinuation<Void, Never>]) in
                guard !buffer.isEmpty else {
                    sending = false
                    drainTask = nil
                    defer { idleWaiters = [] }
                    return ([], idleWaiters)
                }
                let page = Array(buffer.prefix(reporting.maxStepsPerRequest))
                buffer.removeFirst(page.count)
                return (page, [])
            }
            if page.isEmpty {
                waiters.forEach { $0.resume() }
                return
            }
            let result = await transport.post(Self.body(page), requestID: UUID().lowercasedString)
            var ok = false
            if case .response(let status, _, _) = result, (200..<300).contains(status) { ok = true }
            lock.withLock {
                counts.requests += 1
                if ok { counts.sentSteps += page.count } else { counts.lostSteps += page.count }
            }
            if !ok, reporting.pauseAfterFailure > 0, !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(reporting.pauseAfterFailure * 1_000_000_000))
            }
        }
    }

    static func body(_ steps: [Step]) -> [UInt8] {
        var writer = JSONWriter(capacity: steps.count * 128)
        writer.beginObject()
        writer.key("steps")
        writer.beginArray()
        for step in steps {
            writer.beginObject()
            writer.key("uuid"); writer.value(step.uuid)
            writer.key("event"); writer.value(step.event)
            writer.key("stage"); writer.value(step.stage)
            if let violations = step.violations {
                writer.key("violations"); writer.beginArray()
                for violation in violations { writer.value(violation) }
                writer.endArray()
            }
            if let id = step.requestID { writer.key("requestId"); writer.value(id) }
            if let reason = step.reason { writer.key("reason"); writer.value(reason) }
            writer.key("at"); writer.value(ISO8601Timestamp.string(from: step.at))
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
