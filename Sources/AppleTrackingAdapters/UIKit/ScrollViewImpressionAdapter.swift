#if canImport(UIKit) && !os(watchOS)
import ImpressionTracking
import UIKit

/// Reports what a `UIScrollView` (a `UICollectionView`, a `UITableView`) shows
/// to an impression driver: it observes the content offset, bounds and content
/// size, reads the item frames, the safe area and bars (`adjustedContentInset`)
/// and any floating views, and leaves the rest to the platform-neutral
/// `VisibilityReportBuilder` and `VisibilityReportGate`.
@MainActor
public final class ScrollViewImpressionAdapter<C: Clock> where C.Duration == Duration {
    /// The items shown: an id, a position, and a frame in the scroll view's content space.
    public typealias VisibleItems = @MainActor (UIScrollView) -> [(id: ImpressionItemID, position: Int, frame: CGRect)]

    public let driver: ImpressionDriver<C>
    /// Views drawn over the list that are not bars (a floating button, a banner).
    public var floatingViews: [UIView] = []
    private weak var scrollView: UIScrollView?
    private let visibleItems: VisibleItems
    private var observations: [NSKeyValueObservation] = []
    private var gate = VisibilityReportGate()

    public init(scrollView: UIScrollView, driver: ImpressionDriver<C>, visibleItems: @escaping VisibleItems) {
        self.scrollView = scrollView
        self.driver = driver
        self.visibleItems = visibleItems
        let changed: @Sendable (UIScrollView) -> Void = { [weak self] _ in
            MainActor.assumeIsolated { self?.update() }   // UIKit changes these on the main thread
        }
        observations = [
            scrollView.observe(\.contentOffset) { view, _ in changed(view) },
            scrollView.observe(\.bounds) { view, _ in changed(view) },
            scrollView.observe(\.contentSize) { view, _ in changed(view) },
        ]
    }

    /// Reads the scroll view and reports when something visible changed. Called on
    /// every observed change; call it after a reload that moves nothing observed.
    public func update() {
        guard let scrollView, let window = scrollView.window else { return }
        let inset = scrollView.adjustedContentInset
        let geometry = ScrollGeometry(
            bounds: ScreenRect(scrollView.bounds),
            originInWindow: ScreenPoint(scrollView.convert(scrollView.bounds.origin, to: window)),
            insets: ScreenInsets(top: Double(inset.top), left: Double(inset.left),
                                 bottom: Double(inset.bottom), right: Double(inset.right)))
        var builder = VisibilityReportBuilder(geometry: geometry)
        for view in floatingViews where !view.isHidden && view.window === window {
            builder.addOccluder(windowFrame: ScreenRect(view.convert(view.bounds, to: window)))
        }
        for item in visibleItems(scrollView) {
            builder.addItem(id: item.id, position: item.position, contentFrame: ScreenRect(item.frame))
        }
        let report = builder.build()
        if gate.pass(report) != nil { driver.report(report) }
    }
}

extension ScrollViewImpressionAdapter {
    /// A collection view's visible items; `item` names the model at an index path
    /// (nil: not tracked), the position is the item's index in its section.
    public static func collectionView(_ collectionView: UICollectionView, driver: ImpressionDriver<C>,
                                      item: @escaping @MainActor (IndexPath) -> ImpressionItemID?) -> ScrollViewImpressionAdapter {
        ScrollViewImpressionAdapter(scrollView: collectionView, driver: driver) { scrollView in
            guard let view = scrollView as? UICollectionView else { return [] }
            return view.indexPathsForVisibleItems.compactMap { path in
                guard let id = item(path), let attributes = view.layoutAttributesForItem(at: path) else { return nil }
                return (id, path.item, attributes.frame)
            }
        }
    }

    /// A table view's visible rows; `row` names the model at an index path.
    public static func tableView(_ tableView: UITableView, driver: ImpressionDriver<C>,
                                 row: @escaping @MainActor (IndexPath) -> ImpressionItemID?) -> ScrollViewImpressionAdapter {
        ScrollViewImpressionAdapter(scrollView: tableView, driver: driver) { scrollView in
            guard let view = scrollView as? UITableView else { return [] }
            return (view.indexPathsForVisibleRows ?? []).compactMap { path in
                guard let id = row(path) else { return nil }
                return (id, path.row, view.rectForRow(at: path))
            }
        }
    }
}
#endif
