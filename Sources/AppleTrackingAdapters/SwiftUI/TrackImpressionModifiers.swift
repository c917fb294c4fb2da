#if canImport(SwiftUI)
import ImpressionTracking
import SwiftUI

/// A row's frame in its tracked scroll container's coordinate space.
struct ImpressionRowFrame: Equatable, Sendable {
    var id: ImpressionItemID
    var position: Int
    var frame: CGRect
}

struct ImpressionRowFramesKey: PreferenceKey {
    static let defaultValue: [ImpressionRowFrame] = []
    static func reduce(value: inout [ImpressionRowFrame], nextValue: () -> [ImpressionRowFrame]) {
        value.append(contentsOf: nextValue())
    }
}

/// The container's size and safe area (what covers its edges).
struct ImpressionViewport: Equatable, Sendable {
    var size: CGSize
    var insets: EdgeInsets
}

struct ImpressionViewportKey: PreferenceKey {
    static let defaultValue: ImpressionViewport? = nil
    static func reduce(value: inout ImpressionViewport?, nextValue: () -> ImpressionViewport?) {
        value = value ?? nextValue()
    }
}

/// The coordinate space rows measure themselves in: the container's visible area.
let impressionCoordinateSpace = "AppleTrackingAdapters.impressions"

extension View {
    /// Measures this row for the enclosing `.trackImpressions(_:)` container.
    /// `id` is the model's id (never an index), `position` its place in the list.
    public func trackImpression(id: ImpressionItemID, position: Int) -> some View {
        background {
            GeometryReader { proxy in
                Color.clear.preference(key: ImpressionRowFramesKey.self, value: [
                    ImpressionRowFrame(id: id, position: position, frame: proxy.frame(in: .named(impressionCoordinateSpace))),
                ])
            }
        }
    }

    /// Reports the rows marked with `.trackImpression(id:position:)` inside this
    /// scroll view to `driver` whenever what is visible changes. Without a screen
    /// tracker driving it, the driver starts on appear and stops on disappear.
    public func trackImpressions<C: Clock>(_ driver: ImpressionDriver<C>) -> some View where C.Duration == Duration {
        modifier(TrackImpressionsModifier(driver: driver))
    }
}

struct TrackImpressionsModifier<C: Clock>: ViewModifier where C.Duration == Duration {
    let driver: ImpressionDriver<C>
    @State private var rows: [ImpressionRowFrame] = []
    @State private var viewport: ImpressionViewport?
    @State private var gate = VisibilityReportGate()

    func body(content: Content) -> some View {
        content
            .coordinateSpace(name: impressionCoordinateSpace)
            .background {
                GeometryReader { proxy in
                    Color.clear.preference(key: ImpressionViewportKey.self,
                                           value: ImpressionViewport(size: proxy.size, insets: proxy.safeAreaInsets))
                }
            }
            // The SDK may call these actions outside the main actor's static isolation;
            // SwiftUI runs them on the main thread.
            .onPreferenceChange(ImpressionRowFramesKey.self) { value in
                MainActor.assumeIsolated { rows = value; report() }
            }
            .onPreferenceChange(ImpressionViewportKey.self) { value in
                MainActor.assumeIsolated { viewport = value; report() }
            }
            .onAppear { if !driver.isDrivenByScreen { driver.start() } }
            .onDisappear {
                if !driver.isDrivenByScreen { driver.stop() }
                gate.reset()
            }
    }

    /// Builds the report in the platform-neutral code and hands it on when it changed.
    @MainActor private func report() {
        guard let viewport else { return }
        let geometry = ScrollGeometry(
            bounds: ScreenRect(x: 0, y: 0, width: Double(viewport.size.width), height: Double(viewport.size.height)),
            insets: ScreenInsets(top: Double(viewport.insets.top), left: Double(viewport.insets.leading),
                                 bottom: Double(viewport.insets.bottom), right: Double(viewport.insets.trailing)))
        var builder = VisibilityReportBuilder(geometry: geometry)
        for row in rows { builder.addItem(id: row.id, position: row.position, visibleFrame: ScreenRect(row.frame)) }
        let report = builder.build()
        if gate.pass(report) != nil { driver.report(report) }
    }
}
#endif
