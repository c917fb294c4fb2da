package io.contractgen.runtime

import java.time.Instant
import java.time.ZonedDateTime
import java.time.format.DateTimeFormatter
import java.time.format.DateTimeParseException
import java.util.Locale

/**
 * What one answer of the collector means for the batch it answered: the
 * delivery protocol of docs/wire-format.md ("Delivery protocol"), the same
 * table as the Swift dispatcher's (docs/dispatcher.md, "Delivery"). Which
 * statuses mean what is data, [RuntimeConstants.DELIVERY_RULES] (generated
 * from the shared table); [classify] reads the body for the action the
 * status has.
 *
 * | action (statuses today) | events | then |
 * |---|---|---|
 * | `ACCEPT` (2xx) without a verdict | all confirmed | next page |
 * | `ACCEPT` (2xx) with `accepted` / `rejected` | accepted confirmed, rejected set aside, the rest resent at once | a verdict naming none of the batch: kept, backoff |
 * | `SET_ASIDE` (400) with `rejected` naming events of the batch | those set aside | the rest resent at once |
 * | `SET_ASIDE` (400) without one | all set aside | next page |
 * | `PAUSE` (401, 403) | kept | paused until resumed |
 * | `SPLIT` (413) | kept | split in halves; one event alone set aside only when larger than the request cap |
 * | `RETRY` (every other status, timeouts, network errors) | kept | backoff with jitter, never sooner than `Retry-After` |
 */
sealed class DeliveryAnswer {
    /** 2xx without a verdict: every event of the batch is confirmed. */
    object Confirmed : DeliveryAnswer() {
        override fun toString(): String = "Confirmed"
    }

    /**
     * A verdict naming events: [accepted] confirmed, [rejected] set aside with
     * their reasons; events named by neither are resent (uuids lower case).
     */
    class Verdict @JvmOverloads constructor(
        val accepted: Set<String>,
        val rejected: Map<String, String>,
        /** Accepted (stored) events that break the contract, informational: uuid to `path: code` each. */
        val violations: Map<String, List<String>> = emptyMap()
    ) : DeliveryAnswer() {
        override fun toString(): String = "Verdict(accepted=${accepted.size}, rejected=${rejected.size})"
    }

    /** A refusal (400) with a verdict: [rejected] set aside, the rest resent at once. */
    class Rejected(val rejected: Map<String, String>) : DeliveryAnswer() {
        override fun toString(): String = "Rejected(${rejected.size})"
    }

    /** A refusal (400) without a usable verdict: the batch is set aside with [reason]. */
    class RejectedWithoutVerdict(val reason: String) : DeliveryAnswer() {
        override fun toString(): String = "RejectedWithoutVerdict($reason)"
    }

    /** Credentials refused (401, 403): delivery pauses until the app resumes it with new credentials. */
    class Pause(val status: Int) : DeliveryAnswer() {
        override fun toString(): String = "Pause($status)"
    }

    /** Too large (413): the batch is halved (docs/wire-format.md). */
    object Split : DeliveryAnswer() {
        override fun toString(): String = "Split"
    }

    /** Anything else: kept and retried after backoff, never sooner than [retryAfterSeconds]. */
    class Retry(val reason: String, val retryAfterSeconds: Double?) : DeliveryAnswer() {
        override fun toString(): String = "Retry($reason" + (retryAfterSeconds?.let { ", retryAfter=${it}s" } ?: "") + ")"
    }

    companion object {
        /**
         * Classifies an answer: [status] (`-1` when none came: timeout, refused
         * or dropped connection, described by [failure]), its [body] and its
         * `Retry-After` header.
         */
        @JvmStatic
        @JvmOverloads
        fun classify(status: Int, body: String, retryAfter: String?, now: Instant, failure: String? = null): DeliveryAnswer {
            if (status < 0) return Retry(failure ?: "no answer", null)
            when (RuntimeConstants.deliveryAction(status)) {
                DeliveryAction.ACCEPT -> {
                    val json = parse(body) ?: return Confirmed
                    val acceptedList = json[RuntimeConstants.VerdictMember.ACCEPTED] as? List<*>
                    val rejected = rejections(json)
                    if (acceptedList == null && rejected == null) return Confirmed
                    val accepted = HashSet<String>()
                    acceptedList?.forEach { if (it is String) accepted.add(it.toLowerCase(Locale.ROOT)) }
                    return Verdict(accepted, rejected ?: emptyMap(), violations(json))
                }
                DeliveryAction.SET_ASIDE -> {
                    val rejected = parse(body)?.let { rejections(it) }
                    if (rejected != null && rejected.isNotEmpty()) return Rejected(rejected)
                    return RejectedWithoutVerdict("HTTP $status without a verdict")
                }
                DeliveryAction.PAUSE -> return Pause(status)
                DeliveryAction.SPLIT -> return Split
                DeliveryAction.RETRY -> return Retry("HTTP $status", retryAfter?.let { retryAfterSeconds(it, now) })
            }
        }

        /** `Retry-After` as seconds or as an HTTP date (`Sun, 22 Nov 2026 12:00:00 GMT`); `null` when neither. */
        @JvmStatic
        fun retryAfterSeconds(value: String, now: Instant): Double? {
            val trimmed = value.trim()
            val seconds = trimmed.toDoubleOrNull()
            if (seconds != null) return if (seconds.isNaN()) null else Math.max(0.0, seconds)
            return try {
                val date = ZonedDateTime.parse(trimmed, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant()
                Math.max(0.0, (date.toEpochMilli() - now.toEpochMilli()) / 1000.0)
            } catch (e: DateTimeParseException) {
                null
            }
        }

        private fun parse(body: String): Map<*, *>? {
            if (body.length == 0) return null
            return try {
                JsonReader.parse(body) as? Map<*, *>
            } catch (e: IllegalArgumentException) {
                null
            }
        }

        private fun violations(json: Map<*, *>): Map<String, List<String>> {
            val items = json[RuntimeConstants.VerdictMember.VIOLATIONS] as? List<*> ?: return emptyMap()
            val result = LinkedHashMap<String, List<String>>()
            for (item in items) {
                val entry = item as? Map<*, *> ?: continue
                val uuid = entry[RuntimeConstants.VerdictMember.UUID] as? String ?: continue
                val list = (entry[RuntimeConstants.VerdictMember.VIOLATIONS] as? List<*>)?.mapNotNull { v ->
                    val violation = v as? Map<*, *>
                    if (violation == null) null else "${violation[RuntimeConstants.VerdictMember.PATH] as? String ?: ""}: ${violation[RuntimeConstants.VerdictMember.CODE] as? String ?: ""}"
                } ?: emptyList()
                result[uuid.toLowerCase(Locale.ROOT)] = list
            }
            return result
        }

        private fun rejections(json: Map<*, *>): Map<String, String>? {
            val items = json[RuntimeConstants.VerdictMember.REJECTED] as? List<*> ?: return null
            val result = LinkedHashMap<String, String>()
            for (item in items) {
                val entry = item as? Map<*, *> ?: continue
                val uuid = entry[RuntimeConstants.VerdictMember.UUID] as? String ?: continue
                result[uuid.toLowerCase(Locale.ROOT)] = entry[RuntimeConstants.VerdictMember.REASON] as? String ?: "rejected by the collector"
            }
            return result
        }
    }
}

/**
 * How failed requests are retried: `initialBackoffSeconds · 2^(failures-1)`,
 * at most `maximumBackoffSeconds`, plus up to [jitter] of it at random, never
 * shorter than the server's `Retry-After` (the Swift dispatcher's `RetryPolicy`).
 */
class RetryPolicy @JvmOverloads constructor(
    /** The first backoff, doubled per consecutive failure. */
    val initialBackoffSeconds: Double = 2.0,
    /** The backoff's ceiling, before jitter. */
    val maximumBackoffSeconds: Double = 600.0,
    /** Random extra delay, a fraction of the backoff (0.2 = up to +20 %). */
    val jitter: Double = 0.2
) {
    /** The delay before attempt `failures + 1`; [random] is in `0 until 1`. */
    fun delaySeconds(failures: Int, retryAfterSeconds: Double?, random: Double): Double {
        val exponent = Math.max(0, Math.min(failures - 1, 30))
        val base = Math.min(maximumBackoffSeconds, initialBackoffSeconds * Math.pow(2.0, exponent.toDouble()))
        return Math.max(base * (1 + jitter * random), retryAfterSeconds ?: 0.0)
    }

    override fun toString(): String =
        "RetryPolicy(initialBackoff=${initialBackoffSeconds}s, maximumBackoff=${maximumBackoffSeconds}s, jitter=$jitter)"
}
