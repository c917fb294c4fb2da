package io.contractgen.runtime

import java.time.Instant
import java.util.UUID

/** Whether the user consented to personal data: when [DENIED], `pii` fields are removed before an event is stored. */
enum class Consent {
    /** Events are stored and sent as they are. */
    GRANTED,

    /** The members of `pii` fields (at every depth) are removed before the event is written to the queue. */
    DENIED
}

/** An event the collector will never accept: set aside (removed from the queue) with the reason. */
class SetAsideEvent(
    /** The event's uuid. */
    val uuid: UUID,
    /** Why: the collector's reason, or the protocol's (`HTTP 400 without a verdict`). Never a field's value. */
    val reason: String
) {
    override fun toString(): String = "$uuid: $reason"
}

/**
 * What one flush did: [delivered] events confirmed by the collector,
 * [setAside] ones it will never accept (with reasons), [kept] ones still
 * queued, whether delivery is [paused] (401/403 until
 * [PersistedCollectorSink.resume]), and when the next attempt may happen.
 * Its text shows uuids and reasons, never an event's values.
 */
class FlushResult(
    /** Events the collector confirmed during this flush (deleted from the queue). */
    val delivered: Int,
    /** Events set aside during this flush, with reasons. */
    val setAside: List<SetAsideEvent>,
    /** Events still queued when the flush ended. */
    val kept: Int,
    /** Whether delivery is paused (401/403) until resumed. */
    val paused: Boolean,
    /** Requests this flush made. */
    val requests: Int,
    /** When the next attempt may happen (after a backoff); `null` when none is waited for. */
    val retryAt: Instant?,
    /** Why events were kept (`HTTP 503`, `java.net.ConnectException: …`); `null` when nothing failed. */
    val lastFailure: String?
) {
    override fun toString(): String {
        val text = StringBuilder("FlushResult(delivered=$delivered, setAside=${setAside.size}")
        if (setAside.isNotEmpty()) {
            text.append(" [")
            setAside.take(5).forEachIndexed { i, event -> text.append(if (i > 0) ", " else "").append(event) }
            if (setAside.size > 5) text.append(", … ${setAside.size - 5} more")
            text.append(']')
        }
        text.append(", kept=$kept, paused=$paused")
        if (requests > 0) text.append(", requests=$requests")
        if (retryAt != null) text.append(", retryAt=$retryAt")
        if (lastFailure != null) text.append(", lastFailure=$lastFailure")
        return text.append(')').toString()
    }
}

/**
 * What a [PersistedCollectorSink] reports as it works, on its own threads
 * (`DeliveryOptions.onNotice`). No notice carries a field's value.
 */
sealed class DeliveryNotice {
    /**
     * An event tracked with violations, its own or its globals' ([EventGlobals.violations],
     * `RuntimeConstants.INVALID_GLOBALS_POLICY`): stored and sent anyway, unchanged (the
     * collector flags it too). [details] has each with its shared message (no message holds a value).
     */
    class InvalidEvent @JvmOverloads constructor(
        val uuid: UUID,
        val eventName: String,
        /** `path: code` each. */
        val violations: List<String>,
        /** The same violations with their paths, codes and shared messages. */
        val details: List<Violation> = emptyList()
    ) : DeliveryNotice() {
        override fun toString(): String = "InvalidEvent($eventName $uuid: ${violations.joinToString()})"
    }

    /** The collector stored [uuid] but says it breaks the contract (a verdict's `violations`): `path: code` each, never a value. */
    class CollectorViolations(val uuid: UUID, val violations: List<String>) : DeliveryNotice() {
        override fun toString(): String = "CollectorViolations($uuid: ${violations.joinToString()})"
    }

    /** The queue was full ([limit] events): the oldest pending events were dropped to make room. */
    class DroppedOldest(val uuids: List<UUID>, val limit: Int) : DeliveryNotice() {
        override fun toString(): String = "DroppedOldest(${uuids.size} events, limit=$limit)"
    }

    /** The collector answered 401 or 403: delivery paused until `resume`. */
    class DeliveryPaused(val status: Int) : DeliveryNotice() {
        override fun toString(): String = "DeliveryPaused(HTTP $status)"
    }

    /** The collector will never accept [event]: removed from the queue. */
    class SetAside(val event: SetAsideEvent) : DeliveryNotice() {
        override fun toString(): String = "SetAside($event)"
    }

    /** A request failed ([reason]); events kept, next attempt at [at] after [failures] consecutive failures. */
    class RetryScheduled(val reason: String, val at: Instant, val failures: Int) : DeliveryNotice() {
        override fun toString(): String = "RetryScheduled($reason, at=$at, failures=$failures)"
    }

    /** The queue file ended in a torn or damaged record when opened: [bytes] dropped (events tracked but never durable). */
    class DamagedTailDropped(val bytes: Long) : DeliveryNotice() {
        override fun toString(): String = "DamagedTailDropped($bytes bytes)"
    }

    /** Writing the queue failed ([reason]); events are held in memory (up to the queue limit) and written again later. */
    class StorageFailed(val reason: String) : DeliveryNotice() {
        override fun toString(): String = "StorageFailed($reason)"
    }

    /** A 413 for a single event within `maxRequestBytes`: the collector's limit is lower; kept, retried after backoff. */
    class CollectorLimitBelowByteCap(val requestBytes: Int) : DeliveryNotice() {
        override fun toString(): String = "CollectorLimitBelowByteCap($requestBytes bytes)"
    }
}
