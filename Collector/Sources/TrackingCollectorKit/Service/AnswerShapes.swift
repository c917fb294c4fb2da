import CollectorResponses
import Foundation
import Hummingbird
import TrackingCore

// The collector's records as the shapes its answers are described by
// (module CollectorResponses): every body the collector sends is one of those
// shapes, written with `JSONWriterEncoding`, so no member is spelled twice.

extension EventListRow {
    /// A stored event (already masked) as `GET /events` lists it.
    init(_ event: CollectedEvent) {
        self.init(uuid: event.uuid, event: event.eventName, kind: event.kind, requestId: event.requestID,
                  receivedAt: ISO8601Timestamp.string(from: event.receivedAt),
                  violations: event.violations.map(ViolationEntry.init), payload: RawJSON(text: event.payload))
    }
}

extension RejectedListRow {
    /// A rejected event (already masked) as `GET /rejected` lists it.
    init(_ event: RejectedEvent) {
        self.init(uuid: event.uuid, reason: event.reason, requestId: event.requestID, payload: RawJSON(text: event.payload))
    }
}

extension RequestListRow {
    /// A request record as `GET /requests` lists it.
    init(_ record: RequestRecord) {
        self.init(requestId: record.requestID, status: record.status, events: record.events, accepted: record.accepted,
                  duplicates: record.duplicates, rejected: record.rejected, bytes: record.bytes, outcome: record.outcome)
    }
}

extension CollectorService {
    /// `shape`'s JSON as the answer, with `status`.
    static func json(_ status: Int, answer shape: some Encodable) -> Response {
        do {
            return json(status, try JSONWriterEncoding.bytes(shape))
        } catch {
            // Only a shape that encodes nothing gets here: a defect, answered as one.
            return json(500, Self.errorBytes("cannot encode the answer: \(error)"))
        }
    }

    /// `{"error":message}`.
    static func errorBytes(_ message: String) -> [UInt8] {
        // An `ErrorAnswer` always encodes (one string member).
        (try? JSONWriterEncoding.bytes(ErrorAnswer(error: message))) ?? []
    }

    /// `{"ok":true}`, encoded once (the benchmark sink answers every batch with it).
    static let okBytes: [UInt8] = (try? JSONWriterEncoding.bytes(OKAnswer())) ?? []
}
