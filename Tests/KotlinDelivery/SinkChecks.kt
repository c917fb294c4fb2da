package io.contractgen.deliverytests

import com.example.shop.Omnitracking
import com.sun.net.httpserver.HttpServer
import io.contractgen.runtime.BackgroundDelivery
import io.contractgen.runtime.BackgroundOutcome
import io.contractgen.runtime.DeliveryAction
import io.contractgen.runtime.DeliveryAnswer
import io.contractgen.runtime.DeliveryNotice
import io.contractgen.runtime.DeliveryOptions
import io.contractgen.runtime.EventFileQueue
import io.contractgen.runtime.EventGlobals
import io.contractgen.runtime.FlushResult
import io.contractgen.runtime.JsonWriter
import io.contractgen.runtime.PersistedCollectorSink
import io.contractgen.runtime.RetryPolicy
import io.contractgen.runtime.RuntimeConstants
import io.contractgen.runtime.Violation
import io.contractgen.runtime.ViolationMessage
import java.net.InetSocketAddress
import java.net.URL
import java.nio.file.Files
import java.util.UUID
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import java.util.function.Consumer

/**
 * The sink's promises that need no collector or a tiny one: the queue limit
 * and its report, the notice of an invalid event without its value, the
 * journey, a retry that runs by itself when the backoff ends, `track` after
 * `close`, and the background job's answers (BackgroundDelivery).
 */
object SinkChecks {
    private lateinit var failures: MutableList<String>

    /** The action a classified answer stands for. */
    private fun actionOf(answer: DeliveryAnswer): DeliveryAction = when (answer) {
        is DeliveryAnswer.Confirmed, is DeliveryAnswer.Verdict -> DeliveryAction.ACCEPT
        is DeliveryAnswer.Rejected, is DeliveryAnswer.RejectedWithoutVerdict -> DeliveryAction.SET_ASIDE
        is DeliveryAnswer.Pause -> DeliveryAction.PAUSE
        is DeliveryAnswer.Split -> DeliveryAction.SPLIT
        is DeliveryAnswer.Retry -> DeliveryAction.RETRY
    }

    /**
     * The classifier follows the delivery protocol's rows (RuntimeConstants.kt,
     * generated from the shared table): each row's first and last status, and
     * every status from 100 to 599, get the first row that holds it, else the
     * fallback; a 404 and no answer at all are retried.
     */
    private fun deliveryRules() {
        val now = java.time.Instant.ofEpochSecond(1_800_000_000L)
        expect(RuntimeConstants.DELIVERY_RULES.isNotEmpty() && RuntimeConstants.DELIVERY_FALLBACK_ACTION == DeliveryAction.RETRY) {
            "the delivery rules are empty or the fallback is not RETRY"
        }
        for (rule in RuntimeConstants.DELIVERY_RULES) {
            for (status in listOf(rule.lowestStatus, rule.highestStatus)) {
                val action = actionOf(DeliveryAnswer.classify(status, "", null, now))
                expect(action == rule.action) { "status $status: $action, the row $rule says ${rule.action}" }
            }
        }
        for (status in 100..599) {
            val expected = RuntimeConstants.DELIVERY_RULES.firstOrNull { it.lowestStatus <= status && status <= it.highestStatus }?.action
                ?: RuntimeConstants.DELIVERY_FALLBACK_ACTION
            val action = actionOf(DeliveryAnswer.classify(status, "", null, now))
            expect(action == expected) { "status $status: $action, the table says $expected" }
        }
        val notFound = DeliveryAnswer.classify(404, "no such path", "3", now)
        expect(notFound is DeliveryAnswer.Retry && notFound.retryAfterSeconds == 3.0) { "404: $notFound, expected a retry after 3 s" }
        expect(actionOf(DeliveryAnswer.classify(-1, "", null, now, "connection refused")) == DeliveryAction.RETRY) { "no answer is not retried" }
    }

    private fun expect(condition: Boolean, what: () -> String) {
        if (!condition) failures.add("sink-checks: " + what())
    }

    fun run(failures: MutableList<String>) {
        this.failures = failures
        queueLimit()
        invalidGlobals()
        automaticRetry()
        backgroundOutcome()
        deliveryRules()
        println("sink checks: ${if (failures.isEmpty()) "ok" else "${failures.size} failures"}")
    }

    /** maxQueueSize 5, 8 events tracked with no collector: the oldest 3 dropped and reported; an invalid event reported without its value. */
    private fun queueLimit() {
        // The shared table's one policy (docs/wire-format.md, "Shared constants"), which this check shows the sink follows.
        expect(RuntimeConstants.QUEUE_OVERFLOW_POLICY == "dropOldest") { "policy ${RuntimeConstants.QUEUE_OVERFLOW_POLICY}" }
        val directory = Files.createTempDirectory("kotlin-sink-limit").toFile()
        val notices = ArrayList<DeliveryNotice>()
        val options = DeliveryOptions()
        options.maxQueueSize = 5
        options.onNotice = Consumer { synchronized(notices) { notices.add(it) } }
        val sink = PersistedCollectorSink(directory, URL("http://127.0.0.1:9/v1/batch"), options)
        val uuids = (1..7).map { UUID.randomUUID() }
        for (uuid in uuids) sink.track(Omnitracking.appBoot(uuid = uuid))
        val invalid = UUID.randomUUID()
        sink.track(Omnitracking.searchResultsPageView(uniqueViewId = UUID.randomUUID(), searchQuery = "canary-" + "x".repeat(300),
            skuItemList = listOf(), uuid = invalid))
        expect(sink.persisted().get(60, TimeUnit.SECONDS)) { "not persisted" }
        expect(sink.pendingCount() == 5) { "queue limit 5: ${sink.pendingCount()} queued" }
        val dropped = synchronized(notices) { notices.filterIsInstance<DeliveryNotice.DroppedOldest>().flatMap { it.uuids } }
        // Some may go from the inbox and some from the file, so the notices may name them in another order.
        expect(dropped.size == 3 && dropped.toSet() == uuids.take(3).toSet()) { "dropped $dropped, expected the oldest 3 of $uuids" }
        val invalidNotice = synchronized(notices) { notices.filterIsInstance<DeliveryNotice.InvalidEvent>() }
        expect(invalidNotice.size == 1 && invalidNotice[0].uuid == invalid && invalidNotice[0].violations == listOf("searchQuery: tooLong")) {
            "invalid event notice: $invalidNotice"
        }
        expect(synchronized(notices) { notices.none { it.toString().contains("canary") } }) { "a notice shows a pii value: $notices" }
        // Dropped from the file, or from the inbox before the writer got to it (all 8 were tracked at once).
        val steps = sink.journey.steps(uuids[0]).map { it.kind }
        expect(steps == listOf("persisted", "dropped") || steps == listOf("dropped")) { "journey of a dropped event: $steps" }
        expect(sink.journey.steps(uuids[6]).map { it.kind } == listOf("persisted")) { "journey of a queued event" }
        sink.close()
        try {
            sink.track(Omnitracking.appBoot())
            failures.add("sink-checks: track after close did not throw")
        } catch (e: IllegalStateException) {
        }
        directory.deleteRecursively()
    }

    /** Globals that break the contract, as a generated globals class reports them (`ContractGlobals.violations()`). */
    private class BrokenGlobals : EventGlobals {
        override fun writeMembers(writer: JsonWriter) {
            writer.key("\"build\":")
            writer.long(0)
        }

        override fun violations(): List<Violation> = listOf(Violation("build", "belowMinimum", ViolationMessage.belowMinimum("1")))
    }

    /**
     * INVALID_GLOBALS_POLICY (docs/wire-format.md, "Globals"): each event tracked with globals that
     * break the contract is stored unchanged, the globals as given, and reported with the globals'
     * violations (path, code, shared message) next to its own; an event with valid globals is not.
     */
    private fun invalidGlobals() {
        expect(RuntimeConstants.INVALID_GLOBALS_POLICY == "sendAndReport") { "policy ${RuntimeConstants.INVALID_GLOBALS_POLICY}" }
        expect(RuntimeConstants.ABSENT_GLOBAL_POLICY == "omit") { "policy ${RuntimeConstants.ABSENT_GLOBAL_POLICY}" }
        val directory = Files.createTempDirectory("kotlin-sink-globals").toFile()
        val notices = ArrayList<DeliveryNotice>()
        val options = DeliveryOptions()
        options.globals = BrokenGlobals()
        options.onNotice = Consumer { synchronized(notices) { notices.add(it) } }
        val sink = PersistedCollectorSink(directory, URL("http://127.0.0.1:9/v1/batch"), options)
        val first = UUID.randomUUID()
        val second = UUID.randomUUID()
        val tooLong = UUID.randomUUID()
        sink.track(Omnitracking.appBoot(uuid = first))
        sink.track(Omnitracking.appBoot(uuid = second))
        sink.track(Omnitracking.searchResultsPageView(uniqueViewId = UUID.randomUUID(), searchQuery = "x".repeat(300),
            skuItemList = listOf(), uuid = tooLong))
        expect(sink.persisted().get(60, TimeUnit.SECONDS)) { "not persisted" }
        sink.globals = null
        val valid = UUID.randomUUID()
        sink.track(Omnitracking.appBoot(uuid = valid))
        expect(sink.persisted().get(60, TimeUnit.SECONDS)) { "not persisted" }
        expect(sink.pendingCount() == 4) { "every event is kept: ${sink.pendingCount()} queued" }
        sink.close()
        val invalid = synchronized(notices) { notices.filterIsInstance<DeliveryNotice.InvalidEvent>() }
        val globalsViolation = Violation("build", "belowMinimum", "is below the minimum 1")
        expect(invalid.map { it.uuid } == listOf(first, second, tooLong)) { "invalid-event notices: $invalid" }
        expect(invalid.take(2).all { it.violations == listOf("build: belowMinimum") && it.details == listOf(globalsViolation) }) {
            "the globals' violations: $invalid"
        }
        expect(invalid.getOrNull(2)?.violations == listOf("searchQuery: tooLong", "build: belowMinimum")
            && invalid[2].details.last() == globalsViolation) { "an event's own violations and the globals': $invalid" }
        // Stored unchanged: the globals as given (the collector flags each event too).
        val stored = EventFileQueue.open(directory).use { queue ->
            queue.nextPage(10, 1 shl 20).associate { it.uuid to String(queue.payload(it), Charsets.UTF_8) }
        }
        expect(stored[first]?.endsWith(",\"build\":0}") == true && stored[tooLong]?.endsWith(",\"build\":0}") == true) {
            "the payloads with the globals as given: $stored"
        }
        expect(stored[valid]?.contains("build") == false) { "globals removed, yet sent: ${stored[valid]}" }
        directory.deleteRecursively()
    }

    /** A 503, then the backoff (0.2 s) ends and the sink flushes by itself: delivered with no second flush call. */
    private fun automaticRetry() {
        val requests = AtomicInteger()
        val server = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        server.createContext("/") { exchange ->
            exchange.requestBody.use { it.readBytes() }
            exchange.sendResponseHeaders(if (requests.incrementAndGet() == 1) 503 else 204, -1)
            exchange.close()
        }
        server.start()
        val directory = Files.createTempDirectory("kotlin-sink-retry").toFile()
        val options = DeliveryOptions()
        options.retry = RetryPolicy(0.2, 1.0, 0.2)
        val sink = PersistedCollectorSink(directory, URL("http://127.0.0.1:${server.address.port}/v1/batch"), options)
        try {
            for (n in 1..3) sink.track(Omnitracking.appBoot())
            val first = sink.flush().get(60, TimeUnit.SECONDS)
            expect(first.kept == 3 && first.lastFailure == "HTTP 503" && first.retryAt != null) { "503: $first" }
            // A bounded wait for the retry the backoff scheduled (generous: a loaded machine).
            var waited = 0
            while (sink.pendingCount() > 0 && waited < 600) {
                Thread.sleep(100)
                waited += 1
            }
            expect(sink.pendingCount() == 0 && requests.get() == 2) { "the automatic retry: ${sink.pendingCount()} queued, ${requests.get()} requests" }
        } finally {
            sink.close()
            server.stop(0)
            directory.deleteRecursively()
        }
    }

    private fun backgroundOutcome() {
        fun result(kept: Int, paused: Boolean) = FlushResult(0, emptyList(), kept, paused, 1, null, null)
        expect(BackgroundDelivery.outcome(result(0, false)) == BackgroundOutcome.SUCCESS) { "empty queue: success" }
        expect(BackgroundDelivery.outcome(result(4, false)) == BackgroundOutcome.RETRY) { "events kept: retry" }
        expect(BackgroundDelivery.outcome(result(4, true)) == BackgroundOutcome.SUCCESS) { "paused: success (a retry changes nothing)" }
    }
}
