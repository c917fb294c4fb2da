import Foundation

/// How much the dispatcher holds and how it batches.
public struct BatchConfiguration: Sendable, Hashable {
    /// The most events kept (pending plus in flight). When full, the oldest pending
    /// events are dropped, counted and reported (`DispatcherNotice.droppedOldest`).
    public var maxQueueSize: Int
    /// This many pending events trigger a flush (with `FlushStrategy.overflow`).
    public var overflowQueueSize: Int
    /// Events per request (at most).
    public var deliverySize: Int
    /// Bytes of event payloads per request (at most; a single larger event goes alone).
    public var maxRequestBytes: Int
    /// Seconds between automatic flushes (with `FlushStrategy.interval`).
    public var flushInterval: TimeInterval

    public init(maxQueueSize: Int = 100_000, overflowQueueSize: Int = 50, deliverySize: Int = 100,
                maxRequestBytes: Int = 512 * 1024, flushInterval: TimeInterval = 30) {
        self.maxQueueSize = maxQueueSize
        self.overflowQueueSize = overflowQueueSize
        self.deliverySize = max(1, deliverySize)
        self.maxRequestBytes = max(1, maxRequestBytes)
        self.flushInterval = flushInterval
    }
}

/// How failed requests are retried.
public struct RetryPolicy: Sendable, Hashable {
    /// The first backoff, doubled per consecutive failure.
    public var initialBackoff: TimeInterval
    /// The backoff's ceiling (before jitter).
    public var maximumBackoff: TimeInterval
    /// Random extra delay, as a fraction of the backoff (0.2 = up to +20 %), so a
    /// fleet of apps coming back online does not retry in lockstep.
    public var jitter: Double
    /// The least time between two requests to one endpoint: bounds the request rate
    /// while a large backlog drains.
    public var minimumRequestInterval: TimeInterval
    /// Seconds before a request counts as timed out (then retried).
    public var requestTimeout: TimeInterval

    public init(initialBackoff: TimeInterval = 2, maximumBackoff: TimeInterval = 600, jitter: Double = 0.2,
                minimumRequestInterval: TimeInterval = 0.2, requestTimeout: TimeInterval = 30) {
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.jitter = jitter
        self.minimumRequestInterval = minimumRequestInterval
        self.requestTimeout = requestTimeout
    }

    /// The delay before attempt `failures + 1`, honouring a server's `Retry-After`
    /// (never retrying sooner than it asked). `random` is in `0..<1`.
    public func delay(afterFailures failures: Int, retryAfter: TimeInterval?, random: Double) -> TimeInterval {
        let exponent = Double(max(0, min(failures - 1, 30)))
        let base = min(maximumBackoff, initialBackoff * pow(2, exponent))
        let withJitter = base * (1 + jitter * random)
        return max(withJitter, retryAfter ?? 0)
    }
}
