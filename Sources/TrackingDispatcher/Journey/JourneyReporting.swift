import Foundation

/// Where a debug build reports each event's journey: the collector's
/// `POST /v1/journey` (docs/collector.md), so its monitor shows the app's half of
/// every event next to the collector's. Off unless set in
/// ``DispatcherConfiguration/journeyReporting``; see docs/dispatcher.md.
public struct JourneyReporting: Sendable {
    /// The collector's journey endpoint, e.g. `http://127.0.0.1:8080/v1/journey`.
    public var endpoint: URL
    /// At most this many steps per request (the collector's `--max-events`).
    public var maxStepsPerRequest: Int
    /// Steps waiting to be sent beyond this are dropped, oldest first (and counted).
    public var maxBufferedSteps: Int
    /// Seconds a request may take.
    public var timeout: TimeInterval
    /// Seconds to wait after a failed request before the next one.
    public var pauseAfterFailure: TimeInterval
    /// Extra request headers, as `CollectorProvider`'s: the collector's write key
    /// (`Authorization: Bearer …`) when it requires one.
    public var headers: [String: String]

    public init(endpoint: URL, maxStepsPerRequest: Int = 500, maxBufferedSteps: Int = 5_000,
                timeout: TimeInterval = 10, pauseAfterFailure: TimeInterval = 5, headers: [String: String] = [:]) {
        self.endpoint = endpoint
        self.maxStepsPerRequest = max(1, maxStepsPerRequest)
        self.maxBufferedSteps = max(1, maxBufferedSteps)
        self.timeout = timeout
        self.pauseAfterFailure = max(0, pauseAfterFailure)
        self.headers = headers
    }
}

/// What the journey reporter did so far.
public struct JourneyReportStatistics: Sendable, Equatable {
    /// Steps the collector answered 2xx for.
    public var sentSteps = 0
    /// Steps in requests that failed (never retried: a debugging aid must not pile up).
    public var lostSteps = 0
    /// Steps dropped before sending because the buffer was full.
    public var droppedSteps = 0
    public var requests = 0
    /// Steps waiting to be sent.
    public var pendingSteps = 0
}
