/// Impressions handed on together at one commit.
public struct ImpressionBatch: Sendable, Hashable {
    /// What caused the commit.
    public enum Reason: String, Sendable, Hashable {
        /// The periodic commit cycle.
        case cycle
        /// The screen disappeared.
        case stop
        /// The app went to background.
        case background
        /// The driver asked for it (`flush(at:)`).
        case flush
    }

    public var reason: Reason
    /// The engine time of the commit.
    public var committedAt: MonotonicInstant
    /// In the order they were produced (qualification or exit time, then
    /// position, then id).
    public var impressions: [Impression]

    public init(reason: Reason, committedAt: MonotonicInstant, impressions: [Impression]) {
        self.reason = reason
        self.committedAt = committedAt
        self.impressions = impressions
    }
}
