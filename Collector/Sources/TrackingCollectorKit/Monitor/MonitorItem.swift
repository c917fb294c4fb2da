import Foundation
import TrackingCore

/// One row of the live monitor: an event as the collector saw it, or a step of
/// its journey as a debug dispatcher reported it. Sent to the page as JSON.
struct MonitorItem: Sendable {
    var json: String

    /// A stored event, as `mask` shows it.
    init(event stored: CollectedEvent, duplicate: Bool, mask: DisplayMask) {
        let event = mask(stored)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("side"); writer.value("collector")
        writer.key("uuid"); writer.value(event.uuid)
        writer.key("event"); writer.value(event.eventName)
        writer.key("kind"); writer.value(event.kind)
        writer.key("verdict"); writer.value(duplicate ? "duplicate" : event.violations.isEmpty ? "valid" : "violations")
        writer.key("violations"); ViolationJSON.write(event.violations, to: &writer)
        writer.key("requestId"); writer.value(event.requestID)
        writer.key("receivedAt"); writer.timestamp(event.receivedAt)
        writer.key("payload"); writer.rawValue(event.payload.utf8)
        writer.endObject()
        json = writer.string
    }

    /// A rejected event, as `mask` shows it.
    init(rejected received: RejectedEvent, mask: DisplayMask) {
        let rejected = mask(received)
        let envelope = try? JSONValue.parse(rejected.payload)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("side"); writer.value("collector")
        writer.key("uuid"); writer.value(rejected.uuid)
        writer.key("event"); writer.value(envelope?[WireNames.event]?.stringValue ?? "")
        writer.key("kind"); writer.value(envelope?[WireNames.kind]?.stringValue ?? "")
        writer.key("verdict"); writer.value("rejected")
        writer.key("reason"); writer.value(rejected.reason)
        writer.key("violations"); writer.beginArray(); writer.endArray()
        writer.key("requestId"); writer.value(rejected.requestID)
        writer.key("receivedAt"); writer.timestamp(rejected.receivedAt)
        writer.key("payload"); writer.rawValue(rejected.payload.utf8)
        writer.endObject()
        json = writer.string
    }

    init(json: String) { self.json = json }
}
