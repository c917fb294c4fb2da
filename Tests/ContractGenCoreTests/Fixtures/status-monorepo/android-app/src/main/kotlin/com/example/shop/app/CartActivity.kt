package com.example.shop.app

import com.example.shop.events.Shop
import com.example.shop.events.Shop as OT
import com.example.shop.events.Shop.dropFromCart
import com.example.shop.events.Shop.searchPerformed as search

// Shop.addToCart("commented", 1) in a line comment is no call.
/* Shop.addToCart("block", 1) /* nested */ Shop.appOpened() */
class CartActivity(private val tracker: Tracker) {
    fun add(sku: String) {
        tracker.track(Shop.addToCart(sku, 1))
        val text = "Shop.addToCart(\"in a string\", 1) and $sku"
        val template = "sent ${describe(Shop.homePageView())} now"
        val raw = """
            Shop.appOpened() in a raw string, ${'$'}{Shop.appOpened()} too
            ${OT.checkoutStarted()}
        """
        tracker.track(dropFromCart(sku))
        tracker.track(search(text + template + raw))
        tracker.track(
            OT
                .orderPlaced(java.math.BigDecimal("9.99")))
        val quote = '"'
        tracker.track(Shop.appOpened())
    }
}
