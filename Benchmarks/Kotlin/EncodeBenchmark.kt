package com.example.shop.bench

import com.example.shop.Currency
import com.example.shop.ExitInteraction
import com.example.shop.Omnitracking
import com.example.shop.Product
import java.math.BigDecimal
import java.time.Instant
import java.util.UUID

/**
 * Making, checking and encoding one event with the generated Kotlin against
 * a hand-written StringBuilder encoder of the same event (the same bytes,
 * checked first), after warm-up, measured back to back in alternating rounds
 * (Benchmarks/kotlin-encode.sh, docs/performance.md "Kotlin").
 */
object EncodeBenchmark {
    private val view = UUID.fromString("00000000-0000-4000-8000-000000000001")
    private val id = UUID.fromString("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6")
    private val at = Instant.parse("2026-11-20T12:00:00.123Z")
    private val products = listOf(
        Product(sku = "1234", price = BigDecimal("0.1"), brand = "Acme", imageUrl = "https://example.com/a.png", position = 0L),
        Product(sku = "99999", price = BigDecimal("5")))

    /** The generated function: checks (the products' patterns and bounds) and encodes. */
    fun generated(): String = Omnitracking.bagPageView(
        uniqueViewId = view, products = products, cartId = "cart-7", exitInteraction = ExitInteraction.DEEP_LINK,
        uuid = id, clientTimestamp = at).encodedJSON()

    /** What a developer would write by hand, no checks. */
    fun handWritten(): String {
        val b = StringBuilder(512)
        b.append("{\"event\":\"bagPageView\",\"kind\":\"pageView\",\"contractVersion\":\"1.3.0\",\"uuid\":\"").append(id.toString())
        b.append("\",\"clientTimestamp\":\"").append(at.toString().let { if (it.length == 20) it.dropLast(1) + ".000Z" else it })
        b.append("\",\"viewType\":\"Bag\",\"uniqueViewId\":\"").append(view.toString()).append("\",\"products\":[")
        for ((index, product) in products.withIndex()) {
            if (index > 0) b.append(',')
            b.append("{\"sku\":\"").append(product.sku).append("\",\"price\":").append(product.price.stripTrailingZeros().toPlainString())
            if (product.brand != null) b.append(",\"brand\":\"").append(product.brand).append('"')
            if (product.imageUrl != null) b.append(",\"image_url\":\"").append(product.imageUrl).append('"')
            if (product.position != null) b.append(",\"position\":").append(product.position)
            b.append('}')
        }
        b.append("],\"cart_id\":\"cart-7\",\"exitInteraction\":\"").append(ExitInteraction.DEEP_LINK.wire).append("\"}")
        return b.toString()
    }

    @JvmStatic
    fun main(args: Array<String>) {
        val rounds = if (args.isNotEmpty()) args[0].toInt() else 15
        val iterations = 200_000
        check(generated() == handWritten()) { "not the same bytes:\n${generated()}\n${handWritten()}" }
        var sink = 0
        val times = mapOf("generated" to ArrayList<Double>(), "hand-written" to ArrayList<Double>())
        for (round in 0 until rounds + 3) {
            for ((name, run) in listOf<Pair<String, () -> String>>("generated" to ::generated, "hand-written" to ::handWritten)) {
                val start = System.nanoTime()
                for (i in 0 until iterations) sink += run().length
                val perEvent = (System.nanoTime() - start).toDouble() / iterations
                if (round >= 3) times.getValue(name).add(perEvent)  // the first rounds warm up
            }
        }
        val medians = times.mapValues { (_, values) -> values.sorted()[values.size / 2] }
        for ((name, median) in medians) println("%-12s median %7.0f ns per event".format(name, median))
        println("ratio %.2fx (generated / hand-written)  [%d]".format(medians.getValue("generated") / medians.getValue("hand-written"), sink % 10))
    }
}
