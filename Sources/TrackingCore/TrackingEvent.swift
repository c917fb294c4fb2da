import Foundation

/// An event of a tracking contract, as generated code (or an app's own model
/// checked by the contract's descriptor) hands it to the runtime.
///
/// Every contract's envelope has `uuid` and `clientTimestamp`; the runtime relies
/// on them for de-duplication and ordering.
public protocol TrackingEvent: Sendable {
    /// The event's wire name (`wishlistPageView`).
    var eventName: String { get }
    /// The wire name of the event's kind (`pageView`).
    var kindName: String { get }
    /// Identifies this one event; a repeat is flagged as a duplicate.
    var uuid: UUID { get }
    /// When the event happened on the device.
    var clientTimestamp: Date { get }
    /// The contract's semantic version the event was generated from.
    var contractVersion: String { get }

    /// Writes the event's members into an object that the caller has opened
    /// (with `beginObject()`): first `event`, `kind`, `contractVersion`, then the
    /// fields in contract order. The caller may append more members (globals)
    /// before closing it.
    func writeMembers(to writer: inout JSONWriter)

    /// Every way this value breaks the contract; empty when valid.
    func validate() -> [Violation]
}

extension TrackingEvent {
    /// The event as one JSON object, without globals.
    public func encodedJSON() -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)  // most events fit: no regrowth
        writer.beginObject()
        writeMembers(to: &writer)
        writer.endObject()
        return writer.bytes
    }
}
