import Foundation
import Logging
import TrackingCore

/// The app's one entry point for tracking: create it once at launch, then call
/// `track(_:)` from any thread or task.
///
/// `track` appends the event to an in-memory inbox and returns; a background
/// worker validates it, adds the globals, applies the PII policy, writes it to
/// SQLite (before anything else happens to it) and fans it out to the providers.
/// The HTTP `CollectorProvider` delivers from the store with at-least-once
/// semantics: an event leaves the store only after the collector confirmed it.
///
/// An event is durable once persisted: `waitUntilPersisted()` returns when every
/// event tracked before it is in the database.
public final class TrackingClient: Sendable {
    let worker: DispatchWorker   // internal for tests (store statistics)
    private let providers: [any TrackingProvider]
    private let clock: any TrackingClock
    private let background: BackgroundTimeKeeper
    /// The journey of every event of this session (bounded).
    public var journey: JourneyLog { worker.journey }

    /// Creates the client and starts its worker (which opens the database off the
    /// caller's thread and sets up every provider).
    /// - Parameters:
    ///   - providers: destinations; usually a `CollectorProvider`, plus a `LoggingProvider` in debug.
    ///   - globals: where global values come from (default: `DeviceGlobals`).
    ///   - clock: time for intervals, backoff and sessions (a `ManualClock` in tests).
    ///   - backgroundTime: asks the platform for extra time when the app enters the
    ///     background (on iOS `UIApplicationBackgroundTimeProvider` from
    ///     `AppleTrackingAdapters`); `nil` asks for none.
    ///   - onNotice: told about violations, drops, recreated databases, pauses…
    public init(configuration: DispatcherConfiguration, providers: [any TrackingProvider],
                globals: any GlobalsSource = DeviceGlobals(), clock: any TrackingClock = SystemClock(),
                logger: Logger = Logger(label: "tracking.dispatcher"),
                backgroundTime: (any BackgroundTimeProvider)? = nil,
                onNotice: @escaping @Sendable (DispatcherNotice) -> Void = { _ in }) {
        self.providers = providers
        self.clock = clock
        let gate = DeliveryGate()
        background = BackgroundTimeKeeper(provider: backgroundTime, gate: gate, clock: clock, logger: logger)
        worker = DispatchWorker(configuration: configuration, providers: providers, globals: globals,
                                clock: clock, logger: logger, gate: gate, notify: onNotice)
        worker.start()
    }

    /// Tracks an event. Returns at once, never throws, never touches disk or network.
    @inline(__always)
    public func track(_ event: some TrackingEvent) {
        worker.enqueue(.event(event, clock.date))
    }

    /// Tracks every event of `events`, each with the same guarantees as
    /// ``track(_:)`` (validated, flagged, persisted before any provider sees it),
    /// for the cost of one hand-off on the caller's thread: one lock, one append.
    /// All of them are persisted in one transaction, in order.
    public func track(contentsOf events: some Sequence<any TrackingEvent>) {
        let all = Array(events)
        guard !all.isEmpty else { return }
        worker.enqueue(.events(MixedEventBulk(events: all), clock.date))
    }

    /// Tracks every event of `events` (all of one type), as the overload for any
    /// events does. An array is kept as it is (copied on write), so the caller's
    /// cost does not grow with the number of events.
    public func track<Event: TrackingEvent>(contentsOf events: some Sequence<Event>) {
        let all = Array(events)
        guard !all.isEmpty else { return }
        worker.enqueue(.events(TypedEventBulk(events: all), clock.date))
    }

    /// Associates the session with a user (after log-in), for every provider.
    public func associate(user: TrackedUser) { worker.enqueue(.associate(user)) }

    /// Breaks the link to the user (after log-out).
    public func disassociate() { worker.enqueue(.disassociate) }

    /// Whether PII may be persisted. Applies to events processed after the change.
    public var consent: PIIConsent {
        get { worker.consent }
        set { worker.consent = newValue }
    }

    // MARK: Lifecycle and reachability (Linux has no UIApplication: the app reports them)

    /// The app is in the foreground again: background time held is given back and
    /// delivery stopped by an expiry may run again.
    public func applicationWillEnterForeground() {
        background.enterForeground()
        if let trigger = worker.policy.trigger(for: .willEnterForeground) { worker.enqueue(.flush(trigger)) }
    }

    /// The app entered the background: asks the ``BackgroundTimeProvider`` for
    /// extra time (on this thread) and holds it until everything tracked before is
    /// persisted and the background flush (with ``FlushStrategy/didEnterBackground``)
    /// has finished, then gives it back at once. When the time expires first, no
    /// new request starts and the one in flight is cancelled; its events stay
    /// pending. Each step is in ``backgroundSteps``.
    public func applicationDidEnterBackground() {
        let trigger = worker.policy.trigger(for: .didEnterBackground)
        let entry = background.enterBackground()
        guard trigger != nil || background.hasProvider else { return }
        let providers = self.providers
        let background = self.background
        Task.detached { [self] in
            let status = await waitUntilPersisted()
            background.record(.persisted(status))
            if let trigger, !background.gate.isClosed {
                var summary = FlushSummary()
                for provider in providers { summary.merge(await provider.flush(trigger: trigger)) }
                background.record(.flushed(delivered: summary.delivered, requests: summary.requests))
            }
            background.workFinished(entry: entry)
        }
    }

    /// The steps of the background work (time asked for, persisted, flushed,
    /// expired, given back), oldest first, bounded.
    public var backgroundSteps: [BackgroundStep] { background.steps }

    public func networkReachabilityChanged(isReachable: Bool) {
        if let trigger = worker.policy.trigger(for: .reachabilityChanged(isReachable: isReachable)) {
            worker.enqueue(.flush(trigger))
        }
    }

    // MARK: Flushing and inspection

    /// Returns once every event tracked before this call was handed to the
    /// database, and says whether it is committed there (``PersistenceStatus/persisted``)
    /// or waits in memory because the store is unavailable or an insert failed.
    @discardableResult
    public func waitUntilPersisted() async -> PersistenceStatus {
        await withCheckedContinuation { worker.enqueue(.barrier($0)) }
    }

    /// Persists what was tracked, then delivers everything pending (a manual flush;
    /// it respects a running backoff and a 401/403 pause).
    @discardableResult
    public func flush() async -> FlushSummary {
        await waitUntilPersisted()
        var summary = FlushSummary()
        let trigger = worker.policy.trigger(for: .manual) ?? .manual
        for provider in providers { summary.merge(await provider.flush(trigger: trigger)) }
        return summary
    }

    /// Stored events by state, after persisting what was tracked.
    public func storeCounts() async throws -> StoreCounts {
        await waitUntilPersisted()
        return try await worker.store().counts()
    }

    /// The stored events in one state (for tests and debug screens).
    public func storedEvents(in state: EventState, limit: Int = 1_000) async throws -> [StoredEvent] {
        await waitUntilPersisted()
        return try await worker.store().events(in: state, limit: limit)
    }

    /// How the database was found when opened (recovered rows, a file moved aside).
    public var storeOpenReport: StoreOpenReport {
        get async { await worker.store().openReport }
    }

    /// A developer's dump: store counts, the events set aside (with their
    /// reasons) and the journey log.
    public func describe() async -> String {
        let counts = (try? await storeCounts()).map(\.description) ?? "unavailable"
        var lines = ["Tracking store: \(counts)"]
        if let aside = try? await storedEvents(in: .setAside, limit: 50), !aside.isEmpty {
            lines.append("Set aside (never resent):")
            for event in aside { lines.append("  \(event.eventName) \(event.uuid): \(event.reason ?? "?")") }
        }
        let backgroundSteps = background.steps
        if !backgroundSteps.isEmpty {
            lines.append("Background time:")
            for step in backgroundSteps.suffix(20) { lines.append("  \(step)") }
        }
        lines.append(journey.describe())
        return lines.joined(separator: "\n")
    }

    /// Persists what was tracked, stops the worker, timers and uploads, ends
    /// journey reporting (its request in flight is cancelled: call
    /// `journey.reporter?.waitUntilIdle()` first to send every step), and closes
    /// the database. The client must not be used afterwards.
    public func shutdown() async {
        await withCheckedContinuation { worker.enqueue(.stop($0)) }
        for provider in providers { await provider.shutdown() }
        // After the providers: their last steps are recorded (and counted) before it ends.
        await journey.reporter?.shutdown()
        background.shutdown()
        await worker.store().close()
    }
}
