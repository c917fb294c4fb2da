package io.contractgen.runtime

import java.io.IOException
import java.net.HttpURLConnection
import java.net.URL
import java.time.Instant
import java.util.UUID

/**
 * What the collector said about one batch (docs/wire-format.md, "The
 * collector's answer"), as [CollectorSink] acts on it.
 */
class BatchVerdict internal constructor(
    /** The HTTP status; `-1` when no answer came. */
    val status: Int,
    /** Events the collector stored (duplicates included): never sent again. */
    val accepted: List<TrackedEvent>,
    /** Events the collector will never accept, with its reason: set aside, not retried. */
    val rejected: Map<TrackedEvent, String>,
    /** Events to send again later (not processed, or the collector or the network failed). */
    val retry: List<TrackedEvent>,
    /** `413`: the batch was too large; the sink halves it. */
    val tooLarge: Boolean
)

/**
 * Sends events to the collector in batches over `HttpURLConnection`
 * (`POST`, `{"sentAt":…,"events":[…]}`, the globals appended to every
 * event), following the verdict protocol: accepted and rejected events are
 * done, the rest stay queued for the next [flush]; a `413` halves the batch;
 * a `4xx` without a verdict drops the batch as malformed.
 *
 * It keeps its queue in memory only: not a full Android SDK (no persisted
 * queue, no background scheduling, no backoff timer); docs/kotlin.md says
 * what an app adds.
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
            if (verdict.retry.isNotEmpty()) break
        }
        return verdicts
    }

    /** The request body for [batch]: each event's members, then the globals. */
    fun body(batch: List<TrackedEvent>): String {
        val writer = JsonWriter(PiiHandling.KEEP, 512 * batch.size + 64)
        writer.beginObject()
        writer.key("\"sentAt\":")
        writer.timestamp(clock())
        writer.key("\"events\":")
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
            return BatchVerdict(-1, emptyList(), emptyMap(), batch, false)
        }
        return verdict(status, answer, batch)
    }

    companion object {
        /** What [status] and [answer] mean for the events of [batch] (docs/dispatcher.md, "Delivery"). */
        @JvmStatic
        fun verdict(status: Int, answer: String, batch: List<TrackedEvent>): BatchVerdict {
            if (status == 413) return BatchVerdict(status, emptyList(), emptyMap(), emptyList(), true)
            if (status >= 500 || status < 200 || status in 300..399) return BatchVerdict(status, emptyList(), emptyMap(), batch, false)
            val parsed = try {
                JsonReader.parse(answer) as? Map<*, *>
            } catch (e: IllegalArgumentException) {
                null
            }
            val hasVerdict = parsed != null && (parsed.containsKey("accepted") || parsed.containsKey("rejected"))
            if (!hasVerdict) {
                // A 2xx without a verdict confirms the batch; a 4xx without one means it is malformed: not retried.
                return if (status < 300) BatchVerdict(status, batch, emptyMap(), emptyList(), false)
                else BatchVerdict(status, emptyList(), batch.associateWith { "the collector answered $status" }, emptyList(), false)
            }
            val accepted = HashSet<String>()
            (parsed!!["accepted"] as? List<*>)?.forEach { if (it is String) accepted.add(it) }
            val reasons = HashMap<String, String>()
            (parsed["rejected"] as? List<*>)?.forEach { entry ->
                val item = entry as? Map<*, *>
                val uuid = item?.get("uuid") as? String
                if (uuid != null) reasons[uuid] = item["reason"] as? String ?: "rejected"
            }
            val acceptedEvents = ArrayList<TrackedEvent>()
            val rejectedEvents = LinkedHashMap<TrackedEvent, String>()
            val retry = ArrayList<TrackedEvent>()
            for (event in batch) {
                val uuid = event.uuid.toString()
                val reason = reasons[uuid]
                when {
                    reason != null -> rejectedEvents[event] = reason
                    uuid in accepted -> acceptedEvents.add(event)
                    else -> retry.add(event)
                }
            }
            return BatchVerdict(status, acceptedEvents, rejectedEvents, retry, false)
        }
    }
}
