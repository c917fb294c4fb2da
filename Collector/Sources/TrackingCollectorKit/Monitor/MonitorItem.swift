import CollectorResponses
import Foundation
import TrackingCore

// The live monitor's rows (`CollectorResponses.MonitorItem`) made from what the
// collector stored or refused, masked as the collector shows them.

extension MonitorItem {
    /// A stored event, as `mask` shows it.
    init(event stored: CollectedEvent, duplicate: Bool, mask: DisplayMask) {
        let event = mask(stored)
        self = .event(MonitorEventItem(
            uuid: event.uuid, event: event.eventName, kind: event.kind,
            verdict: duplicate ? .duplicate : event.violations.isEmpty ? .valid : .violations,
            violations: event.violations.map(ViolationEntry.init), requestId: event.requestID,
            receivedAt: ISO8601Timestamp.string(from: event.receivedAt), payload: RawJSON(text: event.payload)))
    }

    /// A rejected event, as `mask` shows it.
    init(rejected received: RejectedEvent, mask: DisplayMask) {
        let rejected = mask(received)
        let envelope = try? JSONValue.parse(rejected.payload)
        self = .event(MonitorEventItem(
            uuid: rejected.uuid, event: envelope?[WireNames.event]?.stringValue ?? "",
            kind: envelope?[WireNames.kind]?.stringValue ?? "", verdict: .rejected, reason: rejected.reason,
            violations: [], requestId: rejected.requestID, receivedAt: ISO8601Timestamp.string(from: rejected.receivedAt),
            payload: RawJSON(text: rejected.payload)))
    }

    /// The row's JSON, as the stream's `data:` lines and the snapshot's items send it.
    var json: String {
        // A monitor row always encodes (every member is a string, a list or raw JSON).
        String(decoding: (try? JSONWriterEncoding.bytes(self)) ?? [], as: UTF8.self)
    }
}
