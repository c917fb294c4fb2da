import TrackingCore
import Foundation

/// Something the app (or its QA tooling) should hear about. Delivered to the
/// client's `onNotice` handler on a background thread, and logged.
public enum DispatcherNotice: Sendable, Hashable {
    /// The event breaks the contract; it is still stored and delivered.
    case violations(uuid: String, event: String, violations: [Violation])
    /// Globals were missing; their defaults were used and the event is flagged.
    case incomplete(uuid: String, missingGlobals: [String])
    /// A uuid was tracked twice; the repeat is flagged and still delivered.
    case duplicate(uuid: String)
    /// The queue was full (`maxQueueSize`); this many of the oldest pending events were dropped.
    case droppedOldest(count: Int)
    /// The database file was unreadable and was moved aside; its events are lost.
    case databaseRecreated(movedTo: String, reason: String)
    /// The store could not be used at all (for example a read-only directory); the
    /// dispatcher fell back to a temporary file.
    case storeUnavailable(reason: String)
    /// The collector refused the event for good; it is kept aside with the reason.
    case setAside(uuid: String, reason: String)
    /// A request failed; the next attempt waits this long.
    case retryScheduled(after: TimeInterval, reason: String)
    /// The collector answered 401 or 403: delivery is paused until `resumeDelivery()`.
    case deliveryPaused(status: Int)
}
