/// What `GET /stats` answers: totals over everything stored (every instance's,
/// with a shared database) and this instance's fault and gzip counters.
public struct CollectorStatistics: Sendable, Hashable, Codable {
    /// Requests recorded (batches, faulted and refused ones included).
    public var requests: Int
    /// Requests answered with 2xx.
    public var acceptedRequests: Int
    /// Events stored (one row per uuid).
    public var events: Int
    /// Re-sent events that found their uuid stored already.
    public var duplicates: Int
    /// Events rejected (kept apart from the stored ones).
    public var rejected: Int
    /// The most events one request carried.
    public var largestBatch: Int
    /// This instance: faults served and still queued.
    public var faultsServed: Int
    public var faultsPending: Int
    /// This instance: batch requests that came gzipped and inflated cleanly.
    public var gzippedRequests: Int
    /// This instance: requests the access rules refused (`AccessMiddleware`), by
    /// reason: a `Host` not served (421), a browser's cross-origin request (403),
    /// a missing or wrong token or write key (401).
    public var refusedHost: Int
    public var refusedOrigin: Int
    public var refusedCredentials: Int
}
