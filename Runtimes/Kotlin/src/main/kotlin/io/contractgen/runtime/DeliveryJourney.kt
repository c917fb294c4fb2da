package io.contractgen.runtime

import java.time.Instant
import java.util.UUID

/** One step of an event's way to the collector (no values: a reason at most). */
class JourneyStep(
    /** `persisted`, `sent`, `confirmed`, `failed`, `setAside`, `dropped`. */
    val kind: String,
    /** When, on the sink's clock. */
    val at: Instant,
    /** The request id, or why it failed or was set aside. */
    val detail: String?
) {
    override fun toString(): String = if (detail == null) "$kind@$at" else "$kind@$at($detail)"
}

/**
 * The steps of the last [capacity] events, each at most [maxSteps] (a long
 * retry history keeps its first step and its latest ones), as the Swift
 * dispatcher's journey log (docs/dispatcher.md, "Journey log"). In memory only.
 */
class DeliveryJourney @JvmOverloads constructor(
    /** The most events remembered; the oldest are forgotten. */
    val capacity: Int = 5000,
    /** The most steps kept per event. */
    val maxSteps: Int = 24
) {
    private val journeys = object : LinkedHashMap<UUID, ArrayList<JourneyStep>>(16, 0.75f, false) {
        override fun removeEldestEntry(eldest: MutableMap.MutableEntry<UUID, ArrayList<JourneyStep>>?): Boolean = size > capacity
    }

    /** Records [kind] for each of [uuids]. */
    @Synchronized
    fun record(uuids: Collection<UUID>, kind: String, at: Instant, detail: String? = null) {
        if (capacity <= 0) return
        val step = JourneyStep(kind, at, detail)
        for (uuid in uuids) {
            val steps = journeys.getOrPut(uuid) { ArrayList(4) }
            if (steps.size >= maxSteps) steps.removeAt(1)
            steps.add(step)
        }
    }

    /** The steps of [uuid], oldest first; empty when not remembered. */
    @Synchronized
    fun steps(uuid: UUID): List<JourneyStep> = journeys[uuid]?.let { ArrayList(it) } ?: emptyList()

    /** How many events are remembered. */
    @Synchronized
    fun size(): Int = journeys.size
}
