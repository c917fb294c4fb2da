/// When the dispatcher sends what it has stored. Combine as many as the app wants:
/// from aggressive (`.all`) to battery-friendly (`[.didEnterBackground, .manual]`).
public struct FlushStrategy: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// When the client starts (sends what a previous run left).
    public static let boot = FlushStrategy(rawValue: 1 << 0)
    /// When the app reports it will enter the foreground.
    public static let willEnterForeground = FlushStrategy(rawValue: 1 << 1)
    /// When the app reports it entered the background.
    public static let didEnterBackground = FlushStrategy(rawValue: 1 << 2)
    /// When the app reports the network became reachable.
    public static let reachability = FlushStrategy(rawValue: 1 << 3)
    /// As soon as the first events of this run are persisted.
    public static let initialEvents = FlushStrategy(rawValue: 1 << 4)
    /// Every `BatchConfiguration.flushInterval`.
    public static let interval = FlushStrategy(rawValue: 1 << 5)
    /// When `overflowQueueSize` events are pending.
    public static let overflow = FlushStrategy(rawValue: 1 << 6)
    /// When the app calls `TrackingClient.flush()`. (A manual flush always runs;
    /// the option exists so a configuration can say it relies on it.)
    public static let manual = FlushStrategy(rawValue: 1 << 7)

    public static let all: FlushStrategy = [.boot, .willEnterForeground, .didEnterBackground, .reachability,
                                            .initialEvents, .interval, .overflow, .manual]
}

/// What caused a flush (for the journey log and reports).
public enum FlushTrigger: String, Sendable, Hashable {
    case boot, willEnterForeground, didEnterBackground, reachability, initialEvents
    case interval, overflow, manual, retry
}
