import Foundation

/// The dispatcher's source of time: event timestamps, intervals, backoff, the
/// request-rate bound and sessions all go through it. Apps use ``SystemClock``;
/// tests use `TrackingTesting`'s `ManualClock`, which moves only when told.
public protocol TrackingClock: Sendable {
    /// The current wall time.
    var date: Date { get }
    /// Suspends until `seconds` have passed on this clock (or the task is cancelled).
    func sleep(for seconds: TimeInterval) async throws
}

/// Wall time and `Task.sleep`.
public struct SystemClock: TrackingClock {
    public init() {}
    public var date: Date { Date() }
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
