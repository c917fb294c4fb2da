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
    public var violations: [String]
    public var missingGlobals: [String]
    /// Wire names of the contract's PII fields: never log their values.
    public var piiFields: Set<String>

    public var payloadString: String { String(decoding: payload, as: UTF8.self) }

    /// The payload with every PII field's value replaced by `"<redacted>"`, for logs.
    public var redactedPayload: String {
        guard !piiFields.isEmpty, let parsed = try? JSONValue.parse(payload),
              let members = parsed.objectMembers else { return payloadString }
        let redacted = JSONValue.object(members.map { member in
            piiFields.contains(member.key) ? (member.key, .string("<redacted>")) : member
        })
        return String(decoding: redacted.encodedBytes, as: UTF8.self)
    }
}

/// What the client hands a provider at setup.
public struct ProviderContext: Sendable {
    /// The stored events, for providers that deliver them.
    public var store: any StoredEventQueue
    public var clock: any TrackingClock
    public var journey: JourneyLog
    public var batch: BatchConfiguration
    public var retry: RetryPolicy
    /// When to flush: a provider with timers of its own (the interval) asks it.
    public var flushPolicy: FlushPolicy
    public var logger: Logger
    /// Closed while delivery must not start requests (background time expired):
    /// check it before each request and register how to cancel the one in flight.
    public var deliveryGate: DeliveryGate
    public var notify: @Sendable (DispatcherNotice) -> Void
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
