package io.contractgen.runtime

import java.io.IOException
import java.net.HttpURLConnection
import java.net.URL
import java.time.Instant
import java.util.UUID


/** `"sentAt":`, the batch member as a writer's key (RuntimeConstants.BatchMember). */
internal const val SENT_AT_KEY: String = "\"${RuntimeConstants.BatchMember.SENT_AT}\":"

/** `"events":`, the batch member as a writer's key. */
internal const val EVENTS_KEY: String = "\"${RuntimeConstants.BatchMember.EVENTS}\":"

/**
 * What the collector said about one batch (docs/wire-format.md, "Delivery
 * protocol"), as [CollectorSink] acts on it. Its text shows uuids and
 * reasons, never an event's values.
 */
class BatchVerdict internal constructor(
    /** The HTTP status; `-1` when no answer came. */
    val status: Int,
    /** Events the collector stored (duplicates included): never sent again. */
    val accepted: List<TrackedEvent>,
    /** Events the collector will never accept, with its reason: set aside, not retried. */
    val rejected: Map<TrackedEvent, String>,
    /** Events to send again (not processed, or the collector or the network failed). */
    val retry: List<TrackedEvent>,
    /** `413`: the batch was too large; the sink halves it. */
    val tooLarge: Boolean,
    /** `401`/`403`: the credentials were refused; the events are kept. */
    val paused: Boolean = false,
    /** Why events are kept (`HTTP 503`, a network error); `null` when none is. */
    val failure: String? = null
) {
    override fun toString(): String {
        val text = StringBuilder("BatchVerdict(status=$status, accepted=${accepted.size}, rejected=${rejected.size}")
        if (rejected.isNotEmpty()) text.append(rejected.entries.take(5).joinToString(", ", " [", "]") { "${it.key.uuid}: ${it.value}" })
        text.append(", retry=${retry.size}")
        if (tooLarge) text.append(", tooLarge")
        if (paused) text.append(", paused")
        if (failure != null) text.append(", failure=$failure")
        return text.append(')').toString()
    }
}

/**
 * Sends events to the collector in batches over `HttpURLConnection`
 * (`POST`, `{"sentAt":…,"events":[…]}`, the globals appended to every
 * event), following the verdict protocol: accepted and rejected events are
 * done, the rest stay queued for the next [flush]; a `413` halves the batch;
 * a `400` without a verdict sets the batch aside as malformed; `401`/`403`,
 * `404` and every other answer that is not a verdict keep the events.
 *
 * It keeps its queue in memory and blocks the caller: [PersistedCollectorSink]
 * is the one to ship (persisted queue, background delivery, backoff).
 */
class CollectorSink @JvmOverloads constructor(
    /** The collector's batch endpoint (`http://host:port/v1/batch`). */
    val endpoint: URL,
    /** Appended to every event; `null` for none. */
    val globals: EventGlobals? = null,
    /** Request headers (`Authorization: Bearer …`). */
    val headers: Map<String, String> = emptyMap(),
    /** The most events in one request. */
    val maxBatch: Int = 100,
    /** The clock `sentAt` is read from. */
    private val clock: () -> Instant = { Instant.now() }
) {
    private val queue = ArrayList<TrackedEvent>()
    private val setAside = LinkedHashMap<UUID, String>()

    /** Queues [event] for the next [flush]. */
    @Synchronized
    fun track(event: TrackedEvent) {
        queue.add(event)
    }

    /** Events queued and not yet confirmed. */
    @Synchronized
    fun pendingCount(): Int = queue.size

    /** Events the collector rejected, by uuid, with its reasons. */
    @Synchronized
    fun rejected(): Map<UUID, String> = LinkedHashMap(setAside)

    /**
     * Sends the queue, batch by batch, until it is empty or a batch must be
     * retried later. Returns the verdicts of the requests made.
     */
    @Synchronized
    fun flush(): List<BatchVerdict> {
        val verdicts = ArrayList<BatchVerdict>()
        var size = maxBatch
        while (queue.isNotEmpty()) {
            val batch = ArrayList(queue.subList(0, Math.min(size, queue.size)))
            val verdict = send(batch)
            verdicts.add(verdict)
            if (verdict.tooLarge) {
                if (batch.size == 1) {
                    setAside[batch[0].uuid] = "larger than the collector accepts"
                    queue.removeAt(0)
                } else {
                    size = Math.max(1, batch.size / 2)
                }
                continue
            }
            val done = HashSet<TrackedEvent>(verdict.accepted)
            for ((event, reason) in verdict.rejected) {
                setAside[event.uuid] = reason
                done.add(event)
            }
            queue.removeAll(done)
            // The rest of a batch the collector processed in part is resent at once; otherwise it waits for the next flush.
            if (verdict.retry.isNotEmpty() && (done.isEmpty() || verdict.paused)) break
        }
        return verdicts
    }

    /** The request body for [batch]: each event's members, then the globals. */
    fun body(batch: List<TrackedEvent>): String {
        val writer = JsonWriter(PiiHandling.KEEP, 512 * batch.size + 64)
        writer.beginObject()
        writer.key(SENT_AT_KEY)
        writer.timestamp(clock())
        writer.key(EVENTS_KEY)
        writer.beginArray()
        for (event in batch) {
            writer.beginObject()
            event.writeMembers(writer)
            globals?.writeMembers(writer)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.toString()
    }

    /** One `POST` of [batch], and what its answer means for each event. */
    fun send(batch: List<TrackedEvent>): BatchVerdict {
        val bytes = body(batch).toByteArray(Charsets.UTF_8)
        val status: Int
        val answer: String
        try {
            val connection = endpoint.openConnection() as HttpURLConnection
            connection.requestMethod = "POST"
            connection.doOutput = true
            connection.setFixedLengthStreamingMode(bytes.size)
            connection.setRequestProperty("Content-Type", "application/json")
            for ((name, value) in headers) connection.setRequestProperty(name, value)
            connection.outputStream.use { it.write(bytes) }
            status = connection.responseCode
            val stream = if (status >= 400) connection.errorStream else connection.inputStream
            answer = stream?.use { String(it.readBytes(), Charsets.UTF_8) } ?: ""
            connection.disconnect()
        } catch (e: IOException) {
            return verdict(-1, "", batch, e.toString())
        }
        return verdict(status, answer, batch)
    }

    companion object {
        /** What [status] and [answer] mean for the events of [batch] ([DeliveryAnswer], docs/wire-format.md "Delivery protocol"). */
        @JvmStatic
        @JvmOverloads
        fun verdict(status: Int, answer: String, batch: List<TrackedEvent>, failure: String? = null): BatchVerdict {
            val none = emptyMap<TrackedEvent, String>()
            return when (val kind = DeliveryAnswer.classify(status, answer, null, Instant.now(), failure)) {
                is DeliveryAnswer.Confirmed -> BatchVerdict(status, batch, none, emptyList(), false)
                is DeliveryAnswer.Verdict -> {
                    val accepted = batch.filter { it.uuid.toString() in kind.accepted && !kind.rejected.containsKey(it.uuid.toString()) }
                    val rejected = LinkedHashMap<TrackedEvent, String>()
                    for (event in batch) kind.rejected[event.uuid.toString()]?.let { rejected[event] = it }
                    val rest = batch.filter { it !in rejected && it !in accepted }
                    BatchVerdict(status, accepted, rejected, rest, false,
                        failure = if (accepted.isEmpty() && rejected.isEmpty()) "HTTP $status naming none of the batch" else null)
                }
                is DeliveryAnswer.Rejected -> {
                    val rejected = LinkedHashMap<TrackedEvent, String>()
                    for (event in batch) kind.rejected[event.uuid.toString()]?.let { rejected[event] = it }
                    if (rejected.isEmpty()) BatchVerdict(status, emptyList(), batch.associateWith { "HTTP $status with a verdict naming none of the batch" }, emptyList(), false)
                    else BatchVerdict(status, emptyList(), rejected, batch.filter { it !in rejected }, false)
                }
                is DeliveryAnswer.RejectedWithoutVerdict -> BatchVerdict(status, emptyList(), batch.associateWith { kind.reason }, emptyList(), false)
                is DeliveryAnswer.Pause -> BatchVerdict(status, emptyList(), none, batch, false, paused = true, failure = "HTTP $status")
                is DeliveryAnswer.Split -> BatchVerdict(status, emptyList(), none, emptyList(), true)
                is DeliveryAnswer.Retry -> BatchVerdict(status, emptyList(), none, batch, false, failure = kind.reason)
            }
        }
    }
}
