/// One event as the loopback collector stored it.
struct CollectedEvent: Sendable, Hashable {
    var uuid: String
    var eventName: String
    /// The event object as received (re-encoded with `JSONWriter`, which is byte-stable).
    var payload: String
    /// Violation descriptions from the checker's contract validator.
    var violations: [String]
    /// The request's `X-Request-ID`.
    var requestID: String
}

/// Counters over everything the loopback collector saw.
struct CollectorStatistics: Sendable, Hashable {
    /// Batch requests received (faulted ones included).
    var requests: Int
    /// Requests answered with 2xx.
    var acceptedRequests: Int
    /// Events stored (a resent event counts again).
    var events: Int
    var distinctUUIDs: Int
    /// The most events one request carried.
    var largestBatch: Int
    var faultsServed: Int
    var faultsPending: Int
    /// Batch requests that came with `Content-Encoding: gzip` and inflated cleanly.
    var gzippedRequests: Int
}
