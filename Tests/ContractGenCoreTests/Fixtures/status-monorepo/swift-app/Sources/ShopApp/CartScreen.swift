import ShopTracking

// Shop.addToCart(sku: "commented", quantity: 1) in a line comment is no call.
/* A block comment /* nested */ is still one: Shop.addToCart(sku: "x", quantity: 1) */
struct CartScreen {
    let tracker: Tracker

    func add(sku: String) {
        tracker.track(Shop.addToCart(sku: sku, quantity: 1))
        let label = "Shop.addToCart(sku: \"in a string\", quantity: 1)"
        let multi = """
            Shop.removeItem(sku: "in a multi-line string") is text,
            \(describe(Shop.removeItem(sku: sku))) is a call
            """
        let raw = #"Shop.appOpened() and \(Shop.appOpened()) are text in a raw string"#
        let rawInterpolated = #"sent: \#(describe(Shop.homePageView()))"#
        tracker.track(
            Shop
                .searchPerformed(query: label + multi + raw + rawInterpolated)
        )
        tracker.track(ShopTracking.Shop.checkoutStarted())
    }
}
