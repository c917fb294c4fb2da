/// One item seen once in one visit.
public struct Impression: Sendable, Hashable {
    /// The item's stable id.
    public var itemID: ImpressionItemID
    /// The item's position in its list when it qualified.
    public var position: Int
    /// The visit it counted in (1 for the first visit of the tracker).
    public var visit: Int
    /// When the qualifying dwell began: the item became visible enough, or
    /// counting resumed (start, foreground, resume, new visit) while it was.
    public var firstVisibleAt: MonotonicInstant
    /// When it had been visible enough for the minimum duration.
    public var qualifiedAt: MonotonicInstant
    /// How long it stayed visible enough: the minimum duration when reported at
    /// qualification, the full dwell when reported on exit.
    public var visibleDuration: Duration
    /// The largest visible ratio during that time.
    public var maxRatio: Double

    public init(
        itemID: ImpressionItemID, position: Int, visit: Int,
        firstVisibleAt: MonotonicInstant, qualifiedAt: MonotonicInstant,
        visibleDuration: Duration, maxRatio: Double
    ) {
        self.itemID = itemID
        self.position = position
        self.visit = visit
        self.firstVisibleAt = firstVisibleAt
        self.qualifiedAt = qualifiedAt
        self.visibleDuration = visibleDuration
        self.maxRatio = maxRatio
    }

    /// `visibleDuration` in seconds (the contract's `visibleSeconds`).
    public var visibleSeconds: Double { visibleDuration.secondsValue }
}
