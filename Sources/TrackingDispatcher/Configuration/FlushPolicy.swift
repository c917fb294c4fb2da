import Foundation

/// The one place that decides when the dispatcher flushes: maps the configured
/// ``FlushStrategy`` and what just happened (an ``Occasion``) to the flush it
/// causes, or to none. The client, its worker and the collector provider only
/// report occasions; none of them reads the strategies itself.
public struct FlushPolicy: Sendable, Hashable {
    public let strategies: FlushStrategy
    /// Pending events that make `.overflow` flush.
    public let overflowQueueSize: Int
    /// Seconds between `.interval` flushes.
    public let flushInterval: TimeInterval

    public init(strategies: FlushStrategy, overflowQueueSize: Int, flushInterval: TimeInterval) {
        self.strategies = strategies
        self.overflowQueueSize = overflowQueueSize
        self.flushInterval = flushInterval
    }

    init(_ configuration: DispatcherConfiguration) {
        self.init(strategies: configuration.strategies, overflowQueueSize: configuration.batch.overflowQueueSize,
                  flushInterval: configuration.batch.flushInterval)
    }

    /// What happened.
    public enum Occasion: Sendable, Hashable {
        /// The client started and opened its store.
        case clientStarted
        /// Events were persisted; `first` for the first ones of this run; `pending`
        /// events (pending or in flight) are in the store now.
        case eventsPersisted(first: Bool, pending: Int)
        case willEnterForeground
        case didEnterBackground
        case reachabilityChanged(isReachable: Bool)
        /// `flushInterval` elapsed.
        case intervalElapsed
        /// `TrackingClient.flush()` (always flushes).
        case manual
    }

    /// The flush `occasion` causes, or `nil`.
    public func trigger(for occasion: Occasion) -> FlushTrigger? {
        switch occasion {
        case .clientStarted:
            return strategies.contains(.boot) ? .boot : nil
        case .eventsPersisted(let first, let pending):
            if first, strategies.contains(.initialEvents) { return .initialEvents }
            if strategies.contains(.overflow), pending >= overflowQueueSize { return .overflow }
            return nil
        case .willEnterForeground:
            return strategies.contains(.willEnterForeground) ? .willEnterForeground : nil
        case .didEnterBackground:
            return strategies.contains(.didEnterBackground) ? .didEnterBackground : nil
        case .reachabilityChanged(let isReachable):
            return isReachable && strategies.contains(.reachability) ? .reachability : nil
        case .intervalElapsed:
            return interval == nil ? nil : .interval
        case .manual:
            return .manual
        }
    }

    /// Seconds between interval flushes; `nil` when `.interval` is off (or the interval is not positive).
    public var interval: TimeInterval? {
        strategies.contains(.interval) && flushInterval > 0 ? flushInterval : nil
    }
}
