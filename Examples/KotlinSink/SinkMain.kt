package com.example.shop.sink

import com.example.shop.Currency
import com.example.shop.ExitInteraction
import com.example.shop.InteractionType
import com.example.shop.Omnitracking
import com.example.shop.OmnitrackingGlobals
import com.example.shop.Product
import com.example.shop.ViewType
import io.contractgen.runtime.CollectorSink
import java.math.BigDecimal
import java.net.URL
import java.time.Instant
import java.util.UUID

/**
 * Sends one event of every event of contract/contract.yaml to a collector
 * through the HttpURLConnection sink, with the arguments of the Swift goldens
 * (Tests/ContractGenCoreTests/Goldens/Events) and the uuid
 * 5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5fN, N = 1…9 (scripts/kotlin-sink-e2e.sh).
 *
 * Usage: SinkMain <batch endpoint> [write key]
 */
object SinkMain {
    @JvmStatic
    fun main(args: Array<String>) {
        val at = Instant.parse("2026-11-20T12:00:00.123Z")
        val view = UUID.fromString("00000000-0000-4000-8000-000000000001")
        fun id(n: Int) = UUID.fromString("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f$n")
        val events = listOf(
            Omnitracking.wishlistPageView(
                uniqueViewId = view, skuItemList = listOf("1234", "5678"), exitInteraction = ExitInteraction.TAB_BAR, uuid = id(1), clientTimestamp = at),
            Omnitracking.messageCentrePageView(
                uniqueViewId = view, messageQuantity = 3L, hasNewMessages = true, promocode = "SPRING24", uuid = id(2), clientTimestamp = at),
            Omnitracking.productDetailPageView(
                uniqueViewId = view, sku = "123456", price = BigDecimal("19.99"), currency = Currency.EUR, uuid = id(3), clientTimestamp = at),
            Omnitracking.searchResultsPageView(
                uniqueViewId = view, searchQuery = "red \"shoes\" \\ size 42\n\uD83D\uDE00", skuItemList = listOf(), legacyCategory = "shoes",
                uuid = id(4), clientTimestamp = at),
            Omnitracking.addToBag(
                uniqueViewId = view, sku = "00001234", price = BigDecimal("1234567890.0000000001"), currency = Currency.GBP, quantity = 2L,
                uuid = id(5), clientTimestamp = at),
            Omnitracking.bagPageView(
                uniqueViewId = view,
                products = listOf(
                    Product(sku = "1234", price = BigDecimal("0.1"), brand = "Acme & Söhne", imageUrl = "https://example.com/a.png", position = 0L),
                    Product(sku = "99999", price = BigDecimal("5"))),
                cartId = "cart-7", exitInteraction = ExitInteraction.DEEP_LINK, uuid = id(6), clientTimestamp = at),
            Omnitracking.applyPromocode(
                uniqueViewId = view, interactionType = InteractionType.LONG_PRESS, promocode = "SAVE10", uuid = id(7), clientTimestamp = at),
            Omnitracking.appBoot(uuid = id(8), clientTimestamp = at),
            Omnitracking.productImpression(
                viewType = ViewType.HOME, uniqueViewId = view, itemId = "tile-7", position = 3L, visibleSeconds = 2.5, visibleRatio = 0.75,
                sku = "1234", uuid = id(9), clientTimestamp = at))
        val globals = OmnitrackingGlobals(
            appVersion = "4.2.0", osVersion = "Android 14", sessionId = UUID.fromString("00000000-0000-4000-8000-0000000000aa"))
        val headers = if (args.size > 1) mapOf("Authorization" to "Bearer ${args[1]}") else emptyMap()
        val sink = CollectorSink(URL(args[0]), globals, headers, maxBatch = 4)
        for (event in events) {
            check(event.isValid) { "${event.eventName}: ${event.violations}" }
            sink.track(event)
        }
        val verdicts = sink.flush()
        println("sent ${events.size} events in ${verdicts.size} batches: statuses ${verdicts.map { it.status }}, pending ${sink.pendingCount()}")
        if (sink.pendingCount() != 0 || sink.rejected().isNotEmpty()) {
            println("not delivered: pending ${sink.pendingCount()}, rejected ${sink.rejected()}")
            System.exit(1)
        }
    }
}
