package com.example.shop.bench

import com.example.shop.Omnitracking
import com.example.shop.OmnitrackingGlobals
import com.sun.net.httpserver.HttpServer
import io.contractgen.runtime.DeliveryOptions
import io.contractgen.runtime.PersistedCollectorSink
import java.net.InetSocketAddress
import java.net.URL
import java.nio.file.Files
import java.util.UUID
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger

/**
 * `PersistedCollectorSink.track` on the caller's thread while flushes run
 * (Benchmarks/kotlin-track.sh, docs/performance.md "Kotlin delivery"): a
 * loopback collector (the JDK's HttpServer) confirms every batch 50 ms after
 * it arrived, a flush is asked for every 100 events, and each `track` of a
 * made event is timed alone (System.nanoTime around the call). Events are made
 * before the timed call: making and checking one is docs/performance.md's
 * "Kotlin target". Prints the median, p90, p99 and max per round, after a
 * warm-up round, and checks every event reached the collector.
 */
object TrackBenchmark {
    @JvmStatic
    fun main(args: Array<String>) {
        val rounds = args.getOrNull(0)?.toInt() ?: 5
        val perRound = args.getOrNull(1)?.toInt() ?: 20_000
        val received = AtomicInteger()
        val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.createContext("/") { exchange ->
            val body = exchange.requestBody.use { it.readBytes() }
            Thread.sleep(50)
            received.addAndGet(Regex("\"clientTimestamp\"").findAll(String(unzip(exchange.requestHeaders.getFirst("Content-Encoding"), body))).count())
            exchange.sendResponseHeaders(204, -1)
            exchange.close()
        }
        server.start()
        val directory = Files.createTempDirectory("kotlin-track-bench").toFile()
        val options = DeliveryOptions()
        options.globals = OmnitrackingGlobals(appVersion = "4.2.0", osVersion = "Android 14", sessionId = UUID.randomUUID())
        options.maxQueueSize = 1_000_000
        val sink = PersistedCollectorSink(directory, URL("http://127.0.0.1:${server.address.port}/v1/batch"), options)
        val view = UUID.randomUUID()
        var total = 0
        for (round in 0..rounds) {
            val events = (1..perRound).map { Omnitracking.wishlistPageView(uniqueViewId = view, skuItemList = listOf("1234", "5678")) }
            val times = LongArray(perRound)
            var inFlight = 0
            for (i in 0 until perRound) {
                val event = events[i]
                val start = System.nanoTime()
                sink.track(event)
                times[i] = System.nanoTime() - start
                if (i % 100 == 99) {
                    sink.flush()
                    inFlight += 1
                }
            }
            total += perRound
            times.sort()
            fun at(q: Double) = times[Math.min(perRound - 1, (q * perRound).toInt())] / 1000.0
            val label = if (round == 0) "warm-up" else "round $round"
            println(String.format("%s: track median %.2f µs, p90 %.2f µs, p99 %.2f µs, max %.1f µs (%d events, %d flushes asked for)",
                label, at(0.5), at(0.9), at(0.99), times[perRound - 1] / 1000.0, perRound, inFlight))
        }
        val last = sink.flush().get(600, TimeUnit.SECONDS)
        println("final flush: $last; collector received ${received.get()} of $total")
        sink.close()
        server.stop(0)
        directory.deleteRecursively()
        if (received.get() < total) {
            println("FAIL: the collector received ${received.get()} of $total events")
            System.exit(1)
        }
    }

    private fun unzip(encoding: String?, body: ByteArray): ByteArray =
        if (encoding == "gzip") java.util.zip.GZIPInputStream(body.inputStream()).use { it.readBytes() } else body
}
