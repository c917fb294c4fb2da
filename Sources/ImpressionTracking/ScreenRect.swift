/// An axis-aligned rectangle in screen points, in whatever coordinate space the
/// reporting UI layer uses (the same space for items, viewport and occluders).
///
/// A small type of its own so that the engine needs no CoreGraphics; a UI adapter
/// converts with `ScreenRect(x: r.minX, y: r.minY, width: r.width, height: r.height)`.
public struct ScreenRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// True when the rectangle encloses no area.
    public var isEmpty: Bool { !(width > 0) || !(height > 0) }

    /// Width times height; zero for an empty rectangle.
    public var area: Double { isEmpty ? 0 : width * height }

    /// The overlap of two rectangles, or nil when they share no area.
    public func intersection(_ other: ScreenRect) -> ScreenRect? {
        let x0 = Swift.max(minX, other.minX)
        let y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return ScreenRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
