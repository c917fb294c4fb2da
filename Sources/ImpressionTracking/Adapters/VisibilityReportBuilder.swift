/// Builds a ``VisibilityReport`` from a scroll view's geometry and what its
/// adapter read: item frames in content (or visible) space, bars and keyboards
/// in window space. The adapters on Apple platforms only read those numbers.
public struct VisibilityReportBuilder: Sendable {
    public let geometry: ScrollGeometry
    private var occluders: [ScreenRect]
    private var items: [VisibilityReport.Item] = []

    /// Starts a report whose viewport is the geometry's bounds and whose
    /// occluders are the bands its insets cover.
    public init(geometry: ScrollGeometry) {
        self.geometry = geometry
        self.occluders = geometry.insets.occluders(of: geometry.bounds)
    }

    /// Something drawn over the list, given in window space (a floating bar).
    public mutating func addOccluder(windowFrame: ScreenRect) {
        let rect = geometry.contentRect(fromWindow: windowFrame)
        if geometry.bounds.intersection(rect) != nil { occluders.append(rect) }
    }

    /// An item whose frame is in content space (UIKit cells, rows).
    public mutating func addItem(id: ImpressionItemID, position: Int, contentFrame: ScreenRect) {
        items.append(.init(id: id, position: position, frame: contentFrame))
    }

    /// An item whose frame is measured from the visible area's corner (SwiftUI rows).
    public mutating func addItem(id: ImpressionItemID, position: Int, visibleFrame: ScreenRect) {
        items.append(.init(id: id, position: position, frame: geometry.contentRect(fromVisible: visibleFrame)))
    }

    /// The report. Items entirely outside the viewport are left out (off screen).
    public func build() -> VisibilityReport {
        VisibilityReport(viewport: geometry.bounds, occluders: occluders,
                         items: items.filter { geometry.bounds.intersection($0.frame) != nil })
    }
}
