import CollectorResponses
import Foundation
import TrackingCore

/// Where a collector keeps what it received: SQLite in one process (the default)
/// or PostgreSQL shared by several stateless instances (`--postgres`).
///
/// `ingest` is one transaction: the accepted events (a uuid already stored is a
/// duplicate and adds no row), the rejected events (kept apart, as bad rows) and
/// the request's record. The collector answers only after it returned, so an
/// acknowledged event is committed.
public protocol EventStorage: Sendable {
    /// For the startup banner: `sqlite (in memory)`, `postgres db@host:port`.
    var summary: String { get }
    /// Stores one batch; returns the uuids that were already stored (duplicates).
    func ingest(_ batch: IngestBatch) async throws -> Set<String>
    /// Records a request that stored nothing (malformed, refused, faulted).
    func logRequest(_ record: RequestRecord) async throws
    /// A page of stored events, oldest first. Lists are read a page at a time
    /// (`last` is the next page's `after`), so no list is ever held whole.
    func eventPage(_ query: EventQuery) async throws -> Page<CollectedEvent>
    /// A page of rejected events, oldest first.
    func rejectedPage(_ query: PageQuery) async throws -> Page<RejectedEvent>
    /// A page of request records, oldest first.
    func requestPage(_ query: PageQuery) async throws -> Page<RequestRecord>
    /// Totals over everything stored (every instance's, for a shared database).
    func totals() async throws -> StorageTotals
    /// The arrival counts per event name (`GET /arrivals`), summed over the UTC days
    /// from `sinceDay` (days since 1970-01-01) on, or over all days; in no set order.
    /// They are added in the transaction that stores the events, so a re-sent event
    /// (a uuid already stored) is not counted again.
    func arrivals(sinceDay: Int?) async throws -> [ArrivalSummary]
    /// Deletes everything (`DELETE /events`).
    func reset() async throws
    /// Closes connections; the storage is not used afterwards.
    func close() async
}

/// One batch to store in one transaction.
public struct IngestBatch: Sendable {
    public var accepted: [CollectedEvent]
    public var rejected: [RejectedEvent]
    /// The request's record; its `duplicates` is filled in by the storage.
    public var request: RequestRecord
    /// `accepted`'s uuids as SQLite's in-memory index reads them: kept from the check
    /// (`EventChecker`), or parsed before the batch reaches the writer thread when empty.
    var acceptedKeys: [ParsedUUID?] = []
    /// What the arrival counts read from `accepted` and `rejected`, index by index, kept
    /// from the check; read from the payloads when empty.
    var acceptedFacts: [ArrivalFacts] = []
    var rejectedFacts: [ArrivalFacts] = []
    /// The batch's arrival counts as if every accepted event were new, made at the check on
    /// the concurrency pool, so that SQLite's single writer thread only adds tallies up
    /// (`ArrivalTally.of`); `nil`: counted by the storage.
    var arrivals: ArrivalTally?
    /// False only under `--benchmark-without-arrivals`: the batch adds nothing to the counts.
    var countsArrivals = true

    /// A batch to store.
    public init(accepted: [CollectedEvent], rejected: [RejectedEvent], request: RequestRecord) {
        self.init(accepted: accepted, rejected: rejected, request: request, acceptedKeys: [])
    }

    init(accepted: [CollectedEvent], rejected: [RejectedEvent], request: RequestRecord, acceptedKeys: [ParsedUUID?],
         acceptedFacts: [ArrivalFacts] = [], rejectedFacts: [ArrivalFacts] = []) {
        self.accepted = accepted
        self.rejected = rejected
        self.request = request
        self.acceptedKeys = acceptedKeys
        self.acceptedFacts = acceptedFacts
        self.rejectedFacts = rejectedFacts
    }
}

/// One event as the collector stored it.
public struct CollectedEvent: Sendable, Hashable {
    public var uuid: String
    public var eventName: String
    public var kind: String
    /// The event object in `JSONWriter`'s form (the bytes received when they are in it), every
    /// byte kept (a NUL included).
    public var payload: String
    /// The contract's violations, stored as structured JSON.
    public var violations: [Violation]
    public var requestID: String
    public var receivedAt: Date

    /// An event record.
    public init(uuid: String, eventName: String, kind: String, payload: String, violations: [Violation],
                requestID: String, receivedAt: Date) {
        self.uuid = uuid
        self.eventName = eventName
        self.kind = kind
        self.payload = payload
        self.violations = violations
        self.requestID = requestID
        self.receivedAt = receivedAt
    }
}

/// An event the collector will never accept (broken envelope), kept apart from good rows.
public struct RejectedEvent: Sendable, Hashable {
    /// The uuid as sent (may be empty or not a uuid).
    public var uuid: String
    public var reason: String
    /// The event as received (re-encoded), for debugging the sender.
    public var payload: String
    public var requestID: String
    public var receivedAt: Date
}

/// One request's outcome.
public struct RequestRecord: Sendable, Hashable {
    public var requestID: String
    public var status: Int
    /// Events the request carried.
    public var events: Int
    public var accepted: Int = 0
    public var duplicates: Int = 0
    public var rejected: Int = 0
    public var bytes: Int
    /// `stored`, `malformed`, `fault`, `too large`, ...
    public var outcome: String
    public var receivedAt: Date
}

extension EventStorage {
    /// Stored events, oldest first (one page).
    public func events(_ query: EventQuery) async throws -> [CollectedEvent] { try await eventPage(query).rows }
    /// Rejected events, oldest first, skipping the `offset` oldest.
    public func rejected(limit: Int, offset: Int = 0) async throws -> [RejectedEvent] {
        try await rejectedPage(PageQuery(limit: limit, offset: offset)).rows
    }
    /// Request records, oldest first.
    public func requests(limit: Int) async throws -> [RequestRecord] { try await requestPage(PageQuery(limit: limit)).rows }
}

/// Which events `eventPage(_:)` returns: those with `uuid` (any without it), after
/// the row `after` (a page's `last`), among the `newest` rows (all without it),
/// skipping `offset`, at most `limit`, oldest first.
public struct EventQuery: Sendable, Hashable {
    public var uuid: String?
    public var limit = 1_000
    public var offset = 0
    public var after: Int?
    public var newest: Int?
    public init(uuid: String? = nil, limit: Int = 1_000, offset: Int = 0, after: Int? = nil, newest: Int? = nil) {
        self.uuid = uuid
        self.limit = limit
        self.offset = offset
        self.after = after
        self.newest = newest
    }

    var page: PageQuery { PageQuery(limit: limit, offset: offset, after: after, newest: newest) }
}

/// Which rows a page of rejected events or requests has: after the row `after`
/// (a page's `last`), among the `newest` rows (all without it), skipping `offset`,
/// at most `limit`, oldest first.
public struct PageQuery: Sendable, Hashable {
    public var limit: Int
    public var offset = 0
    public var after: Int?
    public var newest: Int?
    public init(limit: Int, offset: Int = 0, after: Int? = nil, newest: Int? = nil) {
        self.limit = limit
        self.offset = offset
        self.after = after
        self.newest = newest
    }

    /// `newest` as an SQL `OFFSET` from the newest row to the first one in the page's
    /// range; past the end (so: from the oldest row) when there is no `newest`.
    var newestOffset: Int { newest.map { max($0 - 1, 0) } ?? Int(Int32.max) }
}

/// Rows of a list, oldest first, and where the next page starts.
public struct Page<Row: Sendable>: Sendable {
    public var rows: [Row]
    /// The storage's sequence number of the last row (the next page's `after`);
    /// `nil` when there are no rows.
    public var last: Int?

    public init(rows: [Row], last: Int?) {
        self.rows = rows
        self.last = last
    }
}

/// Counts over the whole store.
public struct StorageTotals: Sendable, Hashable {
    public var events = 0
    public var rejected = 0
    public var requests = 0
    public var acceptedRequests = 0
    public var duplicates = 0
    public var largestBatch = 0
}

/// Violations as stored: a JSON array of `ViolationEntry`s, the shape the answers list them in.
enum ViolationJSON {
    static func encode(_ violations: [Violation]) -> String {
        // Most events have none: no encoder on the ingest path for them (both storages call this per event).
        guard !violations.isEmpty else { return "[]" }
        // Always encodes (strings only).
        return String(decoding: (try? JSONWriterEncoding.bytes(violations.map(ViolationEntry.init))) ?? Array("[]".utf8), as: UTF8.self)
    }

    /// What was stored; an item that is no violation is left out, and a code this build
    /// does not know (a newer collector wrote it) reads as unknownField.
    static func decode(_ text: String?) -> [Violation] {
        guard let text, case .array(let items)? = try? JSONValue.parse(text) else { return [] }
        return items.compactMap { try? JSONValueDecoding.decode(ViolationEntry.self, from: $0).violation }
    }
}
