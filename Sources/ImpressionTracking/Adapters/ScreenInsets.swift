/// Distances from a viewport's edges that something covers: the safe area,
/// navigation and tab bars, a keyboard (UIKit's `adjustedContentInset`,
/// SwiftUI's safe area insets). Platform-neutral, so that the UI adapters only
/// read numbers from views.
public struct ScreenInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = ScreenInsets()

    /// The covered bands of `viewport` as occluders: top and bottom bands span
    /// the full width, left and right bands the height between them. Negative
    /// or non-finite insets cover nothing; an inset larger than the viewport
    /// covers all of it.
    public func occluders(of viewport: ScreenRect) -> [ScreenRect] {
        func clamp(_ value: Double, _ limit: Double) -> Double {
            value.isFinite && value > 0 ? Swift.min(value, Swift.max(limit, 0)) : 0
        }
        let top = clamp(self.top, viewport.height)
        let bottom = clamp(self.bottom, viewport.height - top)
        let middle = viewport.height - top - bottom
        let left = clamp(self.left, viewport.width)
        let right = clamp(self.right, viewport.width - left)
        var bands: [ScreenRect] = []
        if top > 0 { bands.append(ScreenRect(x: viewport.x, y: viewport.y, width: viewport.width, height: top)) }
        if bottom > 0 {
            bands.append(ScreenRect(x: viewport.x, y: viewport.maxY - bottom, width: viewport.width, height: bottom))
        }
        if middle > 0, left > 0 {
            bands.append(ScreenRect(x: viewport.x, y: viewport.y + top, width: left, height: middle))
        }
        if middle > 0, right > 0 {
            bands.append(ScreenRect(x: viewport.maxX - right, y: viewport.y + top, width: right, height: middle))
        }
        return bands
    }
}
