import ImpressionTracking
import Testing

/// The platform-neutral half of the Apple UI adapters: everything but reading
/// frames from views.
@Suite struct AdapterGeometryTests {
    static let viewport = ScreenRect(x: 0, y: 1000, width: 390, height: 800)   // scrolled down 1000 pt

    @Test func insetsBecomeBandsAlongTheEdges() {
        let insets = ScreenInsets(top: 100, left: 10, bottom: 80, right: 20)
        #expect(insets.occluders(of: Self.viewport) == [
            ScreenRect(x: 0, y: 1000, width: 390, height: 100),    // navigation bar
            ScreenRect(x: 0, y: 1720, width: 390, height: 80),     // tab bar
            ScreenRect(x: 0, y: 1100, width: 10, height: 620),     // left safe area
            ScreenRect(x: 370, y: 1100, width: 20, height: 620),   // right safe area
        ])
    }

    @Test func zeroNegativeNonFiniteAndHugeInsets() {
        #expect(ScreenInsets.zero.occluders(of: Self.viewport).isEmpty)
        #expect(ScreenInsets(top: -5, left: .nan, bottom: -.infinity, right: 0).occluders(of: Self.viewport).isEmpty)
        // Larger than the viewport: the top band covers all of it, nothing else is left.
        #expect(ScreenInsets(top: 5000, left: 10, bottom: 80).occluders(of: Self.viewport)
            == [ScreenRect(x: 0, y: 1000, width: 390, height: 800)])
    }

    @Test func windowAndVisibleRectanglesConvertToContentAndBack() {
        let geometry = ScrollGeometry(bounds: Self.viewport, originInWindow: ScreenPoint(x: 0, y: 47))
        let tabBarInWindow = ScreenRect(x: 0, y: 761, width: 390, height: 83)
        let inContent = geometry.contentRect(fromWindow: tabBarInWindow)
        #expect(inContent == ScreenRect(x: 0, y: 1714, width: 390, height: 83))
        #expect(geometry.windowRect(fromContent: inContent) == tabBarInWindow)
        // SwiftUI measures from the visible corner.
        #expect(geometry.contentRect(fromVisible: ScreenRect(x: 0, y: 20, width: 390, height: 300))
            == ScreenRect(x: 0, y: 1020, width: 390, height: 300))
    }

    @Test func aReportFromGeometryInsetsBarsAndFrames() {
        let geometry = ScrollGeometry(bounds: Self.viewport, originInWindow: ScreenPoint(x: 0, y: 0),
                                      insets: ScreenInsets(top: 100))
        var builder = VisibilityReportBuilder(geometry: geometry)
        builder.addOccluder(windowFrame: ScreenRect(x: 0, y: 720, width: 390, height: 80))   // a floating bar
        builder.addOccluder(windowFrame: ScreenRect(x: 0, y: 5000, width: 390, height: 80))  // off screen: ignored
        builder.addItem(id: "a", position: 0, contentFrame: ScreenRect(x: 0, y: 1000, width: 390, height: 200))
        builder.addItem(id: "b", position: 1, visibleFrame: ScreenRect(x: 0, y: 200, width: 390, height: 200))
        builder.addItem(id: "z", position: 9, contentFrame: ScreenRect(x: 0, y: 3000, width: 390, height: 200))  // off screen
        let report = builder.build()
        #expect(report.viewport == Self.viewport)
        #expect(report.occluders == [ScreenRect(x: 0, y: 1000, width: 390, height: 100),
                                     ScreenRect(x: 0, y: 1720, width: 390, height: 80)])
        #expect(report.items.map(\.id) == ["a", "b"])
        #expect(report.items[1].frame == ScreenRect(x: 0, y: 1200, width: 390, height: 200))
        // "a" is half under the navigation bar: exactly the threshold.
        #expect(VisibleRatio.of(item: report.items[0].frame, in: report.viewport, occludedBy: report.occluders) == 0.5)
    }

    @Test func diffingVisibleSets() {
        func report(_ items: [(String, Int, Double)], viewportY: Double = 0) -> VisibilityReport {
            VisibilityReport(viewport: ScreenRect(x: 0, y: viewportY, width: 10, height: 100), items: items.map {
                .init(id: ImpressionItemID($0.0), position: $0.1, frame: ScreenRect(x: 0, y: $0.2, width: 10, height: 10))
            })
        }
        let first = report([("a", 0, 0), ("b", 1, 10)])
        let initial = VisibleSetDiff(from: nil, to: first)
        #expect(initial.appeared == ["a", "b"] && initial.geometryChanged && !initial.isEmpty)

        #expect(VisibleSetDiff(from: first, to: first).isEmpty)
        let scrolled = VisibleSetDiff(from: first, to: report([("b", 1, 5), ("c", 2, 15), ("c", 2, 15)]))
        #expect(scrolled.appeared == ["c"])
        #expect(scrolled.disappeared == ["a"])
        #expect(scrolled.moved == ["b"])
        #expect(!scrolled.geometryChanged)
        #expect(VisibleSetDiff(from: first, to: report([("a", 0, 0), ("b", 1, 10)], viewportY: 1)).geometryChanged)

        var gate = VisibilityReportGate()
        #expect(gate.pass(first) != nil)
        #expect(gate.pass(first) == nil)       // a layout pass that moved nothing
        #expect(gate.pass(report([("a", 0, 1)])) != nil)
        gate.reset()
        #expect(gate.pass(report([("a", 0, 1)])) != nil)
    }
}
