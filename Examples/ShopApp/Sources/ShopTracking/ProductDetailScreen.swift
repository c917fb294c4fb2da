import Foundation
import ScreenTracking
import ShopEvents

/// The product detail screen's page views: the product is part of the event.
@MainActor
public func productDetailScreen(sku: String, price: Decimal, currency: Shop.Currency, events: some TrackingEventSink,
                                clock: some Clock<Duration>, lifecycle: ApplicationLifecycle? = .shared)
    -> ScreenTracker<Shop.ExitInteraction> {
    ScreenTracker(events: events, clock: clock, lifecycle: lifecycle) { visit in
        Shop.productDetailPageView(uniqueViewId: visit.uniqueViewId, secondsOnScreen: visit.secondsOnScreen,
                                   sku: sku, price: price, currency: currency,
                                   exitInteraction: visit.exitInteraction(background: .background))
    }
}
