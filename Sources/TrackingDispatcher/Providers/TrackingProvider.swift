import Foundation
import Logging
import TrackingCore

/// A user the app associates with the tracking session (after log-in).
public struct TrackedUser: Sendable, Hashable {
    public var id: String
    public var traits: [String: String]
    public init(id: String, traits: [String: String] = [:]) {
        self.id = id
        self.traits = traits
    }
}

/// An event after the dispatcher processed and persisted it: what providers receive.
public struct ProcessedEvent: Sendable {
    public var eventName: String
    public var kindName: String
    public var uuid: String
    public var clientTimestamp: Date
    /// The encoded event with its globals, exactly as stored and sent (PII already
    /// removed when consent was denied).
    public var payload: [UInt8]
    public var flags: EventFlags
    /// What breaks the contract (details about fields that may hold personal data withheld).
    public var violations: [Violation]
    public var missingGlobals: [String]
    /// Which values may hold personal data, at every depth: never log them.
    public var pii: PIIPolicy

    public var payloadString: String { String(decoding: payload, as: UTF8.self) }

    /// The payload with every PII value replaced by `"<redacted>"` at every
    /// depth, for logs; a payload that does not parse is not shown at all.
    public var redactedPayload: String { pii.redactedText(of: payload) }
}

/// What the client hands a provider at setup: the clock and the flush policy,
/// for a provider with timers of its own. What delivering from the store needs
/// (the store, the journey, the retry and batch settings, the delivery gate, the
/// logger, the notice sink) is for the dispatcher's own `CollectorProvider`
/// only, not public API.
public struct ProviderContext: Sendable {
    /// The dispatcher's clock: time a provider's own intervals on it.
    public var clock: any TrackingClock
    /// When to flush: a provider with timers of its own (the interval) asks it.
    public var flushPolicy: FlushPolicy
    /// The stored events, for the provider that delivers them.
    package var store: any StoredEventQueue
    package var journey: JourneyLog
    package var batch: BatchConfiguration
    package var retry: RetryPolicy
    package var logger: Logger
    /// Closed while delivery must not start requests (background time expired):
    /// check it before each request and register how to cancel the one in flight.
    package var deliveryGate: DeliveryGate
    package var notify: @Sendable (DispatcherNotice) -> Void

    init(store: any StoredEventQueue, clock: any TrackingClock, journey: JourneyLog, batch: BatchConfiguration,
         retry: RetryPolicy, flushPolicy: FlushPolicy, logger: Logger, deliveryGate: DeliveryGate,
         notify: @escaping @Sendable (DispatcherNotice) -> Void) {
        self.store = store
        self.clock = clock
        self.journey = journey
        self.batch = batch
        self.retry = retry
        self.flushPolicy = flushPolicy
        self.logger = logger
        self.deliveryGate = deliveryGate
        self.notify = notify
    }
}

/// The result of a flush.
public struct FlushSummary: Sendable, Hashable {
    /// Events confirmed (and deleted) by this flush.
    public var delivered = 0
    /// Requests sent.
    public var requests = 0
    /// Events set aside for good.
    public var setAside = 0
    /// When delivery is backing off: the earliest next attempt.
    public var nextAttempt: Date?
    /// Delivery is paused (401/403) until `resumeDelivery()`.
    public var paused = false

    public init() {}

    mutating func merge(_ other: FlushSummary) {
        delivered += other.delivered
        requests += other.requests
        setAside += other.setAside
        nextAttempt = [nextAttempt, other.nextAttempt].compactMap { $0 }.min()
        paused = paused || other.paused
    }
}

/// A destination for tracked events (the article's provider): set up once, then
/// every processed event, user association and flush is fanned out to it.
///
/// `track`, `associate` and `disassociate` are called one at a time, in tracking
/// order, on the dispatcher's store queue, after the event is persisted; keep
/// them quick.
public protocol TrackingProvider: AnyObject, Sendable {
    func setup(_ context: ProviderContext)
    func track(_ event: ProcessedEvent)
    func associate(user: TrackedUser)
    func disassociate()
    /// Sends what the provider holds; providers without delivery return an empty summary.
    func flush(trigger: FlushTrigger) async -> FlushSummary
    /// Stops timers and in-flight work (the client is shutting down).
    func shutdown() async
}

extension TrackingProvider {
    public func flush(trigger: FlushTrigger) async -> FlushSummary { FlushSummary() }
    public func shutdown() async {}
}
