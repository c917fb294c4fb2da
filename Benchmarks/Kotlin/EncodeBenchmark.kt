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
 * checked first, and the generated event checked valid), after warm-up,
 * measured back to back in alternating rounds (Benchmarks/kotlin-encode.sh,
 * docs/performance.md "Kotlin target").
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

    /**
     * Runs [make] [iterations] times and returns the time per event in ns.
     * Each side has its own loop, so the JIT profiles and compiles them apart;
     * every result is read (its length and one character), so no work can be dropped.
     */
    private inline fun time(iterations: Int, make: () -> String): Double {
        var sink = 0
        val start = System.nanoTime()
        for (i in 0 until iterations) {
            val json = make()
            sink += json.length + json[i and 127].toInt()
        }
        val perEvent = (System.nanoTime() - start).toDouble() / iterations
        consumed += sink
        return perEvent
    }

    @Volatile
    private var consumed = 0

    private fun timeGenerated(iterations: Int): Double = time(iterations) { generated() }
    private fun timeHandWritten(iterations: Int): Double = time(iterations) { handWritten() }

    @JvmStatic
    fun main(args: Array<String>) {
        val rounds = if (args.isNotEmpty()) args[0].toInt() else 41
        val warmUpRounds = 10
        val iterations = 50_000
        val expected = handWritten()
        check(generated() == expected) { "not the same bytes:\n${generated()}\n$expected" }
        check(expected.length > 128)
        val event = Omnitracking.bagPageView(
            uniqueViewId = view, products = products, cartId = "cart-7", exitInteraction = ExitInteraction.DEEP_LINK,
            uuid = id, clientTimestamp = at)
        check(event.isValid) { "the benchmark's event breaks the contract: ${event.violations}" }
        val generatedTimes = ArrayList<Double>()
        val handWrittenTimes = ArrayList<Double>()
        val ratios = ArrayList<Double>()
        val load = java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        val loadBefore = load.systemLoadAverage
        // Back to back in short rounds, each side first in every other round, so that load from
        // elsewhere falls on both sides of a round alike; the first rounds warm up.
        for (round in 0 until warmUpRounds + rounds) {
            val generated: Double
            val handWritten: Double
            if (round % 2 == 0) {
                generated = timeGenerated(iterations)
                handWritten = timeHandWritten(iterations)
            } else {
                handWritten = timeHandWritten(iterations)
                generated = timeGenerated(iterations)
            }
            if (round >= warmUpRounds) {
                generatedTimes.add(generated)
                handWrittenTimes.add(handWritten)
                ratios.add(generated / handWritten)
            }
        }
        generatedTimes.sort()
        handWrittenTimes.sort()
        ratios.sort()
        val median = { times: List<Double> -> times[times.size / 2] }
        println("%-12s min %6.0f  median %6.0f ns per event".format("generated", generatedTimes[0], median(generatedTimes)))
        println("%-12s min %6.0f  median %6.0f ns per event".format("hand-written", handWrittenTimes[0], median(handWrittenTimes)))
        println("generated / hand-written: median of the rounds' ratios %.2fx (from %.2fx to %.2fx), of minimums %.2fx".format(
            median(ratios), ratios[0], ratios[ratios.size - 1], generatedTimes[0] / handWrittenTimes[0]))
        println("%d rounds of %,d events each side, load average %.1f -> %.1f  [%d]".format(
            rounds, iterations, loadBefore, load.systemLoadAverage, consumed % 10))
    }
}
