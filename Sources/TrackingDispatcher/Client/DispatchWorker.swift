import Foundation
import Logging
import TrackingCore

/// The background worker behind `TrackingClient`, a two-stage pipeline:
///
/// - the worker thread owns the processing state, drains the inbox and
///   prepares batches (encode, globals, duplicate check, validation);
/// - a serial store queue commits each prepared batch in one transaction and
///   only then journals it, reports its flags and fans it out to providers
///   (`EventPersister`, `EventFlagReporter`, `ProviderFanOut`, `FlushPolicy`).
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
        case events(any EventBulk, Date)
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
    /// Commits prepared batches in order (the persister's queue).
    private let storeQueue = DispatchQueue(label: "tracking.dispatcher.store", qos: .utility)
    /// At most two prepared batches wait for the store queue (memory stays bounded).
    private let handedOver = DispatchSemaphore(value: 2)
    /// Set on the worker thread before anything is handed to the store queue; used there only.
    private var persister: EventPersister!
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
        self.journey = JourneyLog(capacity: configuration.journeyCapacity,
                                  reporter: configuration.journeyReporting.map(JourneyReporter.init))
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
        let (store, openError) = openStore()
        persister = EventPersister(store: store, configuration: configuration, clock: clock, logger: logger,
                                   journey: journey, notify: notify, fanOut: fanOut, policy: policy, queue: storeQueue,
                                   reporter: EventFlagReporter(logger: logger, notify: notify,
                                                               loudly: configuration.reportViolationsLoudly))
        if let openError { storeQueue.async { [persister] in persister?.failedToOpen(openError) } }
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
    /// salvaged by the store; any other failure leaves the file alone (the
    /// persister keeps events in memory and retries). Returns that failure.
    private func openStore() -> (EventStore, (any Error)?) {
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
            return (store, nil)
        } catch {
            return (store, error)
        }
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
            case .events(let bulk, let date):
                // Whatever came before goes first; the bulk is one prepared batch, one transaction.
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                persist(bulk.timed(at: date), store: store)
            case .barrier(let continuation):
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                storeQueue.async { [persister] in
                    persister?.commit(PreparedBatch())
                    continuation.resume(returning: persister?.status ?? .persisted)
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
                afterCommits(store: store) { [persister] in
                    persister?.stop()
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
        storeQueue.async { [persister, handedOver] in
            persister?.commit(prepared)
            handedOver.signal()
        }
    }

    /// Runs `body` on the store queue once every batch handed over before is
    /// committed (events a failed insert kept in memory are retried first).
    private func afterCommits(store: EventStore, _ body: @escaping @Sendable () -> Void) {
        storeQueue.async { [persister] in
            persister?.commit(PreparedBatch())
            body()
        }
    }

    /// Encodes, hydrates, de-duplicates and validates a batch (worker thread).
    private func prepare(_ batch: [(any TrackingEvent, Date)]) -> PreparedBatch {
        let globals = processor.globalsSource.currentGlobals()
        let consent = self.consent
        // Asked once per batch, so encoded once per batch.
        let template = processor.template(globals: globals, consent: consent)
        var prepared = PreparedBatch()
        prepared.rows.reserveCapacity(batch.count)
        prepared.processed.reserveCapacity(batch.count)
        var parsed: [JSONValue?] = []   // for the payload check: parsed once, in `process`
        parsed.reserveCapacity(batch.count)
        for (event, createdAt) in batch {
            let (row, processed, payload) = processor.process(event, createdAt: createdAt, template: template, consent: consent)
            prepared.rows.append(row)
            prepared.processed.append(processed)
            parsed.append(payload)
        }
        guard configuration.validatesEvents else { return prepared }
        // The globals are the same for the whole batch: checked once, reported on every event, which
        // is still stored and sent unchanged (RuntimeConstants.invalidGlobalsPolicy).
        let globalViolations = configuration.contract.globalsValidator?(globals) ?? []
        let found = EventProcessor.violations(of: batch, parsed: parsed, rules: configuration.contract)
        for (index, eventViolations) in found.enumerated() {
            var violations = prepared.processed[index].violations + eventViolations   // `process` may have found one
            for violation in globalViolations where !violations.contains(violation) { violations.append(violation) }
            guard !violations.isEmpty else { continue }
            // Withheld once, here: every consumer (store, journey, log, notice) gets
            // violations with no message about a field that may hold personal data.
            let event = prepared.processed[index].eventName
            violations = violations.map { configuration.contract.pii.withholdingDetails(of: $0, event: event) }
            prepared.rows[index].violations = violations.map(\.description)
            prepared.rows[index].flags.insert(.violations)
            prepared.processed[index].violations = violations
            prepared.processed[index].flags.insert(.violations)
        }
        return prepared
    }
}
