package com.example.shop.e2e

import com.example.shop.events.Shop
import com.example.shop.events.ShopGlobals
import io.contractgen.runtime.CollectorSink
import java.math.BigDecimal
import java.net.URL

/**
 * The Android app of the status fixture (Tests/ContractGenCoreTests/Fixtures/status-monorepo)
 * sending through the Kotlin runtime's CollectorSink, for scripts/status-e2e.sh:
 * SendAndroid <batch endpoint>. One event breaks the contract (a negative total). Its app version
 * goes with every event as the contract's appVersion global.
 */
object SendAndroid {
    @JvmStatic
    fun main(args: Array<String>) {
        val events = listOf(
            Shop.appOpened(),
            Shop.searchPerformed("shoes"),
            Shop.addToCart("K-1", 1L),
            Shop.orderPlaced(BigDecimal("9.99")),
            Shop.orderPlaced(BigDecimal("-1")))
        val sink = CollectorSink(URL(args[0]), ShopGlobals(appVersion = "5.1.0"), emptyMap(), maxBatch = 10)
        for (event in events) sink.track(event)
        val verdicts = sink.flush()
        println("android: ${events.size} events, statuses ${verdicts.map { it.status }}, pending ${sink.pendingCount()}")
        if (sink.pendingCount() != 0 || sink.rejected().isNotEmpty()) System.exit(1)
    }
}
