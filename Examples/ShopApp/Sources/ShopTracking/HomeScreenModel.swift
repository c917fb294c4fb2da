import Foundation
import ImpressionTracking
import ScreenTracking
import ShopEvents

/// The home screen's tracking, kept out of its views: a page view per visit
/// with its time on screen, and product tiles counted once per visit, whose
/// impressions carry the visit's `uniqueViewId`.
///
/// The lifecycle (background, return, suspension) reaches it through the
/// `ApplicationLifecycle` hub: the screen calls nothing for it.
@MainActor
public final class HomeScreenModel<C: Clock> where C.Duration == Duration {
    /// A product tile's height; tiles are stacked from the top of the list.
    public static var tileHeight: Double { 300 }

    public let products: [String]
    public let screen: ScreenTracker<Shop.ExitInteraction>
    public let impressions: ImpressionDriver<C>
    private let viewport: ScreenRect

    public init(products: [String], events: some TrackingEventSink, clock: C,
                lifecycle: ApplicationLifecycle? = .shared,
                viewport: ScreenRect = ScreenRect(x: 0, y: 0, width: 390, height: 800)) throws {
        self.products = products
        self.viewport = viewport
        screen = ScreenTracker(events: events, clock: clock, lifecycle: lifecycle) { visit in
            Shop.homePageView(uniqueViewId: visit.uniqueViewId, secondsOnScreen: visit.secondsOnScreen,
                              skuItemList: products, exitInteraction: visit.exitInteraction(background: .background))
        }
        let sink = screen.impressionSink(events: events) { impression, uniqueViewId in
            Shop.productImpression(uniqueViewId: uniqueViewId, itemId: impression.itemID.rawValue,
                                   position: impression.position, visibleSeconds: impression.visibleSeconds,
                                   sku: impression.itemID.rawValue)
        }
        impressions = ImpressionDriver(tracker: try ImpressionTracker(rules: .mrc, sink: sink), clock: clock,
                                       lifecycle: lifecycle)
        screen.attach(impressions)
    }

    /// The screen appeared.
    public func appear() { screen.enter() }

    /// The list is scrolled to `offset` points: the tiles on screen are reported.
    public func scrolled(to offset: Double) {
        let geometry = ScrollGeometry(bounds: ScreenRect(x: 0, y: offset, width: viewport.width, height: viewport.height))
        var report = VisibilityReportBuilder(geometry: geometry)
        for (position, sku) in products.enumerated() {
            report.addItem(id: ImpressionItemID(sku), position: position,
                           contentFrame: ScreenRect(x: 0, y: Double(position) * Self.tileHeight,
                                                    width: viewport.width, height: Self.tileHeight))
        }
        impressions.report(report.build())
    }

    /// The user tapped a product: the visit ends with that interaction.
    public func openProduct(_ sku: String) { screen.exit(interaction: .productTap) }

    /// The screen went away some other way (a tab, a back navigation).
    public func disappear(interaction: Shop.ExitInteraction? = nil) { screen.exit(interaction: interaction) }
}
