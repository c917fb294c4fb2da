package io.contractgen.runtime

import java.io.Closeable
import java.io.File
import java.io.IOException
import java.nio.ByteBuffer
import java.nio.channels.FileChannel
import java.nio.channels.FileLock
import java.nio.channels.OverlappingFileLockException
import java.nio.file.AtomicMoveNotSupportedException
import java.nio.file.Files
import java.nio.file.StandardCopyOption
import java.nio.file.StandardOpenOption
import java.util.UUID
import java.util.zip.CRC32

/** Another process (or another sink of this one) holds the queue's lock: two writers never share one file. */
class QueueLockedException(message: String) : IOException(message)

/**
 * The persisted queue of a [PersistedCollectorSink]: one append-only file,
 * `events.queue`, in its directory (docs/kotlin.md, "Persisted delivery").
 *
 * The file is an 8-byte magic (`CGQUEUE1`) and records, each
 * `kind (1 byte) | length (4, big endian) | CRC32 of kind and payload (4) | payload`:
 * - kind 1, an event: `sequence (8) | uuid (16) | the event's JSON object` (its members and the globals);
 * - kind 2, a tombstone: `sequence (8)` per event removed (confirmed, set aside or dropped).
 *
 * Appends are `FileChannel.force`d before they count as written. On opening,
 * records are read back until the first one that is cut short or fails its
 * checksum (a write a kill or a power loss tore): the file is truncated there
 * and [droppedTailBytes] says how much went. When the tombstones' dead bytes
 * outgrow the live ones, the live records are rewritten into a new file that
 * replaces the old one by an atomic rename. `events.lock` is held with
 * `FileChannel.tryLock` while the queue is open.
 *
 * Memory: per pending event its sequence, uuid, offset and length (no
 * payloads); payloads are read from the file when a batch is made.
 * Thread-safe: every method holds the queue's monitor (short file I/O only).
 */
class EventFileQueue private constructor(
    /** The directory holding `events.queue` and `events.lock`. */
    val directory: File,
    private val lockChannel: FileChannel,
    private val lock: FileLock
) : Closeable {
    /** One pending event: where its JSON lies in the file. */
    class Entry internal constructor(val sequence: Long, val uuid: UUID, internal var offset: Long, val length: Int) {
        override fun toString(): String = "Entry($sequence, $uuid, $length bytes)"
    }

    private val file = File(directory, FILE_NAME)
    private var channel: FileChannel = FileChannel.open(file.toPath(), StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)
    private val pending = LinkedHashMap<Long, Entry>()
    private val inFlight = HashSet<Long>()
    private var nextSequence = 1L
    private var end = 0L
    private var liveBytes = 0L

    /** Bytes of a damaged tail dropped when the file was opened (0 when it was whole). */
    var droppedTailBytes = 0L
        private set

    /** Pending events (in flight included). */
    @Synchronized
    fun count(): Int = pending.size

    /** The file's size in bytes. */
    @Synchronized
    fun fileBytes(): Long = end

    private fun load() {
        val size = channel.size()
        if (size < MAGIC.size) {
            // New, or a header torn while the file was made: anything else is not ours to overwrite.
            val start = ByteBuffer.allocate(size.toInt())
            read(start, 0)
            if (!MAGIC.copyOf(size.toInt()).contentEquals(start.array())) throw IOException("$file is not a contractgen event queue (no CGQUEUE1 header)")
            channel.truncate(0)
            write(ByteBuffer.wrap(MAGIC), 0)
            channel.force(true)
            end = MAGIC.size.toLong()
            droppedTailBytes = size
            return
        }
        val magic = ByteBuffer.allocate(MAGIC.size)
        read(magic, 0)
        if (!magic.array().contentEquals(MAGIC)) throw IOException("$file is not a contractgen event queue (no CGQUEUE1 header)")
        var at = MAGIC.size.toLong()
        val header = ByteBuffer.allocate(HEADER)
        while (at + HEADER <= size) {
            header.clear()
            read(header, at)
            val kind = header.get(0)
            val length = header.getInt(1)
            val crc = header.getInt(5)
            if (length < 0 || length > MAX_RECORD || at + HEADER + length > size || (kind != EVENT && kind != TOMBSTONE)) break
            val payload = ByteBuffer.allocate(length)
            read(payload, at + HEADER)
            if (checksum(kind, payload.array(), length) != crc) break
            apply(kind, payload, at + HEADER)
            at += HEADER + length
        }
        if (at < size) {
            droppedTailBytes = size - at
            channel.truncate(at)
            channel.force(true)
        }
        end = at
    }

    private fun apply(kind: Byte, payload: ByteBuffer, payloadOffset: Long) {
        if (kind == EVENT) {
            val sequence = payload.getLong(0)
            val uuid = UUID(payload.getLong(8), payload.getLong(16))
            val length = payload.capacity() - EVENT_PREFIX
            pending[sequence] = Entry(sequence, uuid, payloadOffset + EVENT_PREFIX, length)
            liveBytes += HEADER + payload.capacity()
            if (sequence >= nextSequence) nextSequence = sequence + 1
        } else {
            var at = 0
            while (at + 8 <= payload.capacity()) {
                val removed = pending.remove(payload.getLong(at))
                if (removed != null) liveBytes -= HEADER + EVENT_PREFIX + removed.length
                at += 8
            }
        }
    }

    /**
     * Appends [events] (uuid and JSON object bytes each) and forces them to
     * the disk before returning their entries. On an I/O error nothing of
     * the call is kept (the file is cut back) and the error is thrown.
     */
    @Synchronized
    fun append(events: List<Pair<UUID, ByteArray>>): List<Entry> {
        if (events.isEmpty()) return emptyList()
        var total = 0
        for ((_, json) in events) {
            require(json.size <= MAX_RECORD - EVENT_PREFIX) { "an event of ${json.size} bytes is larger than a queue record may be" }
            total += HEADER + EVENT_PREFIX + json.size
        }
        val buffer = ByteBuffer.allocate(total)
        val entries = ArrayList<Entry>(events.size)
        var sequence = nextSequence
        for ((uuid, json) in events) {
            val start = buffer.position()
            buffer.put(EVENT).putInt(EVENT_PREFIX + json.size).putInt(0)
            buffer.putLong(sequence).putLong(uuid.mostSignificantBits).putLong(uuid.leastSignificantBits).put(json)
            buffer.putInt(start + 5, checksum(buffer.array(), start, EVENT_PREFIX + json.size))
            entries.add(Entry(sequence, uuid, end + start + HEADER + EVENT_PREFIX, json.size))
            sequence += 1
        }
        buffer.flip()
        writeAtEnd(buffer)
        nextSequence = sequence
        for (entry in entries) pending[entry.sequence] = entry
        liveBytes += total
        return entries
    }

    /**
     * Up to [limit] pending events not in flight, oldest first, whose JSON
     * adds up to at most [byteLimit] bytes (a larger single event goes
     * alone), marked in flight until [release] or [remove].
     */
    @Synchronized
    fun nextPage(limit: Int, byteLimit: Int): List<Entry> {
        val page = ArrayList<Entry>()
        var bytes = 0L
        for (entry in pending.values) {
            if (page.size >= limit) break
            if (entry.sequence in inFlight) continue
            if (page.isNotEmpty() && bytes + entry.length > byteLimit) break
            page.add(entry)
            bytes += entry.length
        }
        for (entry in page) inFlight.add(entry.sequence)
        return page
    }

    /** The JSON bytes of [entry]. */
    @Synchronized
    fun payload(entry: Entry): ByteArray {
        val buffer = ByteBuffer.allocate(entry.length)
        read(buffer, entry.offset)
        return buffer.array()
    }

    /** Marks [entries] no longer in flight: they are pending again. */
    @Synchronized
    fun release(entries: Collection<Entry>) {
        for (entry in entries) inFlight.remove(entry.sequence)
    }

    /**
     * Removes [entries] for good: a tombstone, forced to the disk; then,
     * when dead bytes outgrow live ones (and 64 KiB), compacts the file.
     */
    @Synchronized
    fun remove(entries: Collection<Entry>) {
        val present = entries.filter { pending.containsKey(it.sequence) }
        for (entry in entries) inFlight.remove(entry.sequence)
        if (present.isEmpty()) return
        val payloadLength = 8 * present.size
        val buffer = ByteBuffer.allocate(HEADER + payloadLength)
        buffer.put(TOMBSTONE).putInt(payloadLength).putInt(0)
        for (entry in present) buffer.putLong(entry.sequence)
        buffer.putInt(5, checksum(buffer.array(), 0, payloadLength))
        buffer.flip()
        writeAtEnd(buffer)
        for (entry in present) {
            pending.remove(entry.sequence)
            liveBytes -= HEADER + EVENT_PREFIX + entry.length
        }
        val dead = end - MAGIC.size - liveBytes
        if (dead > COMPACT_ABOVE && dead > liveBytes) compact()
    }

    /** The oldest [count] pending events that are not in flight (what a full queue drops). */
    @Synchronized
    fun oldestNotInFlight(count: Int): List<Entry> {
        val result = ArrayList<Entry>()
        for (entry in pending.values) {
            if (result.size >= count) break
            if (entry.sequence !in inFlight) result.add(entry)
        }
        return result
    }

    /**
     * Rewrites the live records into `events.queue.compact`, forces it, and
     * renames it over the queue (atomic): a kill at any point leaves either
     * the old file or the new one, both whole.
     */
    @Synchronized
    fun compact() {
        val target = File(directory, "$FILE_NAME.compact")
        val out = FileChannel.open(target.toPath(), StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)
        val newOffsets = HashMap<Long, Long>()
        var at: Long
        try {
            out.write(ByteBuffer.wrap(MAGIC))
            at = MAGIC.size.toLong()
            for (entry in pending.values) {
                val json = payload(entry)
                val buffer = ByteBuffer.allocate(HEADER + EVENT_PREFIX + json.size)
                buffer.put(EVENT).putInt(EVENT_PREFIX + json.size).putInt(0)
                buffer.putLong(entry.sequence).putLong(entry.uuid.mostSignificantBits).putLong(entry.uuid.leastSignificantBits).put(json)
                buffer.putInt(5, checksum(buffer.array(), 0, EVENT_PREFIX + json.size))
                buffer.flip()
                while (buffer.hasRemaining()) out.write(buffer)
                newOffsets[entry.sequence] = at + HEADER + EVENT_PREFIX
                at += HEADER + EVENT_PREFIX + json.size
            }
            out.force(true)
        } finally {
            out.close()
        }
        try {
            Files.move(target.toPath(), file.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
        } catch (e: AtomicMoveNotSupportedException) {
            Files.move(target.toPath(), file.toPath(), StandardCopyOption.REPLACE_EXISTING)
        }
        forceDirectory()
        channel.close()
        channel = FileChannel.open(file.toPath(), StandardOpenOption.READ, StandardOpenOption.WRITE)
        for (entry in pending.values) entry.offset = newOffsets.getValue(entry.sequence)
        end = at
        compactions += 1
    }

    /** How many times the file was compacted since it was opened. */
    var compactions = 0
        private set

    /** Closes the file and releases the lock. */
    @Synchronized
    override fun close() {
        channel.close()
        try {
            lock.release()
        } finally {
            lockChannel.close()
        }
    }

    private fun writeAtEnd(buffer: ByteBuffer) {
        val start = end
        try {
            var at = start
            while (buffer.hasRemaining()) at += channel.write(buffer, at)
            channel.force(false)
            end = at
        } catch (e: IOException) {
            // A half-written record would hide every later one: cut it off.
            try {
                channel.truncate(start)
            } catch (ignored: IOException) {
            }
            throw e
        }
    }

    private fun write(buffer: ByteBuffer, at: Long) {
        var position = at
        while (buffer.hasRemaining()) position += channel.write(buffer, position)
    }

    private fun read(buffer: ByteBuffer, at: Long) {
        var position = at
        while (buffer.hasRemaining()) {
            val n = channel.read(buffer, position)
            if (n < 0) throw IOException("$file ends before a record it indexed")
            position += n
        }
    }

    private fun forceDirectory() {
        // Makes the rename durable; some platforms cannot open a directory, then the rename is durable at the next sync.
        try {
            FileChannel.open(directory.toPath(), StandardOpenOption.READ).use { it.force(true) }
        } catch (e: IOException) {
        }
    }

    companion object {
        /** The queue file's name in its directory. */
        const val FILE_NAME = "events.queue"
        /** The lock file's name in its directory. */
        const val LOCK_NAME = "events.lock"
        /** The largest record (16 MiB): a longer length field is damage. */
        const val MAX_RECORD = 16 * 1024 * 1024
        /** The largest event JSON a record holds. */
        const val MAX_EVENT_BYTES = MAX_RECORD - 24
        private val MAGIC = "CGQUEUE1".toByteArray(Charsets.US_ASCII)
        private const val HEADER = 9
        private const val EVENT_PREFIX = 24
        private const val EVENT: Byte = 1
        private const val TOMBSTONE: Byte = 2
        private const val COMPACT_ABOVE = 64 * 1024

        /**
         * Opens (creating) the queue in [directory], takes its lock and reads
         * it back. Throws [QueueLockedException] when another process or
         * another open queue of this process holds the lock.
         */
        @JvmStatic
        fun open(directory: File): EventFileQueue {
            if (!directory.isDirectory && !directory.mkdirs() && !directory.isDirectory) throw IOException("cannot create the queue directory $directory")
            val lockChannel = FileChannel.open(File(directory, LOCK_NAME).toPath(), StandardOpenOption.CREATE, StandardOpenOption.WRITE)
            val lock = try {
                lockChannel.tryLock()
            } catch (e: OverlappingFileLockException) {
                null
            }
            if (lock == null) {
                lockChannel.close()
                throw QueueLockedException("the event queue in $directory is open elsewhere (another process, or another sink in this one)")
            }
            try {
                val queue = EventFileQueue(directory, lockChannel, lock)
                try {
                    queue.load()
                } catch (e: IOException) {
                    queue.channel.close()
                    throw e
                }
                return queue
            } catch (e: IOException) {
                lock.release()
                lockChannel.close()
                throw e
            }
        }

        private fun checksum(kind: Byte, payload: ByteArray, length: Int): Int {
            val crc = CRC32()
            crc.update(kind.toInt())
            crc.update(payload, 0, length)
            return crc.value.toInt()
        }

        /** The CRC of a record laid out in [array] from [start] (kind at `start`, payload at `start + 9`). */
        private fun checksum(array: ByteArray, start: Int, payloadLength: Int): Int {
            val crc = CRC32()
            crc.update(array[start].toInt())
            crc.update(array, start + HEADER, payloadLength)
            return crc.value.toInt()
        }
    }
}
