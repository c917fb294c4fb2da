import Foundation
import Logging
import TrackingCore

/// The background worker behind `TrackingClient`, a two-stage pipeline:
///
/// - the worker thread owns the processing state, drains the inbox and
///   prepares batches (encode, globals, duplicate check, validation);
/// - a serial store queue commits each prepared batch in one transaction and
///   only then journals it, reports its flags and fans it out to providers.
///
/// While batch N is being written, batch N+1 is being prepared (on a machine
/// with a free core the two overlap). Control items (barriers, flushes,
/// associate, stop) go through the store queue behind every batch handed over
/// before them, so `waitUntilPersisted()` still means "in SQLite". The caller of
/// `track` only appends to the inbox under a lock; no disk, network or encoding
/// happens on its thread.
final class DispatchWorker: @unchecked Sendable {
    enum Item {
        case event(any TrackingEvent, Date)
        /// Events tracked together (`track(contentsOf:)`): persisted in one transaction.
        case events([any TrackingEvent], Date)
        case barrier(CheckedContinuation<PersistenceStatus, Never>)
        case flush(FlushTrigger)
        case associate(TrackedUser)
        case disassociate
        case stop(CheckedContinuation<Void, Never>)
    }

    private let condition = NSCondition()
    private var inbox: [Item] = []
    private var spare: [Item] = []

    // Owned by the worker thread after start.
    private let configuration: DispatcherConfiguration
    private let fanOut: ProviderFanOut
    private let clock: any TrackingClock
    private let logger: Logger
    private let notify: @Sendable (DispatcherNotice) -> Void
    let journey: JourneyLog
    private var processor: EventProcessor
    /// A batch prepared on the worker thread, waiting for its transaction: the
    /// rows to insert and, index for index, what the providers receive. Two
    /// arrays rather than an array of pairs, so the insert takes `rows` as is.
    private struct Prepared: Sendable {
        var rows: [NewStoredEvent] = []
        var processed: [ProcessedEvent] = []
        var isEmpty: Bool { rows.isEmpty }
    }
    /// Commits prepared batches in order; owns `unsaved` and `persistedAny`.
    private let storeQueue = DispatchQueue(label: "tracking.dispatcher.store", qos: .utility)
    /// At most two prepared batches wait for the store queue (memory stays bounded).
    private let handedOver = DispatchSemaphore(value: 2)
    // Store queue only.
    private var unsaved = Prepared()
    /// Why `unsaved` is not in the store (the last failure).
    private var unsavedReason = ""
    /// Consecutive failed attempts to persist (sets the retry's backoff); the pending retry.
    private var storeFailures = 0
    private var storeRetry: Task<Void, Never>?
    private var isStopped = false
    private var persistedAny = false
    private let consentLock = NSLock()
    private var consentValue: PIIConsent

    private let storeLock = NSLock()
    private var openedStore: EventStore?
    private var storeWaiters: [CheckedContinuation<EventStore, Never>] = []

    private let gate: DeliveryGate
    /// Decides every flush this worker starts (boot, initial events, overflow).
    let policy: FlushPolicy

    init(configuration: DispatcherConfiguration, providers: [any TrackingProvider], globals: any GlobalsSource,
         clock: any TrackingClock, logger: Logger, gate: DeliveryGate = DeliveryGate(),
         notify: @escaping @Sendable (DispatcherNotice) -> Void) {
        self.configuration = configuration
        self.gate = gate
        self.policy = FlushPolicy(configuration)
        self.fanOut = ProviderFanOut(providers)
        self.clock = clock
        self.logger = logger
        self.notify = notify
        self.journey = JourneyLog(capacity: configuration.journeyCapacity)
        self.processor = EventProcessor(rules: configuration.contract, globalsSource: globals,
                                        sessionTimeout: configuration.sessionTimeout,
                                        duplicateWindow: configuration.duplicateWindow)
        self.consentValue = configuration.consent
        inbox.reserveCapacity(1024)
        spare.reserveCapacity(1024)
    }

    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "tracking.dispatcher"
        thread.qualityOfService = .utility
        thread.start()
    }

    var consent: PIIConsent {
        get { consentLock.withLock { consentValue } }
        set { consentLock.withLock { consentValue = newValue } }
    }

    /// Hands an item to the worker: a lock, an append, maybe a signal.
    @inline(__always)
    func enqueue(_ item: Item) {
        condition.lock()
        inbox.append(item)
        if inbox.count == 1 { condition.signal() }
        condition.unlock()
    }

    /// The store, once the worker opened it.
    func store() async -> EventStore {
        if let store = storeLock.withLock({ openedStore }) { return store }
        return await withCheckedContinuation { continuation in
            storeLock.lock()
            if let store = openedStore {
                storeLock.unlock()
                continuation.resume(returning: store)
            } else {
                storeWaiters.append(continuation)
                storeLock.unlock()
            }
        }
    }

    // MARK: The thread

    private func run() {
        let store = openStore()
        let context = ProviderContext(store: store, clock: clock, journey: journey, batch: configuration.batch,
                                      retry: configuration.retry, flushPolicy: policy,
                                      logger: logger, deliveryGate: gate, notify: notify)
        fanOut.setup(context)
        storeLock.lock()
        openedStore = store
        let waiters = storeWaiters
        storeWaiters = []
        storeLock.unlock()
        for waiter in waiters { waiter.resume(returning: store) }
        if let trigger = policy.trigger(for: .clientStarted) { fanOut.startFlush(trigger) }

        while true {
            condition.lock()
            while inbox.isEmpty { condition.wait() }
            swap(&inbox, &spare)
            condition.unlock()
            let stop = handle(spare, store: store)
            spare.removeAll(keepingCapacity: true)
            if stop { return }
        }
    }

    /// Creates the store and tries to open it. A file SQLite reports damaged is
    /// salvaged by the store; any other failure leaves the file alone: events wait
    /// in memory and opening is retried with backoff (``scheduleStoreRetry()``).
    private func openStore() -> EventStore {
        let notify = self.notify
        let logger = self.logger
        let store = EventStore(unopenedAt: configuration.databaseURL, protection: configuration.fileProtection,
                               busyTimeout: configuration.storeBusyTimeout) { recreation in
            logger.error("tracking database was damaged (\(recreation.reason)); moved to \(recreation.path), \(recreation.salvaged) event(s) salvaged, \(recreation.lost.map(String.init) ?? "an unknown number") lost")
            notify(.databaseRecreated(movedTo: recreation.path, reason: recreation.reason,
                                      salvaged: recreation.salvaged, lost: recreation.lost))
        }
        do {
            try store.open()
            let recovered = store.openReport.recoveredInFlight
            if recovered > 0 { logger.notice("\(recovered) event(s) left in flight by the last run will be sent again") }
        } catch {
            storeUnavailable(error)
            storeQueue.async { [self] in
                storeFailures = 1
                unsavedReason = "\(error)"
                scheduleStoreRetry(store: store)
            }
        }
        return store
    }

    private func storeUnavailable(_ error: any Error) {
        logger.error("tracking database unavailable (\(error)); events wait in memory, retrying")
        notify(.storeUnavailable(reason: "\(error)"))
    }

    /// Handles one drained inbox; `true` when asked to stop.
    private func handle(_ items: [Item], store: EventStore) -> Bool {
        var batch: [(any TrackingEvent, Date)] = []
        for item in items {
            switch item {
            case .event(let event, let date):
                batch.append((event, date))
                if batch.count >= 512 {
                    persist(batch, store: store)
                    batch.removeAll(keepingCapacity: true)
                }
            case .events(let events, let date):
                // Whatever came before goes first; the bulk is one prepared batch, one transaction.
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                persist(events.map { ($0, date) }, store: store)
            case .barrier(let continuation):
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                storeQueue.async { [self] in
                    commit(Prepared(), store: store)
                    continuation.resume(returning: unsaved.isEmpty
                        ? .persisted : .heldInMemory(count: unsaved.rows.count, reason: unsavedReason))
                }
            case .flush(let trigger):
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                afterCommits(store: store) { [fanOut] in fanOut.startFlush(trigger) }
            case .associate(let user):
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                afterCommits(store: store) { [fanOut] in fanOut.associate(user) }
            case .disassociate:
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                afterCommits(store: store) { [fanOut] in fanOut.disassociate() }
            case .stop(let continuation):
                persist(batch, store: store)
                afterCommits(store: store) { [self] in
                    isStopped = true
                    storeRetry?.cancel()
                    if !unsaved.isEmpty {
                        logger.error("shutting down with \(unsaved.rows.count) event(s) the store could not take (\(unsavedReason)); they are lost")
                    }
                    continuation.resume()
                }
                return true
            }
        }
        persist(batch, store: store)
        return false
    }

    /// Prepares `batch` here and hands it to the store queue, which commits it
    /// while the next batch is prepared.
    private func persist(_ batch: [(any TrackingEvent, Date)], store: EventStore) {
        guard !batch.isEmpty else { return }
        let prepared = prepare(batch)
        handedOver.wait()
        storeQueue.async { [self] in
            commit(prepared, store: store)
            handedOver.signal()
        }
    }

    /// Runs `body` on the store queue once every batch handed over before is
    /// committed (events a failed insert kept in memory are retried first).
    private func afterCommits(store: EventStore, _ body: @escaping @Sendable () -> Void) {
        storeQueue.async { [self] in
            commit(Prepared(), store: store)
            body()
        }
    }

    /// Encodes, hydrates, de-duplicates and validates a batch (worker thread).
    private func prepare(_ batch: [(any TrackingEvent, Date)]) -> Prepared {
        let globals = processor.globalsSource.currentGlobals()
        let consent = self.consent
        // Asked once per batch, so encoded once per batch.
        let template = processor.template(globals: globals, consent: consent)
        var prepared = Prepared()
        prepared.rows.reserveCapacity(batch.count)
        prepared.processed.reserveCapacity(batch.count)
        for (event, createdAt) in batch {
            let output = processor.process(event, createdAt: createdAt, template: template, consent: consent)
            prepared.rows.append(output.row)
            prepared.processed.append(output.processed)
        }
        guard configuration.validatesEvents else { return prepared }
        // The globals are the same for the whole batch: checked once, reported on every event.
        let globalViolations = configuration.contract.globalsValidator?(globals).map(\.description) ?? []
        let found = EventProcessor.violations(of: batch, rows: prepared.rows, rules: configuration.contract)
        for (index, eventViolations) in found.enumerated() {
            var violations = eventViolations
            for violation in globalViolations where !violations.contains(violation) { violations.append(violation) }
            guard !violations.isEmpty else { continue }
            prepared.rows[index].violations = violations
            prepared.rows[index].flags.insert(.violations)
            prepared.processed[index].violations = violations
            prepared.processed[index].flags.insert(.violations)
        }
        return prepared
    }

    /// Writes a prepared batch in one transaction; only then journals it, reports
    /// its flags and hands it to the providers (store queue).
    private func commit(_ prepared: Prepared, store: EventStore) {
        guard !prepared.isEmpty || !unsaved.isEmpty else { return }
        var batch = prepared
        if !unsaved.isEmpty {
            batch = unsaved
            batch.rows.append(contentsOf: prepared.rows)
            batch.processed.append(contentsOf: prepared.processed)
            unsaved = Prepared()
        }
        let result: (ids: [Int64], dropped: [String])
        do {
            result = try store.insert(batch.rows, maxQueueSize: configuration.batch.maxQueueSize)
        } catch {
            hold(batch, after: error, store: store)
            return
        }
        if storeFailures > 0 {
            logger.notice("tracking database is back; \(batch.rows.count) event(s) kept in memory are persisted")
            storeFailures = 0
        }
        let now = clock.now()
        journey.recordNew(batch.rows.lazy.map { row in
            NewJourney(uuid: row.uuid, name: row.eventName, created: Date(timeIntervalSince1970: row.createdAt),
                       violations: row.violations, flags: row.flags, persisted: now)
        })
        for event in batch.processed where !event.flags.isEmpty { report(event) }
        if !result.dropped.isEmpty {
            journey.record(result.dropped, .dropped(reason: "queue full (maxQueueSize \(configuration.batch.maxQueueSize))"), at: now)
            logger.error("tracking queue full: dropped the \(result.dropped.count) oldest event(s)")
            notify(.droppedOldest(count: result.dropped.count))
        }
        fanOut.track(batch.processed)
        let first = !persistedAny
        persistedAny = true
        if let trigger = policy.trigger(for: .eventsPersisted(first: first, pending: store.activeEventCount)) {
            fanOut.startFlush(trigger)
        }
    }

    /// Keeps a batch the store could not take in memory, bounded by `maxQueueSize`
    /// (the oldest dropped, reported like a full queue), and schedules a retry.
    /// Nothing is journaled as persisted or handed to providers until it is.
    private func hold(_ batch: Prepared, after error: any Error, store: EventStore) {
        let reason = "\(error)"
        if storeFailures == 0 || reason != unsavedReason {
            logger.error("cannot persist \(batch.rows.count) event(s): \(reason); kept in memory, will retry")
        }
        unsavedReason = reason
        let keep = max(0, configuration.batch.maxQueueSize)
        unsaved = batch
        if unsaved.rows.count > keep {
            let excess = unsaved.rows.count - keep
            let dropped = unsaved.rows.prefix(excess).map(\.uuid)
            unsaved.rows.removeFirst(excess)
            unsaved.processed.removeFirst(excess)
            journey.record(dropped, .dropped(reason: "queue full (maxQueueSize \(configuration.batch.maxQueueSize))"), at: clock.now())
            logger.error("tracking queue full: dropped the \(dropped.count) oldest event(s)")
            notify(.droppedOldest(count: dropped.count))
        }
        // A closed store counts its failures where it is reopened; an open one that
        // refused an insert (full disk, I/O) counts here.
        if store.isOpen || storeFailures == 0 {
            if !store.isOpen { storeUnavailable(error) }
            storeFailures += 1
        }
        scheduleStoreRetry(store: store)
    }

    /// Tries the store again after a backoff on the clock (1 s, doubling up to
    /// 60 s): opens it if it is closed, then writes what waits in memory. One
    /// retry at a time (store queue).
    private func scheduleStoreRetry(store: EventStore) {
        guard storeRetry == nil, !isStopped else { return }
        let delay = min(Self.storeRetryCeiling, Self.storeRetryInitial * pow(2, Double(max(0, min(storeFailures - 1, 10)))))
        let clock = self.clock
        storeRetry = Task { [weak self] in
            do { try await clock.sleep(for: delay) } catch { return }
            self?.storeQueue.async { [weak self] in self?.retryStore(store) }
        }
    }

    private static let storeRetryInitial: TimeInterval = 1
    private static let storeRetryCeiling: TimeInterval = 60

    private func retryStore(_ store: EventStore) {
        storeRetry = nil
        guard !isStopped else { return }
        if !store.isOpen {
            do {
                try store.open()
            } catch {
                storeFailures += 1
                unsavedReason = "\(error)"
                scheduleStoreRetry(store: store)
                return
            }
        }
        commit(Prepared(), store: store)
    }

    private func report(_ event: ProcessedEvent) {
        if event.flags.contains(.violations) {
            // Violation messages about PII fields may quote the value: name the path only.
            let safe = event.violations.map { line -> String in
                let field = line.prefix { $0 != ":" && $0 != "." && $0 != "[" }
                return event.piiFields.contains(String(field)) ? "\(field): <pii field violates the contract>" : line
            }
            let message: Logger.Message = "CONTRACT VIOLATION in \(event.eventName) \(event.uuid): \(safe.joined(separator: "; "))"
            if configuration.reportViolationsLoudly { logger.critical(message) } else { logger.warning(message) }
            notify(.violations(uuid: event.uuid, event: event.eventName, violations: safe))
        }
        if event.flags.contains(.incomplete) {
            logger.warning("event \(event.eventName) \(event.uuid) is incomplete: missing \(event.missingGlobals)")
            notify(.incomplete(uuid: event.uuid, missingGlobals: event.missingGlobals))
        }
        if event.flags.contains(.duplicate) {
            logger.warning("duplicate uuid \(event.uuid) (\(event.eventName)); delivered and flagged")
            notify(.duplicate(uuid: event.uuid))
        }
    }
}
