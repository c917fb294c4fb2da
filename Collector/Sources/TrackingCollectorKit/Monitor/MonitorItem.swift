import Foundation
import TrackingCore

/// One row of the live monitor: an event as the collector saw it, or a step of
/// its journey as a debug dispatcher reported it. Sent to the page as JSON.
struct MonitorItem: Sendable {
    var json: String

    /// A stored event; the values of the contract's pii fields are masked unless `showPII`.
    init(event: CollectedEvent, duplicate: Bool, contract: LoadedContract, showPII: Bool) {
        let pii = contract.piiFields(of: event.eventName)
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
        writer.key("pii"); writer.beginArray(); pii.sorted().forEach { writer.value($0) }; writer.endArray()
        writer.key("payload"); writer.rawValue(showPII ? Array(event.payload.utf8) : Self.masking(pii, in: event.payload))
        writer.endObject()
        json = writer.string
    }

    /// A rejected event.
    init(rejected: RejectedEvent) {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("side"); writer.value("collector")
        writer.key("uuid"); writer.value(rejected.uuid)
        writer.key("event"); writer.value((try? JSONValue.parse(rejected.payload))?["event"]?.stringValue ?? "")
        writer.key("kind"); writer.value((try? JSONValue.parse(rejected.payload))?["kind"]?.stringValue ?? "")
        writer.key("verdict"); writer.value("rejected")
        writer.key("reason"); writer.value(rejected.reason)
        writer.key("violations"); writer.beginArray(); writer.endArray()
        writer.key("requestId"); writer.value(rejected.requestID)
        writer.key("receivedAt"); writer.timestamp(rejected.receivedAt)
        writer.key("pii"); writer.beginArray(); writer.endArray()
        writer.key("payload"); writer.rawValue(rejected.payload.utf8)
        writer.endObject()
        json = writer.string
    }

    init(json: String) { self.json = json }

    static let mask = "•••"

    /// The payload with the values of `fields` (top-level wire names) replaced by a mask.
    static func masking(_ fields: Set<String>, in payload: String) -> [UInt8] {
        guard !fields.isEmpty, case .object(let members)? = try? JSONValue.parse(payload) else { return Array(payload.utf8) }
        let masked = JSONValue.object(members.map { fields.contains($0.key) ? ($0.key, .string(mask)) : $0 })
        return masked.encodedBytes
    }
}
