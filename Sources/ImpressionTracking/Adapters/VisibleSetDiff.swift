/// What changed between two reports, so an adapter hands the driver a report
/// only when something on screen changed (scrolling by a point does change the
/// frames; a layout pass that moves nothing does not).
public struct VisibleSetDiff: Sendable, Hashable {
    /// Items in the new report and not in the old, in the new report's order.
    public var appeared: [ImpressionItemID]
    /// Items in the old report and not in the new, in the old report's order.
    public var disappeared: [ImpressionItemID]
    /// Items in both whose frame or position changed.
    public var moved: [ImpressionItemID]
    /// Whether the viewport or the occluders changed.
    public var geometryChanged: Bool

    /// Compares `new` with `old` (nil: nothing was reported before).
    public init(from old: VisibilityReport?, to new: VisibilityReport) {
        var before: [ImpressionItemID: VisibilityReport.Item] = [:]
        for item in old?.items ?? [] where before[item.id] == nil { before[item.id] = item }
        var seen = Set<ImpressionItemID>()
        var appeared: [ImpressionItemID] = []
        var moved: [ImpressionItemID] = []
        for item in new.items where seen.insert(item.id).inserted {
            if let previous = before[item.id] {
                if previous.frame != item.frame || previous.position != item.position { moved.append(item.id) }
            } else {
                appeared.append(item.id)
            }
        }
        var gone = Set<ImpressionItemID>()
        self.disappeared = (old?.items ?? []).compactMap { item in
            !seen.contains(item.id) && gone.insert(item.id).inserted ? item.id : nil
        }
        self.appeared = appeared
        self.moved = moved
        self.geometryChanged = old.map { $0.viewport != new.viewport || $0.occluders != new.occluders } ?? true
    }

    /// True when the new report would tell the engine nothing new.
    public var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty && moved.isEmpty && !geometryChanged }
}

/// Hands reports on only when they differ from the last one handed on.
public struct VisibilityReportGate: Sendable {
    public private(set) var last: VisibilityReport?

    public init() {}

    /// The diff when `report` should be handed on (and remembers it); nil when
    /// nothing changed.
    public mutating func pass(_ report: VisibilityReport) -> VisibleSetDiff? {
        let diff = VisibleSetDiff(from: last, to: report)
        guard !diff.isEmpty else { return nil }
        last = report
        return diff
    }

    /// Forgets the last report (the screen stopped: the next report is new).
    public mutating func reset() { last = nil }
}
