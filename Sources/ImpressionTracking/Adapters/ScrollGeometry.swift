/// A point in screen points (the origin of a view in another's coordinate space).
public struct ScreenPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = ScreenPoint(x: 0, y: 0)
}

/// A scroll view's geometry as numbers, and the conversions between its
/// coordinate spaces, so that adapters read frames and nothing else.
///
/// Three spaces meet in a scroll view: **content** (where UIKit's cell frames
/// and `rectForRow(at:)` live; the visible part starts at the content offset),
/// **visible** (measured from the visible area's top-left corner: SwiftUI's
/// frames in a scroll view's named coordinate space) and **window** (where bars
/// and a keyboard are). Reports are built in content space: the viewport is the
/// scroll view's bounds.
public struct ScrollGeometry: Sendable, Hashable {
    /// The visible bounds in content space (origin = the content offset).
    public var bounds: ScreenRect
    /// Where the scroll view's frame starts in window space.
    public var originInWindow: ScreenPoint
    /// What covers the edges of the bounds (UIKit: `adjustedContentInset`;
    /// SwiftUI: the safe area insets).
    public var insets: ScreenInsets

    public init(bounds: ScreenRect, originInWindow: ScreenPoint = .zero, insets: ScreenInsets = .zero) {
        self.bounds = bounds
        self.originInWindow = originInWindow
        self.insets = insets
    }

    /// A rectangle of window space (a bar, a keyboard, a floating button) in content space.
    public func contentRect(fromWindow rect: ScreenRect) -> ScreenRect {
        ScreenRect(x: rect.x - originInWindow.x + bounds.x, y: rect.y - originInWindow.y + bounds.y,
                   width: rect.width, height: rect.height)
    }

    /// A rectangle of content space in window space.
    public func windowRect(fromContent rect: ScreenRect) -> ScreenRect {
        ScreenRect(x: rect.x - bounds.x + originInWindow.x, y: rect.y - bounds.y + originInWindow.y,
                   width: rect.width, height: rect.height)
    }

    /// A rectangle of visible space in content space.
    public func contentRect(fromVisible rect: ScreenRect) -> ScreenRect {
        ScreenRect(x: rect.x + bounds.x, y: rect.y + bounds.y, width: rect.width, height: rect.height)
    }
}
