package com.example.legacy

/** An older tracking object of the same name, in another package. */
object Shop {
    fun addToCart(sku: String, quantity: Int) {}
}
