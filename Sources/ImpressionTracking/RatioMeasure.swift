/// How the visible part of an item is measured.
public enum RatioMeasure: String, Sendable, Hashable, CaseIterable {
    /// Uncovered area inside the viewport over the item's area (the MRC way).
    case area
    /// Uncovered height inside the viewport over the item's height (the way of
    /// list trackers that check a share of a row's height). Horizontal clipping
    /// is ignored; use `area` for horizontal carousels.
    case height
}
