import Foundation
import Logging

/// A batch prepared on the worker thread, waiting for its transaction: the rows
/// to insert and, index for index, what the providers receive. Two arrays rather
/// than an array of pairs, so the insert takes `rows` as is.
struct PreparedBatch: Sendable {
    var rows: [NewStoredEvent] = []
    var processed: [ProcessedEvent] = []
    var isEmpty: Bool { rows.isEmpty }
}

/// Persisting, on the store queue: commits each prepared batch in one
/// transaction and only then journals it, has its flags reported, hands it to
/// the providers and asks the flush policy. When the store cannot take a batch
/// (unavailable, or an insert failed), the events wait in memory, bounded by
/// `maxQueueSize` (the oldest dropped like a full queue), and the store is tried
/// again after 1 s, doubling up to 60 s, on the clock.
final class EventPersister: @unchecked Sendable {
    private let store: EventStore
    private let configuration: DispatcherConfiguration
    private let clock: any TrackingClock
    private let logger: Logger
    private let journey: JourneyLog
    private let notify: @Sendable (DispatcherNotice) -> Void
    private let fanOut: ProviderFanOut
    private let policy: FlushPolicy
    private let queue: DispatchQueue
    private let reporter: EventFlagReporter

    // The store queue only.
    private var unsaved = PreparedBatch()
    /// Why `unsaved` is not in the store (the last failure).
    private var unsavedReason = ""
    /// Consecutive failed attempts to persist (sets the retry's backoff); the pending retry.
    private var failures = 0
    private var retry: Task<Void, Never>?
    private var isStopped = false
    private var persistedAny = false

    private static let retryInitial: TimeInterval = 1
    private static let retryCeiling: TimeInterval = 60

    init(store: EventStore, configuration: DispatcherConfiguration, clock: any TrackingClock, logger: Logger,
         journey: JourneyLog, notify: @escaping @Sendable (DispatcherNotice) -> Void, fanOut: ProviderFanOut,
         policy: FlushPolicy, queue: DispatchQueue, reporter: EventFlagReporter) {
        self.store = store
        self.configuration = configuration
        self.clock = clock
        self.logger = logger
        self.journey = journey
        self.notify = notify
        self.fanOut = fanOut
        self.policy = policy
        self.queue = queue
        self.reporter = reporter
    }

    /// Whether everything handed over so far is committed.
    var status: PersistenceStatus {
        unsaved.isEmpty ? .persisted : .heldInMemory(count: unsaved.rows.count, reason: unsavedReason)
    }

    /// The store could not be opened at launch.
    func failedToOpen(_ error: any Error) {
        reportUnavailable(error)
        failures = 1
        unsavedReason = "\(error)"
        scheduleRetry()
    }

    /// No more retries; what still waits in memory is lost (and logged).
    func stop() {
        isStopped = true
        retry?.cancel()
        if !unsaved.isEmpty {
            logger.error("shutting down with \(unsaved.rows.count) event(s) the store could not take (\(unsavedReason)); they are lost")
        }
    }

    /// Writes a prepared batch (after what waits in memory) in one transaction;
    /// only then journals it, reports its flags and hands it to the providers.
    func commit(_ prepared: PreparedBatch) {
        guard !prepared.isEmpty || !unsaved.isEmpty else { return }
        var batch = prepared
        if !unsaved.isEmpty {
            batch = unsaved
            batch.rows.append(contentsOf: prepared.rows)
            batch.processed.append(contentsOf: prepared.processed)
            unsaved = PreparedBatch()
        }
        let result: (ids: [Int64], dropped: [String])
        do {
            result = try store.insert(batch.rows, maxQueueSize: configuration.batch.maxQueueSize)
        } catch {
            hold(batch, after: error)
            return
        }
        if failures > 0 {
            logger.notice("tracking database is back; \(batch.rows.count) event(s) kept in memory are persisted")
            failures = 0
        }
        let now = clock.date
        journey.recordNew(batch.rows.lazy.map { row in
            NewJourney(uuid: row.uuid, name: row.eventName, created: Date(timeIntervalSince1970: row.createdAt),
                       violations: row.violations, flags: row.flags, persisted: now)
        })
        journey.reporter?.reportNew(batch.processed, persisted: now)
        for event in batch.processed where !event.flags.isEmpty { reporter.report(event) }
        if !result.dropped.isEmpty { dropped(result.dropped, at: now) }
        fanOut.track(batch.processed)
        let first = !persistedAny
        persistedAny = true
        if let trigger = policy.trigger(for: .eventsPersisted(first: first, pending: store.activeEventCount)) {
            fanOut.startFlush(trigger)
        }
    }

    private func dropped(_ uuids: [String], at date: Date) {
        journey.record(uuids, .dropped(reason: "queue full (maxQueueSize \(configuration.batch.maxQueueSize))"), at: date)
        logger.error("tracking queue full: dropped the \(uuids.count) oldest event(s)")
        notify(.droppedOldest(count: uuids.count))
    }

    private func reportUnavailable(_ error: any Error) {
        logger.error("tracking database unavailable (\(error)); events wait in memory, retrying")
        notify(.storeUnavailable(reason: "\(error)"))
    }

    /// Keeps a batch the store could not take in memory, bounded by `maxQueueSize`,
    /// and schedules a retry. Nothing is journaled as persisted or handed to
    /// providers until it is.
    private func hold(_ batch: PreparedBatch, after error: any Error) {
        let reason = "\(error)"
        if failures == 0 || reason != unsavedReason {
            logger.error("cannot persist \(batch.rows.count) event(s): \(reason); kept in memory, will retry")
        }
        unsavedReason = reason
        let keep = max(0, configuration.batch.maxQueueSize)
        unsaved = batch
        if unsaved.rows.count > keep {
            let excess = unsaved.rows.count - keep
            let uuids = unsaved.rows.prefix(excess).map(\.uuid)
            unsaved.rows.removeFirst(excess)
            unsaved.processed.removeFirst(excess)
            dropped(uuids, at: clock.date)
        }
        // A closed store counts its failures where it is reopened; an open one that
        // refused an insert (full disk, I/O) counts here.
        if store.isOpen || failures == 0 {
            if !store.isOpen { reportUnavailable(error) }
            failures += 1
        }
        scheduleRetry()
    }

    /// Tries the store again after the backoff: opens it if it is closed, then
    /// writes what waits in memory. One retry at a time.
    private func scheduleRetry() {
        guard retry == nil, !isStopped else { return }
        let delay = min(Self.retryCeiling, Self.retryInitial * pow(2, Double(max(0, min(failures - 1, 10)))))
        let clock = self.clock
        let queue = self.queue
        retry = Task { [weak self] in
            do { try await clock.sleep(for: delay) } catch { return }
            queue.async { [weak self] in self?.retryNow() }
        }
    }

    private func retryNow() {
        retry = nil
        guard !isStopped else { return }
        if !store.isOpen {
            do {
                try store.open()
            } catch {
                failures += 1
                unsavedReason = "\(error)"
                scheduleRetry()
                return
            }
        }
        commit(PreparedBatch())
    }
}
