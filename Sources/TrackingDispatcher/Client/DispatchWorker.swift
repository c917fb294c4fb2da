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
        case barrier(CheckedContinuation<Void, Never>)
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
    private let providers: [any TrackingProvider]
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
    private var persistedAny = false
    private let consentLock = NSLock()
    private var consentValue: PIIConsent
    private let overflowLock = NSLock()
    private var overflowFlushRunning = false

    private let storeLock = NSLock()
    private var openedStore: EventStore?
    private var storeWaiters: [CheckedContinuation<EventStore, Never>] = []

    init(configuration: DispatcherConfiguration, providers: [any TrackingProvider], globals: any GlobalsSource,
         clock: any TrackingClock, logger: Logger, notify: @escaping @Sendable (DispatcherNotice) -> Void) {
        self.configuration = configuration
        self.providers = providers
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
                                      retry: configuration.retry, strategies: configuration.strategies,
                                      logger: logger, notify: notify)
        for provider in providers { provider.setup(context) }
        storeLock.lock()
        openedStore = store
        let waiters = storeWaiters
        storeWaiters = []
        storeLock.unlock()
        for waiter in waiters { waiter.resume(returning: store) }
        if configuration.strategies.contains(.boot) { startFlush(.boot) }

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

    private func openStore() -> EventStore {
        let notify = self.notify
        let logger = self.logger
        do {
            let store = try EventStore(url: configuration.databaseURL) { movedTo, reason in
                logger.error("tracking database was damaged; moved to \(movedTo) and recreated: \(reason)")
                notify(.databaseRecreated(movedTo: movedTo, reason: reason))
            }
            if let moved = store.openReport.movedAside {
                logger.error("tracking database was unreadable; moved to \(moved.path) and recreated: \(moved.reason)")
                notify(.databaseRecreated(movedTo: moved.path, reason: moved.reason))
            }
            if store.openReport.recoveredInFlight > 0 {
                logger.notice("\(store.openReport.recoveredInFlight) event(s) left in flight by the last run will be sent again")
            }
            return store
        } catch {
            logger.critical("cannot open the tracking database: \(error); using a temporary store")
            notify(.storeUnavailable(reason: "\(error)"))
            let fallback = FileManager.default.temporaryDirectory
                .appendingPathComponent("tracking-fallback-\(ProcessInfo.processInfo.processIdentifier).sqlite")
            if let store = try? EventStore(url: fallback) { return store }
            // Memory always works; events live as long as the process.
            return try! EventStore.inMemory()
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
            case .barrier(let continuation):
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                afterCommits(store: store) { continuation.resume() }
            case .flush(let trigger):
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                afterCommits(store: store) { [self] in startFlush(trigger) }
            case .associate(let user):
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                afterCommits(store: store) { [self] in for provider in providers { provider.associate(user: user) } }
            case .disassociate:
                persist(batch, store: store)
                batch.removeAll(keepingCapacity: true)
                afterCommits(store: store) { [self] in for provider in providers { provider.disassociate() } }
            case .stop(let continuation):
                persist(batch, store: store)
                afterCommits(store: store) { continuation.resume() }
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
        let globalViolations = configuration.contract.globalsValidator?(globals) ?? []
        let found = EventProcessor.violations(of: batch, rows: prepared.rows, rules: configuration.contract)
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
            // Keep them in memory and try again with the next batch; never drop silently.
            logger.error("cannot persist \(batch.rows.count) event(s): \(error); will retry")
            let keep = configuration.batch.maxQueueSize
            unsaved = Prepared(rows: Array(batch.rows.suffix(keep)), processed: Array(batch.processed.suffix(keep)))
            return
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
        for event in batch.processed {
            for provider in providers { provider.track(event) }
        }
        if !persistedAny {
            persistedAny = true
            if configuration.strategies.contains(.initialEvents) { startFlush(.initialEvents) }
        }
        if configuration.strategies.contains(.overflow),
           store.activeEventCount >= configuration.batch.overflowQueueSize {
            startOverflowFlush()
        }
    }

    private func report(_ event: ProcessedEvent) {
        if event.flags.contains(.violations) {
            // The violations' messages never hold a value, and details about fields
            // that may hold personal data were withheld when they were found (prepare).
            let text = event.violations.map(\.description).joined(separator: "; ")
            let message: Logger.Message = "CONTRACT VIOLATION in \(event.eventName) \(event.uuid): \(text)"
            if configuration.reportViolationsLoudly { logger.critical(message) } else { logger.warning(message) }
            notify(.violations(uuid: event.uuid, event: event.eventName, violations: event.violations))
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

    private func startFlush(_ trigger: FlushTrigger) {
        let providers = self.providers
        Task.detached {
            for provider in providers { _ = await provider.flush(trigger: trigger) }
        }
    }

    /// One overflow flush at a time: the uploader coalesces anyway, this avoids a task per batch.
    private func startOverflowFlush() {
        let start = overflowLock.withLock { () -> Bool in
            if overflowFlushRunning { return false }
            overflowFlushRunning = true
            return true
        }
        guard start else { return }
        let providers = self.providers
        Task.detached { [self] in
            for provider in providers { _ = await provider.flush(trigger: .overflow) }
            overflowLock.withLock { overflowFlushRunning = false }
        }
    }
}
