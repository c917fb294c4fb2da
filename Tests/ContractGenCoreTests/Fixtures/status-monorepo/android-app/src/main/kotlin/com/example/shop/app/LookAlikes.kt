package com.example.shop.app

import com.example.legacy.Shop

// The app's own functions named like events, and another package's Shop: none of these is a call of a generated function.
class Basket {
    fun addToCart(sku: String) {}
}

fun addToCart(sku: String) {}

fun Basket.orderPlaced() {}

fun lookAlikes(basket: Basket) {
    addToCart("1")
    basket.addToCart("2")
    basket.orderPlaced()
    Shop.addToCart("legacy", 1)
}
