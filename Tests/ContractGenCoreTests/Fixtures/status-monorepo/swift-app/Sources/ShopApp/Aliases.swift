import ShopTracking

typealias Events = Shop
typealias Tracking = Events

enum Checkout {
    static func finish(total: Decimal, tracker: Tracker) {
        tracker.track(Events.orderPlaced(total: total))
        tracker.track(Tracking.appOpened())
    }
}

// After the code, so that its call sites keep their lines (Goldens/Status/status-monorepo.txt).
import Foundation
