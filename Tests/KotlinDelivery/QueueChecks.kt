package io.contractgen.deliverytests

import io.contractgen.runtime.DeliveryJourney
import io.contractgen.runtime.DeliveryAnswer
import io.contractgen.runtime.EventFileQueue
import io.contractgen.runtime.FlushResult
import io.contractgen.runtime.QueueLockedException
import io.contractgen.runtime.RetryPolicy
import io.contractgen.runtime.SetAsideEvent
import java.io.File
import java.io.RandomAccessFile
import java.nio.file.Files
import java.time.Instant
import java.util.UUID

/**
 * The file queue's promises on their own (docs/kotlin.md, "Persisted
 * delivery"): records read back after reopening, a torn tail and a damaged
 * record dropped and counted, tombstones, compaction, the lock; and the
 * protocol's pure parts (Retry-After, backoff, readable results, the journey's bounds).
 */
object QueueChecks {
    private lateinit var failures: MutableList<String>

    private fun expect(condition: Boolean, what: () -> String) {
        if (!condition) failures.add("queue-checks: " + what())
    }

    private fun json(n: Int) = "{\"event\":\"e$n\",\"n\":$n}".toByteArray()

    fun run(failures: MutableList<String>) {
        this.failures = failures
        val directory = Files.createTempDirectory("kotlin-queue-checks").toFile()
        try {
            reopen(File(directory, "reopen"))
            tornTail(File(directory, "torn"))
            damagedRecord(File(directory, "damaged"))
            compaction(File(directory, "compaction"))
            lock(File(directory, "lock"))
            notAQueue(File(directory, "foreign"))
            protocol()
        } finally {
            directory.deleteRecursively()
        }
        println("queue checks: ${if (failures.isEmpty()) "ok" else "${failures.size} failures"}")
    }

    private fun append(queue: EventFileQueue, count: Int): List<UUID> {
        val uuids = (1..count).map { UUID.randomUUID() }
        queue.append(uuids.mapIndexed { i, uuid -> Pair(uuid, json(i)) })
        return uuids
    }

    private fun reopen(directory: File) {
        val uuids = EventFileQueue.open(directory).use { queue ->
            val uuids = append(queue, 5)
            queue.remove(queue.nextPage(2, Int.MAX_VALUE))
            uuids
        }
        EventFileQueue.open(directory).use { queue ->
            val page = queue.nextPage(10, Int.MAX_VALUE)
            expect(page.map { it.uuid } == uuids.drop(2)) { "reopened: ${page.map { it.uuid }}, expected the last 3 of $uuids" }
            expect(page.map { String(queue.payload(it)) } == (2..4).map { String(json(it)) }) { "reopened payloads differ" }
            expect(queue.droppedTailBytes == 0L) { "a whole file reported a damaged tail" }
            // Sequences go on after the highest seen: a new event is last.
            val more = append(queue, 1)
            queue.release(page)
            expect(queue.nextPage(10, Int.MAX_VALUE).last().uuid == more[0]) { "an event appended after reopening is not last" }
        }
    }

    private fun tornTail(directory: File) {
        EventFileQueue.open(directory).use { append(it, 3) }
        val file = File(directory, EventFileQueue.FILE_NAME)
        val size = file.length()
        RandomAccessFile(file, "rw").use { it.setLength(size - 5) }   // the last record cut short, as a kill mid-write leaves it
        EventFileQueue.open(directory).use { queue ->
            expect(queue.count() == 2) { "torn tail: ${queue.count()} events, expected 2" }
            expect(queue.droppedTailBytes > 0) { "torn tail: nothing reported dropped" }
            append(queue, 1)
        }
        EventFileQueue.open(directory).use { queue ->
            expect(queue.count() == 3 && queue.droppedTailBytes == 0L) { "after a torn tail was cut, appends read back: ${queue.count()}, ${queue.droppedTailBytes}" }
        }
        RandomAccessFile(file, "rw").use { it.seek(it.length()); it.write(byteArrayOf(1, 0, 0, 0)) }   // a header cut short
        EventFileQueue.open(directory).use { queue ->
            expect(queue.count() == 3 && queue.droppedTailBytes == 4L) { "a cut header: ${queue.count()} events, ${queue.droppedTailBytes} bytes dropped" }
        }
    }

    private fun damagedRecord(directory: File) {
        EventFileQueue.open(directory).use { append(it, 3) }
        val file = File(directory, EventFileQueue.FILE_NAME)
        RandomAccessFile(file, "rw").use { it.seek(it.length() - 3); it.write('X'.toInt()) }   // a flipped byte in the last payload
        EventFileQueue.open(directory).use { queue ->
            expect(queue.count() == 2 && queue.droppedTailBytes > 0) { "damaged record: ${queue.count()} events, ${queue.droppedTailBytes} bytes dropped" }
        }
    }

    private fun compaction(directory: File) {
        val kept = EventFileQueue.open(directory).use { queue ->
            val uuids = append(queue, 3000)
            val bigBefore = queue.fileBytes()
            var removed = 0
            while (queue.count() > 10) {
                val page = queue.nextPage(Math.min(100, queue.count() - 10), Int.MAX_VALUE)
                queue.remove(page)
                removed += page.size
            }
            val kept = uuids.drop(removed)
            expect(queue.compactions > 0 && queue.fileBytes() < bigBefore / 4) {
                "compaction: ${queue.compactions} compactions, ${queue.fileBytes()} bytes of $bigBefore"
            }
            queue.compact()
            val live = 8L + (2990 until 3000).map { 9 + 24 + json(it).size }.sum()
            expect(queue.fileBytes() == live && File(directory, EventFileQueue.FILE_NAME).length() == live) {
                "an explicit compaction left ${queue.fileBytes()} bytes, expected the header and 10 records, $live"
            }
            val page = queue.nextPage(100, Int.MAX_VALUE)
            expect(page.map { it.uuid } == kept) { "compaction lost or reordered events" }
            expect(page.map { String(queue.payload(it)) } == (2990 until 3000).map { String(json(it)) }) { "compaction changed payloads" }
            queue.release(page)
            kept
        }
        EventFileQueue.open(directory).use { queue ->
            val page = queue.nextPage(100, Int.MAX_VALUE)
            expect(page.map { it.uuid } == kept && queue.droppedTailBytes == 0L) { "a compacted file read back differs" }
        }
        expect(!File(directory, "${EventFileQueue.FILE_NAME}.compact").exists()) { "the compaction's temporary file was left" }
    }

    private fun lock(directory: File) {
        EventFileQueue.open(directory).use {
            try {
                EventFileQueue.open(directory).close()
                failures.add("queue-checks: a second open of one queue succeeded")
            } catch (e: QueueLockedException) {
                expect(e.message!!.contains("open elsewhere")) { "lock: ${e.message}" }
            }
        }
        EventFileQueue.open(directory).close()   // released on close
    }

    private fun notAQueue(directory: File) {
        directory.mkdirs()
        File(directory, EventFileQueue.FILE_NAME).writeText("something else entirely")
        try {
            EventFileQueue.open(directory).close()
            failures.add("queue-checks: a foreign file opened as a queue")
        } catch (e: java.io.IOException) {
            expect(e.message!!.contains("not a contractgen event queue")) { "foreign file: ${e.message}" }
        }
        expect(File(directory, EventFileQueue.FILE_NAME).readText() == "something else entirely") { "a foreign file was changed" }
        File(directory, "short").mkdirs()
        File(File(directory, "short"), EventFileQueue.FILE_NAME).writeText("abc")
        try {
            EventFileQueue.open(File(directory, "short")).close()
            failures.add("queue-checks: a short foreign file opened as a queue")
        } catch (e: java.io.IOException) {
            expect(File(File(directory, "short"), EventFileQueue.FILE_NAME).readText() == "abc") { "a short foreign file was changed" }
        }
        val torn = File(directory, "torn-header")
        torn.mkdirs()
        File(torn, EventFileQueue.FILE_NAME).writeText("CGQ")   // a header cut short when the file was made
        EventFileQueue.open(torn).use { expect(it.count() == 0 && it.droppedTailBytes == 3L) { "a torn header: ${it.droppedTailBytes}" } }
        EventFileQueue.open(File(directory, "other")).close()
    }

    private fun protocol() {
        val now = Instant.parse("2026-12-07T03:00:00Z")
        expect(DeliveryAnswer.retryAfterSeconds("120", now) == 120.0) { "Retry-After seconds" }
        expect(DeliveryAnswer.retryAfterSeconds("Mon, 07 Dec 2026 03:01:30 GMT", now) == 90.0) { "Retry-After as an HTTP date" }
        expect(DeliveryAnswer.retryAfterSeconds("soon", now) == null) { "Retry-After unreadable" }
        val policy = RetryPolicy(2.0, 600.0, 0.2)
        expect(policy.delaySeconds(1, null, 0.0) == 2.0 && policy.delaySeconds(3, null, 0.0) == 8.0) { "backoff doubles" }
        expect(policy.delaySeconds(20, null, 0.0) == 600.0 && policy.delaySeconds(20, null, 0.999) < 720.0) { "backoff ceiling and jitter" }
        expect(policy.delaySeconds(1, 120.0, 0.5) == 120.0) { "Retry-After is a floor" }
        val uuid = UUID.fromString("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6")
        val text = FlushResult(3, listOf(SetAsideEvent(uuid, "is below the minimum 0")), 0, false, 0, null, null).toString()
        expect(text == "FlushResult(delivered=3, setAside=1 [$uuid: is below the minimum 0], kept=0, paused=false)") { "FlushResult text: $text" }
        expect(DeliveryAnswer.classify(404, "Not Found", null, now) is DeliveryAnswer.Retry) { "404 is retried" }
        expect(DeliveryAnswer.classify(403, "", null, now) is DeliveryAnswer.Pause) { "403 pauses" }
        val journey = DeliveryJourney(3, 4)
        val ids = (1..5).map { UUID.randomUUID() }
        for (id in ids) journey.record(listOf(id), "persisted", now)
        for (n in 1..10) journey.record(listOf(ids[4]), "failed", now, "HTTP 500 #$n")
        expect(journey.size() == 3 && journey.steps(ids[0]).isEmpty()) { "journey capacity: ${journey.size()}" }
        val steps = journey.steps(ids[4])
        expect(steps.size == 4 && steps[0].kind == "persisted" && steps[3].detail == "HTTP 500 #10") { "journey steps: $steps" }
    }
}
