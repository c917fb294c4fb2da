import TrackingCore
import Foundation

/// Something the app (or its QA tooling) should hear about. Delivered to the
/// client's `onNotice` handler on a background thread, and logged.
public enum DispatcherNotice: Sendable, Hashable {
    /// The event breaks the contract; it is still stored and delivered.
    case violations(uuid: String, event: String, violations: [Violation])
    /// Globals were missing; their defaults were sent (those without one left out) and the event is flagged.
    case incomplete(uuid: String, missingGlobals: [String])
    /// A uuid was tracked twice; the repeat is flagged and still delivered.
    case duplicate(uuid: String)
    /// The queue was full (`maxQueueSize`); this many of the oldest pending events were dropped.
    case droppedOldest(count: Int)
    /// SQLite reported the database damaged: its readable rows were copied into a
    /// new file (`salvaged`), the rest are lost (`lost`, `nil` when the damaged file
    /// could not count them), and the damaged file was moved to `movedTo`.
    case databaseRecreated(movedTo: String, reason: String, salvaged: Int, lost: Int?)
    /// The store cannot be used now (locked, protected while the device is locked,
    /// permissions, I/O, a full disk, a newer schema). Nothing was moved: new events
    /// wait in memory (at most `maxQueueSize`) and the store is tried again with backoff.
    case storeUnavailable(reason: String)
    /// The collector refused the event for good; it is kept aside with the reason.
    case setAside(uuid: String, reason: String)
    /// A request failed; the next attempt waits this long.
    case retryScheduled(after: TimeInterval, reason: String)
    /// The collector answered 413 to one event of `requestBytes` bytes, within
    /// `maxRequestBytes`: its limit is below the configured cap (lower the cap).
    /// The event is kept and retried after backoff.
    case collectorLimitBelowByteCap(requestBytes: Int)
    /// The collector answered 401 or 403: delivery is paused until `resumeDelivery()`.
    case deliveryPaused(status: Int)
}
