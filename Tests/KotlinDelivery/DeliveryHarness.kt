package io.contractgen.deliverytests

import com.example.shop.Omnitracking
import com.example.shop.OmnitrackingGlobals
import io.contractgen.runtime.Consent
import io.contractgen.runtime.DeliveryNotice
import io.contractgen.runtime.DeliveryOptions
import io.contractgen.runtime.FlushResult
import io.contractgen.runtime.JsonNumber
import io.contractgen.runtime.JsonReader
import io.contractgen.runtime.PersistedCollectorSink
import io.contractgen.runtime.QueueLockedException
import io.contractgen.runtime.TrackedEvent
import java.io.BufferedReader
import java.io.File
import java.io.InputStreamReader
import java.net.HttpURLConnection
import java.net.URL
import java.nio.file.Files
import java.time.Clock
import java.time.Duration
import java.time.Instant
import java.time.ZoneId
import java.time.ZoneOffset
import java.util.UUID
import java.util.concurrent.TimeUnit
import java.util.function.Consumer

/** A clock the tests move by hand: backoffs end when the test says so. */
class ManualClock(@Volatile var now: Instant) : Clock() {
    override fun getZone(): ZoneId = ZoneOffset.UTC
    override fun withZone(zone: ZoneId?): Clock = this
    override fun instant(): Instant = now
    fun advance(duration: Duration) {
        now = now.plus(duration)
    }
}

/**
 * The Kotlin runtime's delivery tests (scripts/kotlin-delivery.sh): the
 * delivery protocol's cases against Conformance/Delivery/fake-collector.py,
 * fault scenarios against the real collector behind fault-proxy.py, and the
 * rounds of the kill -9 test. Every failure exits non-zero with what differed.
 */
object DeliveryHarness {
    private val failures = ArrayList<String>()
    private val globals = OmnitrackingGlobals(appVersion = "4.2.0", osVersion = "Android 14",
        sessionId = UUID.fromString("00000000-0000-4000-8000-0000000000aa"))

    @JvmStatic
    fun main(args: Array<String>) {
        when (args.getOrNull(0)) {
            "conformance" -> conformance(File(args[1]), File(args[2]))
            "faults" -> faults(args[1], args[2])
            "kill-round" -> killRound(File(args[1]), args[2], args[3].toInt(), args[4].toInt())
            "drain" -> drain(File(args[1]), args[2])
            "track-until-killed" -> trackUntilKilled(File(args[1]), args[2])
            "consent" -> consent(args[1])
            "track-while-down" -> trackWhileDown(File(args[1]), args[2], args[3].toInt(), args[4])
            "queue-checks" -> {
                QueueChecks.run(failures)
                SinkChecks.run(failures)
            }
            "lock-check" -> lockCheck(File(args[1]))
            else -> {
                System.err.println("usage: DeliveryHarness conformance CASES FAKE | faults PROXY OUT-FILE | kill-round DIR ENDPOINT ROUND COUNT | drain DIR ENDPOINT")
                System.exit(2)
            }
        }
        if (failures.isNotEmpty()) {
            for (failure in failures) println("FAIL: $failure")
            System.exit(1)
        }
    }

    private fun expect(condition: Boolean, what: () -> String) {
        if (!condition) failures.add(what())
    }

    /** A valid event of contract/contract.yaml (the collector's contract in the fault tests). */
    fun event(uuid: UUID = UUID.randomUUID()): TrackedEvent = Omnitracking.appBoot(uuid = uuid)

    private fun tempDirectory(name: String): File = Files.createTempDirectory("kotlin-delivery-$name").toFile()

    // The delivery protocol's cases (Conformance/Delivery/cases.json).

    private fun conformance(casesFile: File, fake: File) {
        val document = JsonReader.parse(casesFile.readText()) as Map<*, *>
        val count = (document["events"] as JsonNumber).toLong().toInt()
        val cases = document["cases"] as List<*>
        for (item in cases) {
            val case = item as Map<*, *>
            val name = case["name"] as String
            val before = failures.size
            runCase(name, case, count, casesFile, fake)
            println((if (failures.size == before) "ok   " else "FAIL ") + name)
        }
        println("${cases.size} delivery cases, ${failures.size} failures")
    }

    private fun runCase(name: String, case: Map<*, *>, count: Int, casesFile: File, fake: File) {
        val process = ProcessBuilder("python3", fake.path, "--cases", casesFile.path, "--case", name)
            .redirectError(ProcessBuilder.Redirect.INHERIT).start()
        try {
            val first = BufferedReader(InputStreamReader(process.inputStream)).readLine() ?: ""
            val port = first.removePrefix("port ").trim().toIntOrNull()
            if (port == null) {
                failures.add("$name: the fake collector printed `$first`, not `port N`")
                return
            }
            val clock = ManualClock(Instant.parse("2026-12-07T03:00:00Z"))
            val options = DeliveryOptions()
            options.clock = clock
            options.automaticRetry = false
            options.maxBatch = Math.max(100, count)
            val notices = java.util.Collections.synchronizedList(ArrayList<DeliveryNotice>())
            options.onNotice = Consumer { notices.add(it) }
            options.requestTimeoutMillis = ((case["requestTimeout"] as? JsonNumber)?.toDouble() ?: 60.0).times(1000).toInt()
            val directory = tempDirectory(name)
            PersistedCollectorSink(directory, URL("http://127.0.0.1:$port/v1/batch"), options).use { sink ->
                val uuids = (1..count).map { UUID.randomUUID() }
                for (uuid in uuids) sink.track(event(uuid))
                val result = sink.flush().get(120, TimeUnit.SECONDS)
                val expected = case["afterFirstFlush"] as Map<*, *>
                fun number(key: String) = (expected[key] as JsonNumber).toLong().toInt()
                expect(result.delivered == number("delivered")) { "$name: delivered ${result.delivered}, expected ${number("delivered")} ($result)" }
                expect(result.setAside.size == number("setAside")) { "$name: setAside ${result.setAside.size}, expected ${number("setAside")} ($result)" }
                expect(result.kept == number("kept")) { "$name: kept ${result.kept}, expected ${number("kept")} ($result)" }
                expect(result.paused == expected["paused"]) { "$name: paused ${result.paused}, expected ${expected["paused"]} ($result)" }
                val requests = (case["requests"] as JsonNumber).toLong().toInt()
                val seen = received(port)["requests"] as List<*>
                expect(seen.size == requests) { "$name: the fake saw ${seen.size} requests, expected $requests ($result)" }
                val atLeast = (case["nextAttemptAtLeast"] as? JsonNumber)?.toDouble()
                if (atLeast != null) {
                    val retryAt = result.retryAt
                    expect(retryAt != null && Duration.between(clock.instant(), retryAt).toMillis() >= atLeast * 1000) {
                        "$name: next attempt at $retryAt, expected at least ${atLeast}s after ${clock.instant()}"
                    }
                }
                if (name == "2xx-with-violations") {
                    val reported = notices.filterIsInstance<DeliveryNotice.CollectorViolations>()
                    expect(reported.size == 1 && reported[0].uuid == uuids[0] && reported[0].violations == listOf("screen: unknownField")) {
                        "$name: the verdict's violations were not reported: $notices"
                    }
                }
                // Eventually: resume if paused, skip backoffs on the clock, until the queue is empty (at most 10 flushes).
                var flushes = 0
                while (sink.pendingCount() > 0 && flushes < 10) {
                    clock.advance(Duration.ofDays(1))
                    val next = if (sink.isPaused) sink.resume() else sink.flush()
                    next.get(120, TimeUnit.SECONDS)
                    flushes += 1
                }
                val setAside = result.setAside.map { it.uuid.toString() }.toSet()
                val stored = received(port)["stored"] as List<*>
                val wanted = uuids.map { it.toString() }.filter { it !in setAside }
                expect(stored.size == stored.toSet().size && stored.toSet() == wanted.toSet()) {
                    "$name: the fake stored ${stored.size} uuids, expected the ${wanted.size} tracked but set aside, each once"
                }
                expect(sink.pendingCount() == 0) { "$name: ${sink.pendingCount()} events still queued after $flushes more flushes" }
            }
            directory.deleteRecursively()
        } finally {
            process.destroy()
            process.waitFor(10, TimeUnit.SECONDS)
        }
    }

    private fun received(port: Int): Map<*, *> =
        JsonReader.parse(URL("http://127.0.0.1:$port/_received").readText()) as Map<*, *>

    // Fault scenarios against the real collector behind fault-proxy.py.

    private fun setFault(proxy: String, mode: String) {
        val connection = URL("$proxy/_fault").openConnection() as HttpURLConnection
        connection.requestMethod = "POST"
        connection.doOutput = true
        connection.outputStream.use { it.write("{\"mode\":\"$mode\"}".toByteArray()) }
        check(connection.responseCode == 200) { "the proxy refused mode $mode: ${connection.responseCode}" }
        connection.inputStream.use { it.readBytes() }
    }

    /** Each scenario's uuids, written to DIR/expected-uuids for the script's check of the collector's store. */
    private fun faults(proxy: String, out: String) {
        val expected = ArrayList<UUID>()
        val notices = ArrayList<String>()
        fun sink(name: String, endpoint: String, configure: (DeliveryOptions) -> Unit = {}): Pair<PersistedCollectorSink, ManualClock> {
            val clock = ManualClock(Instant.now())
            val options = DeliveryOptions()
            options.clock = clock
            options.automaticRetry = false
            options.requestTimeoutMillis = 20_000
            options.globals = globals
            options.onNotice = Consumer { notice -> synchronized(notices) { notices.add("$name: $notice") } }
            configure(options)
            return Pair(PersistedCollectorSink(tempDirectory(name), URL(endpoint), options), clock)
        }
        fun trackSome(sink: PersistedCollectorSink, n: Int): List<UUID> {
            val uuids = (1..n).map { UUID.randomUUID() }
            for (uuid in uuids) sink.track(event(uuid))
            expected.addAll(uuids)
            return uuids
        }
        fun flush(sink: PersistedCollectorSink): FlushResult = sink.flush().get(120, TimeUnit.SECONDS)
        val batch = "$proxy/v1/batch"

        // The collector down (nothing listens: connection refused), then up.
        run {
            val closedPort = java.net.ServerSocket(0).use { it.localPort }
            val (sink, clock) = sink("down-up", "http://127.0.0.1:$closedPort/v1/batch")
            trackSome(sink, 10)
            val down = flush(sink)
            expect(down.delivered == 0 && down.kept == 10 && down.setAside.isEmpty() && down.retryAt != null) { "down-up: collector down: $down" }
            sink.endpoint = URL(batch)
            val early = flush(sink)
            expect(early.requests == 0 && early.kept == 10) { "down-up: a flush during the backoff sent something: $early" }
            clock.advance(Duration.ofHours(1))
            val up = flush(sink)
            expect(up.delivered == 10 && up.kept == 0) { "down-up: collector up: $up" }
            println("down-up: $down -> $up")
            sink.close()
        }
        // 404 (a wrong URL), then the right one.
        run {
            setFault(proxy, "status:404")
            val (sink, clock) = sink("404", batch)
            trackSome(sink, 10)
            val wrong = flush(sink)
            expect(wrong.kept == 10 && wrong.setAside.isEmpty() && wrong.lastFailure == "HTTP 404") { "404: $wrong" }
            setFault(proxy, "pass")
            clock.advance(Duration.ofHours(1))
            val right = flush(sink)
            expect(right.delivered == 10 && right.kept == 0) { "404 then right: $right" }
            println("404: $wrong -> $right")
            sink.close()
        }
        // 500s, then a timeout, then up.
        run {
            setFault(proxy, "status:500")
            val (sink, clock) = sink("500-timeout", batch) { it.requestTimeoutMillis = 1000 }
            trackSome(sink, 10)
            val first = flush(sink)
            clock.advance(Duration.ofHours(1))
            val second = flush(sink)
            expect(first.kept == 10 && second.kept == 10 && second.setAside.isEmpty() && first.retryAt != null) { "500s: $first, $second" }
            setFault(proxy, "stall")
            clock.advance(Duration.ofHours(1))
            val stalled = flush(sink)
            expect(stalled.kept == 10 && stalled.setAside.isEmpty() && stalled.lastFailure?.contains("Timeout") == true) { "timeout: $stalled" }
            setFault(proxy, "pass")
            clock.advance(Duration.ofHours(1))
            val up = flush(sink)
            expect(up.delivered == 10 && up.kept == 0) { "500s and timeout, then up: $up" }
            println("500-timeout: $first, $stalled -> $up")
            sink.close()
        }
        // 413: the proxy refuses bodies over 2,500 bytes; batches split until they fit.
        run {
            setFault(proxy, "max-bytes:2500")
            val (sink, _) = sink("413", batch) { it.gzipAbove = 0 }
            trackSome(sink, 12)
            val split = flush(sink)
            expect(split.delivered == 12 && split.kept == 0 && split.setAside.isEmpty() && split.requests > 2) { "413: $split" }
            println("413: $split")
            setFault(proxy, "pass")
            sink.close()
        }
        // 401 with the old token, then the new one.
        run {
            setFault(proxy, "token:new-token")
            val (sink, _) = sink("401", batch) { it.headers = mapOf("Authorization" to "Bearer old-token") }
            trackSome(sink, 10)
            val refused = flush(sink)
            expect(refused.paused && refused.kept == 10 && refused.setAside.isEmpty()) { "401: $refused" }
            val stillPaused = flush(sink)
            expect(stillPaused.paused && stillPaused.requests == 0) { "401: a flush while paused sent something: $stillPaused" }
            val resumed = sink.resume(mapOf("Authorization" to "Bearer new-token")).get(120, TimeUnit.SECONDS)
            expect(!resumed.paused && resumed.delivered == 10 && resumed.kept == 0) { "401 then new token: $resumed" }
            println("401: $refused -> $resumed")
            setFault(proxy, "pass")
            sink.close()
        }
        expect(notices.any { it.startsWith("401: DeliveryPaused") }) { "no DeliveryPaused notice: $notices" }
        File(out).writeText(expected.joinToString("\n", postfix = "\n"))
        println("fault scenarios: ${expected.size} events; notices: ${notices.size}")
    }

    // kill -9: a round tracks COUNT events, says which are durable, then flushes until killed.

    private fun killRound(directory: File, endpoint: String, round: Int, count: Int) {
        val options = DeliveryOptions()
        options.globals = globals
        options.maxBatch = 7
        options.requestTimeoutMillis = 20_000
        val sink = PersistedCollectorSink(directory, URL(endpoint), options)
        println("round $round: ${sink.pendingCount()} queued from earlier rounds")
        val uuids = (1..count).map { UUID.randomUUID() }
        for (uuid in uuids) sink.track(event(uuid))
        check(sink.persisted().get(60, TimeUnit.SECONDS)) { "round $round: the queue could not be written" }
        // Acknowledged: forced to the disk. The script kills this process from here on.
        for (uuid in uuids) println("acked $uuid")
        System.out.flush()
        while (true) {
            val result = sink.flush().get(120, TimeUnit.SECONDS)
            println("round $round: $result")
            System.out.flush()
            Thread.sleep(200)
        }
    }

    /** Tracks groups of 5 events, says which are durable, and asks for a flush after each group, until killed (mid-write or mid-flush). */
    private fun trackUntilKilled(directory: File, endpoint: String) {
        val options = DeliveryOptions()
        options.globals = globals
        options.maxBatch = 7
        val sink = PersistedCollectorSink(directory, URL(endpoint), options)
        println("tracking: ${sink.pendingCount()} queued from earlier rounds")
        // At most 1,500 events a round, so that the rounds together stay below maxQueueSize (10,000) on a fast machine.
        for (group in 1..300) {
            val uuids = (1..5).map { UUID.randomUUID() }
            for (uuid in uuids) sink.track(event(uuid))
            check(sink.persisted().get(60, TimeUnit.SECONDS)) { "the queue could not be written" }
            for (uuid in uuids) println("acked $uuid")
            System.out.flush()
            sink.flush()
        }
        while (true) {
            sink.flush().get(120, TimeUnit.SECONDS)
            Thread.sleep(100)
        }
    }

    private fun drain(directory: File, endpoint: String) {
        val options = DeliveryOptions()
        options.globals = globals
        options.automaticRetry = false
        options.onNotice = Consumer { println("notice: $it") }
        PersistedCollectorSink(directory, URL(endpoint), options).use { sink ->
            println("drain: ${sink.pendingCount()} queued")
            val result = sink.flush().get(120, TimeUnit.SECONDS)
            println("drain: $result")
            expect(result.kept == 0 && result.setAside.isEmpty()) { "drain left events: $result" }
            expect(sink.pendingCount() == 0) { "drain: ${sink.pendingCount()} queued" }
        }
    }

    /** The collector is down (the proxy's upstream stopped): COUNT events are kept, none set aside; their uuids go to OUT. */
    private fun trackWhileDown(directory: File, endpoint: String, count: Int, out: String) {
        val options = DeliveryOptions()
        options.globals = globals
        options.automaticRetry = false
        options.requestTimeoutMillis = 20_000
        PersistedCollectorSink(directory, URL(endpoint), options).use { sink ->
            val uuids = (1..count).map { UUID.randomUUID() }
            for (uuid in uuids) sink.track(event(uuid))
            val result = sink.flush().get(120, TimeUnit.SECONDS)
            expect(result.delivered == 0 && result.kept == count && result.setAside.isEmpty() && result.retryAt != null) { "collector down: $result" }
            File(out).writeText(uuids.joinToString("\n", postfix = "\n"))
            println("collector down: $result")
        }
    }

    /** Another process holds DIR's queue: opening it here must fail with QueueLockedException. */
    private fun lockCheck(directory: File) {
        try {
            PersistedCollectorSink(directory, URL("http://127.0.0.1:9/v1/batch")).close()
            failures.add("lock-check: the queue in $directory opened while another process held it")
        } catch (e: QueueLockedException) {
            println("lock-check: ${e.message}")
        }
    }

    /** Consent: an event tracked while consent is denied reaches the collector without its pii members. */
    private fun consent(endpoint: String) {
        val options = DeliveryOptions()
        options.globals = globals
        options.automaticRetry = false
        val directory = tempDirectory("consent")
        PersistedCollectorSink(directory, URL(endpoint), options).use { sink ->
            sink.consent = Consent.DENIED
            val uuid = UUID.randomUUID()
            sink.track(Omnitracking.searchResultsPageView(uniqueViewId = UUID.randomUUID(), searchQuery = "canary-pii-query",
                skuItemList = listOf(), uuid = uuid))
            expect(sink.persisted().get(60, TimeUnit.SECONDS) && sink.pendingCount() == 1) { "consent: the event was not persisted" }
            val queueText = String(Files.readAllBytes(File(directory, "events.queue").toPath()), Charsets.ISO_8859_1)
            expect(queueText.contains("searchResultsPageView") && !queueText.contains("canary-pii-query")) {
                "consent denied: the queue file holds the pii value (or not the event)"
            }
            val result = sink.flush().get(120, TimeUnit.SECONDS)
            expect(result.kept == 0) { "consent: $result" }
            val stored = URL(endpoint.replace("/v1/batch", "/events?uuid=$uuid")).readText()
            expect(!stored.contains("canary-pii-query")) { "consent denied: the collector stored $stored" }
            println("consent: $result")
        }
        directory.deleteRecursively()
    }
}
