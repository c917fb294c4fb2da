package io.contractgen.runtime

import java.io.ByteArrayOutputStream
import java.io.Closeable
import java.io.File
import java.io.IOException
import java.io.InputStream
import java.net.HttpURLConnection
import java.net.URL
import java.time.Clock
import java.time.Instant
import java.util.Random
import java.util.UUID
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.ScheduledFuture
import java.util.concurrent.ThreadFactory
import java.util.concurrent.TimeUnit
import java.util.function.Consumer
import java.util.zip.GZIPOutputStream

/**
 * The settings of a [PersistedCollectorSink]; every one has a default.
 * Java: `new DeliveryOptions()` then setters.
 */
class DeliveryOptions {
    /**
     * Appended to every event when it is tracked (a later change applies to later events); `null` for none.
     * Values that break the contract are sent as given and reported with each event ([DeliveryNotice.InvalidEvent]).
     */
    var globals: EventGlobals? = null
    /** Request headers (`Authorization: Bearer …`); replaced by [PersistedCollectorSink.resume]. */
    var headers: Map<String, String> = emptyMap()
    /** The most events in one request. */
    var maxBatch: Int = 100
    /** The most bytes of event JSON in one request (a single larger event goes alone; one the collector then refuses with 413 is set aside). */
    var maxRequestBytes: Int = 512 * 1024
    /** The most events queued; past it the oldest pending ones are dropped and reported ([DeliveryNotice.DroppedOldest]). */
    var maxQueueSize: Int = 10_000
    /** Backoff after a failed request. */
    var retry: RetryPolicy = RetryPolicy()
    /** Connect and read timeout of a request, in milliseconds. */
    var requestTimeoutMillis: Int = 30_000
    /** Bodies of at least this many bytes are sent gzipped (`Content-Encoding: gzip`); 0 or less: never. */
    var gzipAbove: Int = 1024
    /** The clock of `sentAt`, backoffs and the journey (a fake one in tests). */
    var clock: Clock = Clock.systemUTC()
    /** The jitter's random numbers. */
    var random: Random = Random()
    /** Told of everything worth knowing ([DeliveryNotice]), on the sink's threads. */
    var onNotice: Consumer<DeliveryNotice>? = null
    /** Events whose journey is remembered (0: none). */
    var journeyCapacity: Int = 5000
    /** Whether a flush runs by itself when a backoff ends (off in tests that count requests). */
    var automaticRetry: Boolean = true
    /** Seconds between automatic flushes; 0 or less: none (an app flushes, or the Android adapter does). */
    var flushIntervalSeconds: Long = 0
}

/**
 * Delivers events to the collector from a queue persisted in [directory]
 * (docs/kotlin.md, "Persisted delivery"): [track] hands an event over
 * in well under a microsecond's worth of locking and never touches the disk
 * or the network; a writer thread encodes it (globals appended, `pii`
 * removed when consent is denied) and appends it to [EventFileQueue], forced
 * to the disk ([persisted] says when); a delivery thread sends batches and
 * follows the delivery protocol ([DeliveryAnswer]): confirmed events are
 * deleted, rejected ones set aside with the reason, everything else kept and
 * retried with backoff; 401/403 pause delivery until [resume].
 *
 * Opening throws [QueueLockedException] when another process (or another sink
 * of this one) has [directory] open, and an `IOException` when the directory
 * cannot be used.
 */
class PersistedCollectorSink @JvmOverloads constructor(
    /** Where the queue lives (`events.queue`, `events.lock`): the app's private files or no-backup directory. */
    val directory: File,
    /** The collector's batch endpoint (`https://host/v1/batch`). */
    endpoint: URL,
    options: DeliveryOptions = DeliveryOptions()
) : Closeable {
    private class Tracked(val event: TrackedEvent, val globals: EventGlobals?, val consent: Consent)

    private class Response(val status: Int, val body: String, val retryAfter: String?, val failure: String?)

    private val clock = options.clock
    private val random = options.random
    private val retry = options.retry
    private val maxBatch = Math.max(1, options.maxBatch)
    private val maxRequestBytes = Math.max(1, options.maxRequestBytes)
    private val maxQueueSize = Math.max(1, options.maxQueueSize)
    private val requestTimeoutMillis = options.requestTimeoutMillis
    private val gzipAbove = options.gzipAbove
    private val onNotice = options.onNotice
    private val automaticRetry = options.automaticRetry
    private val queue = EventFileQueue.open(directory)

    /** The collector's batch endpoint; a change applies from the next request. */
    @Volatile
    var endpoint: URL = endpoint

    /** Appended to events tracked from now on. */
    @Volatile
    var globals: EventGlobals? = options.globals

    /** Whether events tracked from now on keep their `pii` fields. */
    @Volatile
    var consent: Consent = Consent.GRANTED

    @Volatile
    private var headers: Map<String, String> = options.headers

    /** The steps of recent events (in memory). */
    val journey = DeliveryJourney(Math.max(0, options.journeyCapacity))

    private val inboxLock = Object()
    private var inbox = ArrayList<Tracked>()
    private var drainScheduled = false
    private var droppedFromInbox = ArrayList<UUID>()
    private var closed = false

    private val writer: ExecutorService = Executors.newSingleThreadExecutor(daemon("contractgen-queue-writer"))
    private val delivery: ScheduledExecutorService = Executors.newSingleThreadScheduledExecutor(daemon("contractgen-delivery"))

    // Delivery state: written on the delivery thread only.
    @Volatile
    private var paused = false
    @Volatile
    private var nextAttemptAt: Instant? = null
    private var failures = 0
    private var lastFailure: String? = null
    private var retryTimer: ScheduledFuture<*>? = null
    private val recentlySetAside = ArrayList<SetAsideEvent>()
    /** Flushes asked for and not yet run: failed on [close] rather than left waiting forever. */
    private val waitingFlushes: MutableSet<CompletableFuture<FlushResult>> = java.util.concurrent.ConcurrentHashMap.newKeySet()

    init {
        if (queue.droppedTailBytes > 0) notify(DeliveryNotice.DamagedTailDropped(queue.droppedTailBytes))
        if (options.flushIntervalSeconds > 0) {
            delivery.scheduleWithFixedDelay(Runnable { runPass(false) }, options.flushIntervalSeconds, options.flushIntervalSeconds, TimeUnit.SECONDS)
        }
    }

    /**
     * Queues [event]: an append to an in-memory inbox under one lock. The
     * writer thread stores it moments later; [persisted] completes once it
     * (and everything tracked before) is forced to the disk. Past
     * `maxQueueSize` unwritten events (a disk that keeps failing), the oldest
     * of them are dropped and reported. Throws `IllegalStateException` once
     * the sink is closed.
     */
    fun track(event: TrackedEvent) {
        val item = Tracked(event, globals, consent)
        var schedule = false
        synchronized(inboxLock) {
            check(!closed) { "the sink is closed" }
            inbox.add(item)
            if (inbox.size > maxQueueSize) droppedFromInbox.add(inbox.removeAt(0).event.uuid)
            if (!drainScheduled) {
                drainScheduled = true
                schedule = true
            }
        }
        if (schedule) writer.execute { drain() }
    }

    /**
     * Completes once every event tracked before the call is forced to the
     * disk (`true`), or, when writing failed, held in memory and retried
     * (`false`; a [DeliveryNotice.StorageFailed] says why).
     */
    fun persisted(): CompletableFuture<Boolean> {
        val done = CompletableFuture<Boolean>()
        try {
            writer.execute { done.complete(drain()) }
        } catch (e: java.util.concurrent.RejectedExecutionException) {
            done.complete(false)
        }
        return done
    }

    /**
     * Sends the queue on the delivery thread (after what was tracked before
     * is persisted) until it is empty, or a request must wait for a backoff,
     * or delivery is paused. Flushes run one after another. During a backoff
     * or a pause it sends nothing and says so. Kotlin coroutines:
     * `sink.flush().await()` (kotlinx-coroutines-jdk8); Java: `.thenAccept(…)`
     * or `.get()` off the main thread.
     */
    fun flush(): CompletableFuture<FlushResult> = onDeliveryThread { runPass(false) }

    private fun onDeliveryThread(pass: () -> FlushResult): CompletableFuture<FlushResult> {
        val done = CompletableFuture<FlushResult>()
        waitingFlushes.add(done)
        done.whenComplete { _, _ -> waitingFlushes.remove(done) }
        try {
            delivery.execute {
                try {
                    done.complete(pass())
                } catch (t: Throwable) {
                    done.completeExceptionally(t)
                }
            }
        } catch (e: java.util.concurrent.RejectedExecutionException) {
            done.completeExceptionally(IllegalStateException("the sink is closed"))
        }
        return done
    }

    /** [flush], then [onFlushed] with its result on the delivery thread. */
    fun flush(onFlushed: Consumer<FlushResult>) {
        flush().thenAccept(onFlushed)
    }

    /**
     * Ends a pause (401/403) and a backoff, with new request [headers]
     * (`null`: the same), then flushes.
     */
    @JvmOverloads
    fun resume(headers: Map<String, String>? = null): CompletableFuture<FlushResult> {
        if (headers != null) this.headers = headers
        return onDeliveryThread {
            paused = false
            failures = 0
            nextAttemptAt = null
            retryTimer?.cancel(false)
            runPass(false)
        }
    }

    /** Whether delivery is paused (401/403) until [resume]. */
    val isPaused: Boolean
        get() = paused

    /** When the next attempt may happen during a backoff; `null` when none is waited for. */
    val retryAt: Instant?
        get() = nextAttemptAt

    /** Events queued on disk (not counting those tracked but not yet written). */
    fun pendingCount(): Int = queue.count()

    /** The last 100 events set aside, with reasons. */
    fun setAside(): List<SetAsideEvent> = synchronized(recentlySetAside) { ArrayList(recentlySetAside) }

    /**
     * Writes what was tracked, stops the threads (a running request is
     * abandoned: its events stay queued and are sent again next time, the
     * collector drops duplicates by uuid) and releases the queue's lock.
     */
    override fun close() {
        synchronized(inboxLock) {
            if (closed) return
            closed = true
        }
        delivery.shutdownNow()
        writer.execute { drain() }
        writer.shutdown()
        writer.awaitTermination(10, TimeUnit.SECONDS)
        delivery.awaitTermination(requestTimeoutMillis.toLong() + 1000, TimeUnit.MILLISECONDS)
        for (waiting in waitingFlushes.toList()) waiting.completeExceptionally(IllegalStateException("the sink was closed before this flush ran"))
        queue.close()
    }

    override fun toString(): String =
        "PersistedCollectorSink(${queue.count()} queued in $directory, paused=$paused, retryAt=$nextAttemptAt)"

    // The writer thread.

    /** Writes the inbox; `false` when the disk failed (the events go back to the inbox and are written again in a second). */
    private fun drain(): Boolean {
        val items: ArrayList<Tracked>
        val dropped: ArrayList<UUID>
        synchronized(inboxLock) {
            items = inbox
            inbox = ArrayList()
            drainScheduled = false
            dropped = droppedFromInbox
            if (dropped.isNotEmpty()) droppedFromInbox = ArrayList()
        }
        if (dropped.isNotEmpty()) {
            journey.record(dropped, "dropped", clock.instant(), "queue full")
            notify(DeliveryNotice.DroppedOldest(dropped, maxQueueSize))
        }
        if (items.isEmpty()) return true
        val records = ArrayList<Pair<UUID, ByteArray>>(items.size)
        // INVALID_GLOBALS_POLICY: globals that break the contract are sent as given and reported on every
        // event they go with; checked once per globals object of the drain (they rarely change).
        var checkedGlobals: EventGlobals? = null
        var globalsViolations: List<Violation> = emptyList()
        for (item in items) {
            val event = item.event
            val globals = item.globals
            if (globals !== checkedGlobals) {
                checkedGlobals = globals
                globalsViolations = try {
                    globals?.violations() ?: emptyList<Violation>()
                } catch (e: RuntimeException) {
                    // A hand-written globals class that throws: never a dead writer thread (its
                    // writeMembers likely throws too, and `encode` below sets the event aside, saying so).
                    emptyList<Violation>()
                }
            }
            if (!event.isValid || globalsViolations.isNotEmpty()) {
                val all = event.violations + globalsViolations.filter { it !in event.violations }
                notify(DeliveryNotice.InvalidEvent(event.uuid, event.eventName, all.map { "${it.path}: ${it.code}" }, all))
            }
            val bytes = try {
                encode(item)
            } catch (e: RuntimeException) {
                // An app's globals or a hand-written event that throws: reported, never a dead writer thread.
                refuse(event.uuid, "could not be encoded: ${e.javaClass.name}")
                continue
            }
            if (bytes.size > EventFileQueue.MAX_EVENT_BYTES) {
                refuse(event.uuid, "larger than a queue record may be (${bytes.size} bytes)")
                continue
            }
            records.add(Pair(event.uuid, bytes))
        }
        try {
            queue.append(records)
        } catch (e: IOException) {
            synchronized(inboxLock) {
                items.addAll(inbox)
                inbox = items
                if (!drainScheduled && !closed) {
                    drainScheduled = true
                    try {
                        delivery.schedule(Runnable { writer.execute { drain() } }, 1, TimeUnit.SECONDS)
                    } catch (rejected: java.util.concurrent.RejectedExecutionException) {
                        drainScheduled = false
                    }
                }
            }
            notify(DeliveryNotice.StorageFailed(e.toString()))
            return false
        }
        val now = clock.instant()
        journey.record(records.map { it.first }, "persisted", now)
        val over = queue.count() - maxQueueSize
        if (over > 0) {
            val oldest = queue.oldestNotInFlight(over)
            try {
                queue.remove(oldest)
                journey.record(oldest.map { it.uuid }, "dropped", now, "queue full")
                notify(DeliveryNotice.DroppedOldest(oldest.map { it.uuid }, maxQueueSize))
            } catch (e: IOException) {
                notify(DeliveryNotice.StorageFailed(e.toString()))
            }
        }
        return true
    }

    private fun encode(item: Tracked): ByteArray {
        val event = item.event
        val json = if (item.globals == null && item.consent == Consent.GRANTED) event.encodedJSON() else {
            val writer = JsonWriter(if (item.consent == Consent.DENIED) PiiHandling.REMOVE else PiiHandling.KEEP, 768)
            writer.beginObject()
            event.writeMembers(writer)
            item.globals?.writeMembers(writer)
            writer.endObject()
            writer.toString()
        }
        return json.toByteArray(Charsets.UTF_8)
    }

    /** An event that cannot be queued: set aside at once, with [reason]. */
    private fun refuse(uuid: UUID, reason: String) {
        val event = SetAsideEvent(uuid, reason)
        journey.record(listOf(uuid), "setAside", clock.instant(), reason)
        synchronized(recentlySetAside) {
            recentlySetAside.add(event)
            while (recentlySetAside.size > 100) recentlySetAside.removeAt(0)
        }
        notify(DeliveryNotice.SetAside(event))
    }

    // The delivery thread.

    private fun runPass(fromTimer: Boolean): FlushResult {
        val written = try {
            persisted().get()
        } catch (e: Exception) {
            false
        }
        if (!written) lastFailure = "the queue could not be written"
        if (paused) return result(0, emptyList(), 0)
        val waitUntil = nextAttemptAt
        if (!fromTimer && waitUntil != null && clock.instant().isBefore(waitUntil)) return result(0, emptyList(), 0)
        nextAttemptAt = null
        lastFailure = null
        var limit = maxBatch
        var delivered = 0
        var requests = 0
        val setAside = ArrayList<SetAsideEvent>()
        while (!Thread.currentThread().isInterrupted) {
            val page = queue.nextPage(limit, maxRequestBytes)
            if (page.isEmpty()) break
            val payloads = try {
                page.map { queue.payload(it) }
            } catch (e: IOException) {
                queue.release(page)
                lastFailure = "cannot read the queue: $e"
                break
            }
            val uuids = page.map { it.uuid }
            val requestId = UUID.randomUUID().toString()
            journey.record(uuids, "sent", clock.instant(), requestId)
            val response = post(body(payloads), requestId)
            requests += 1
            val now = clock.instant()
            val answer = DeliveryAnswer.classify(response.status, response.body, response.retryAfter, now, response.failure)
            var stop = false
            try {
                when (answer) {
                    is DeliveryAnswer.Confirmed -> delivered += confirm(page, requestId)
                    is DeliveryAnswer.Verdict -> {
                        val refused = page.filter { answer.rejected.containsKey(it.uuid.toString()) }
                        val confirmed = page.filter { it.uuid.toString() in answer.accepted && !answer.rejected.containsKey(it.uuid.toString()) }
                        if (confirmed.isEmpty() && refused.isEmpty()) {
                            backOff(page, "HTTP ${response.status} naming none of the batch", null)
                            stop = true
                        } else {
                            delivered += confirm(confirmed, requestId)
                            for (entry in confirmed) {
                                answer.violations[entry.uuid.toString()]?.let { notify(DeliveryNotice.CollectorViolations(entry.uuid, it)) }
                            }
                            setAside.addAll(putAside(refused) { answer.rejected.getValue(it.uuid.toString()) })
                            // The rest was not processed: resent in the next request of this flush.
                            queue.release(page)
                        }
                    }
                    is DeliveryAnswer.Rejected -> {
                        val matched = page.filter { answer.rejected.containsKey(it.uuid.toString()) }
                        if (matched.isEmpty()) {
                            setAside.addAll(putAside(page) { "HTTP ${response.status} with a verdict naming none of the batch" })
                        } else {
                            setAside.addAll(putAside(matched) { answer.rejected.getValue(it.uuid.toString()) })
                            queue.release(page)
                        }
                    }
                    is DeliveryAnswer.RejectedWithoutVerdict -> setAside.addAll(putAside(page) { answer.reason })
                    is DeliveryAnswer.Pause -> {
                        queue.release(page)
                        journey.record(uuids, "failed", now, "HTTP ${answer.status}; delivery paused")
                        paused = true
                        lastFailure = "HTTP ${answer.status}"
                        notify(DeliveryNotice.DeliveryPaused(answer.status))
                        stop = true
                    }
                    is DeliveryAnswer.Split -> {
                        if (page.size > 1) {
                            queue.release(page)
                            journey.record(uuids, "failed", now, "HTTP ${response.status}; batch split")
                            limit = Math.max(1, page.size / 2)
                        } else if (payloads[0].size > maxRequestBytes) {
                            setAside.addAll(putAside(page) { "HTTP ${response.status}: the event alone exceeds maxRequestBytes (${payloads[0].size} > $maxRequestBytes bytes)" })
                        } else {
                            notify(DeliveryNotice.CollectorLimitBelowByteCap(payloads[0].size))
                            backOff(page, "HTTP ${response.status} for one event within maxRequestBytes (the collector's limit is lower)", null)
                            stop = true
                        }
                    }
                    is DeliveryAnswer.Retry -> {
                        backOff(page, answer.reason, answer.retryAfterSeconds)
                        stop = true
                    }
                }
            } catch (e: IOException) {
                queue.release(page)
                lastFailure = "cannot update the queue: $e"
                notify(DeliveryNotice.StorageFailed(e.toString()))
                stop = true
            }
            if (stop) break
        }
        return result(delivered, setAside, requests)
    }

    private fun result(delivered: Int, setAside: List<SetAsideEvent>, requests: Int): FlushResult =
        FlushResult(delivered, setAside, queue.count(), paused, requests, nextAttemptAt, lastFailure)

    private fun confirm(entries: List<EventFileQueue.Entry>, requestId: String): Int {
        if (entries.isEmpty()) return 0
        queue.remove(entries)
        journey.record(entries.map { it.uuid }, "confirmed", clock.instant(), requestId)
        failures = 0
        return entries.size
    }

    private fun putAside(entries: List<EventFileQueue.Entry>, reason: (EventFileQueue.Entry) -> String): List<SetAsideEvent> {
        if (entries.isEmpty()) return emptyList()
        queue.remove(entries)
        val now = clock.instant()
        val events = entries.map { SetAsideEvent(it.uuid, reason(it)) }
        for (event in events) {
            journey.record(listOf(event.uuid), "setAside", now, event.reason)
            notify(DeliveryNotice.SetAside(event))
        }
        synchronized(recentlySetAside) {
            recentlySetAside.addAll(events)
            while (recentlySetAside.size > 100) recentlySetAside.removeAt(0)
        }
        return events
    }

    /** Keeps [page] and schedules the next attempt after backoff with jitter, never sooner than `Retry-After`. */
    private fun backOff(page: List<EventFileQueue.Entry>, reason: String, retryAfterSeconds: Double?) {
        queue.release(page)
        failures += 1
        val now = clock.instant()
        val delay = retry.delaySeconds(failures, retryAfterSeconds, random.nextDouble())
        val at = now.plusMillis(Math.ceil(delay * 1000).toLong())
        nextAttemptAt = at
        lastFailure = reason
        journey.record(page.map { it.uuid }, "failed", now, reason)
        notify(DeliveryNotice.RetryScheduled(reason, at, failures))
        retryTimer?.cancel(false)
        if (automaticRetry) retryTimer = delivery.schedule(Runnable { runPass(true) }, Math.ceil(delay * 1000).toLong(), TimeUnit.MILLISECONDS)
    }

    private fun body(payloads: List<ByteArray>): ByteArray {
        val head = StringBuilder(48).append('{').append(SENT_AT_KEY).append('"')
        Timestamps.append(clock.instant(), head)
        head.append("\",").append(EVENTS_KEY).append('[')
        val out = ByteArrayOutputStream(payloads.sumBy { it.size + 1 } + 64)
        out.write(head.toString().toByteArray(Charsets.UTF_8))
        payloads.forEachIndexed { i, payload ->
            if (i > 0) out.write(','.toInt())
            out.write(payload)
        }
        out.write("]}".toByteArray(Charsets.UTF_8))
        return out.toByteArray()
    }

    private fun post(json: ByteArray, requestId: String): Response {
        var connection: HttpURLConnection? = null
        try {
            var bytes = json
            var gzipped = false
            if (gzipAbove > 0 && json.size >= gzipAbove) {
                val compressed = ByteArrayOutputStream(json.size / 4 + 64)
                GZIPOutputStream(compressed).use { it.write(json) }
                if (compressed.size() < json.size) {
                    bytes = compressed.toByteArray()
                    gzipped = true
                }
            }
            connection = endpoint.openConnection() as HttpURLConnection
            connection.requestMethod = "POST"
            connection.doOutput = true
            connection.connectTimeout = requestTimeoutMillis
            connection.readTimeout = requestTimeoutMillis
            connection.useCaches = false
            connection.setFixedLengthStreamingMode(bytes.size)
            connection.setRequestProperty("Content-Type", "application/json")
            connection.setRequestProperty("X-Request-ID", requestId)
            if (gzipped) connection.setRequestProperty("Content-Encoding", "gzip")
            for ((name, value) in headers) connection.setRequestProperty(name, value)
            connection.outputStream.use { it.write(bytes) }
            val status = connection.responseCode
            val retryAfter = connection.getHeaderField(RuntimeConstants.RETRY_AFTER_HEADER)
            val stream = if (status >= 400) connection.errorStream else connection.inputStream
            val body = stream?.use { readAtMost(it, 1 shl 20) } ?: ""
            return Response(status, body, retryAfter, null)
        } catch (e: IOException) {
            return Response(-1, "", null, e.toString())
        } finally {
            connection?.disconnect()
        }
    }

    private fun readAtMost(stream: InputStream, limit: Int): String {
        val out = ByteArrayOutputStream()
        val buffer = ByteArray(8192)
        while (out.size() < limit) {
            val n = stream.read(buffer)
            if (n < 0) break
            out.write(buffer, 0, n)
        }
        return String(out.toByteArray(), Charsets.UTF_8)
    }

    private fun notify(notice: DeliveryNotice) {
        val callback = onNotice ?: return
        try {
            callback.accept(notice)
        } catch (e: RuntimeException) {
            // An app's callback that throws must not stop delivery.
        }
    }

    private companion object {
        fun daemon(name: String): ThreadFactory = ThreadFactory { runnable ->
            val thread = Thread(runnable, name)
            thread.isDaemon = true
            thread
        }
    }
}
