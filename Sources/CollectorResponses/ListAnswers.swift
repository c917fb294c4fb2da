// The collector's read endpoints that list what it stored (docs/collector.md,
// "Reading what arrived"): each row and each page described once, here. The
// collector writes them with `JSONWriterEncoding` (the pages row by row:
// `JSONWriterEncoding.split(_:aroundMember:)`), its tests read them with
// `JSONValueDecoding`. Times are ISO 8601 UTC with milliseconds.

/// One stored event as `GET /events` lists it (masked as the collector shows it).
public struct EventListRow: Codable, Sendable, Hashable {
    public var uuid: String
    /// The event's name.
    public var event: String
    public var kind: String
    public var requestId: String
    /// When the collector received it.
    public var receivedAt: String
    /// The contract's rules it breaks (stored anyway).
    public var violations: [ViolationEntry]
    /// The payload as stored.
    public var payload: RawJSON

    public init(uuid: String, event: String, kind: String, requestId: String, receivedAt: String,
                violations: [ViolationEntry], payload: RawJSON) {
        self.uuid = uuid
        self.event = event
        self.kind = kind
        self.requestId = requestId
        self.receivedAt = receivedAt
        self.violations = violations
        self.payload = payload
    }
}

/// `GET /events`: a page of stored events, oldest first, and the sequence
/// number to read on after (`?after=next`).
public struct EventList: Codable, Sendable, Hashable {
    public var events: [EventListRow]
    public var next: Int

    public init(events: [EventListRow], next: Int) {
        self.events = events
        self.next = next
    }

    public enum CodingKeys: String, CodingKey {
        case events, next
    }
}

/// One refused event as `GET /rejected` lists it.
public struct RejectedListRow: Codable, Sendable, Hashable {
    /// The uuid as received (may be no uuid at all).
    public var uuid: String
    public var reason: String
    public var requestId: String
    public var payload: RawJSON

    public init(uuid: String, reason: String, requestId: String, payload: RawJSON) {
        self.uuid = uuid
        self.reason = reason
        self.requestId = requestId
        self.payload = payload
    }
}

/// `GET /rejected`: a page of refused events and where to read on.
public struct RejectedList: Codable, Sendable, Hashable {
    public var rejected: [RejectedListRow]
    public var next: Int

    public init(rejected: [RejectedListRow], next: Int) {
        self.rejected = rejected
        self.next = next
    }

    public enum CodingKeys: String, CodingKey {
        case rejected, next
    }
}

/// One request as `GET /requests` lists it (the answer is a JSON array of these).
public struct RequestListRow: Codable, Sendable, Hashable {
    public var requestId: String
    /// The HTTP status answered (0: the connection was dropped by an injected fault).
    public var status: Int
    public var events: Int
    public var accepted: Int
    public var duplicates: Int
    public var rejected: Int
    /// The body's size as received.
    public var bytes: Int
    /// What happened, in words (`stored`, `malformed`, `fault`, ...).
    public var outcome: String

    public init(requestId: String, status: Int, events: Int, accepted: Int, duplicates: Int, rejected: Int,
                bytes: Int, outcome: String) {
        self.requestId = requestId
        self.status = status
        self.events = events
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
        self.bytes = bytes
        self.outcome = outcome
    }
}

/// The body of an answer that is an error: `{"error":"…"}`.
public struct ErrorAnswer: Codable, Sendable, Hashable {
    /// What went wrong, for people.
    public var error: String

    public init(error: String) { self.error = error }
}

/// The body of an answer that only says it worked: `{"ok":true}`.
public struct OKAnswer: Codable, Sendable, Hashable {
    public var ok: Bool

    public init(ok: Bool = true) { self.ok = ok }
}

/// `POST /faults`: how many faults are queued now.
public struct FaultsQueuedAnswer: Codable, Sendable, Hashable {
    public var queued: Int

    public init(queued: Int) { self.queued = queued }
}

/// `POST /v1/journey`: how many steps were recorded and how many refused.
public struct JourneyRecordedAnswer: Codable, Sendable, Hashable {
    public var recorded: Int
    public var refused: Int

    public init(recorded: Int, refused: Int) {
        self.recorded = recorded
        self.refused = refused
    }
}
