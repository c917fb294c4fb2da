import ShopTracking

typealias Events = Shop
typealias Tracking = Events

enum Checkout {
    static func finish(total: Decimal, tracker: Tracker) {
        tracker.track(Events.orderPlaced(total: total))
        tracker.track(Tracking.appOpened())
    }
}
