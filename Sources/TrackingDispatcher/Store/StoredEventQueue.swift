/// What a delivering provider may do with the dispatcher's stored events: take
/// the next page (marking it in flight) and settle it. The store itself is not
/// public API; the collector provider gets this through `ProviderContext.store`.
package protocol StoredEventQueue: Sendable {
    /// Up to `limit` pending events, oldest first, whose payloads fit in
    /// `byteLimit` (a first event larger than that comes alone), marked in flight
    /// under `requestID`.
    func nextBatch(limit: Int, byteLimit: Int, requestID: String) throws -> [StoredEvent]
    /// Deletes confirmed events.
    func delete(ids: [Int64]) throws
    /// Makes in-flight events pending again; `countAttempt` records a failed try.
    func release(ids: [Int64], countAttempt: Bool) throws
    /// Keeps events aside with their reason; they are never sent again.
    func setAside(_ reasons: [(id: Int64, reason: String)]) throws
}
