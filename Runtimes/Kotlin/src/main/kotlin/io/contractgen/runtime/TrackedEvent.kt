package io.contractgen.runtime

import java.time.Instant
import java.util.UUID

/**
 * One event, made by a generated event function: checked against the
 * contract when it was made ([violations]) and encoded on demand, the same
 * bytes as Swift's `encodedJSON()` for the same arguments. Each kind of the
 * contract is a subclass with the kind's fields typed.
 */
abstract class TrackedEvent protected constructor(
    /** The event's name as the contract spells it: what an analytics SDK takes as the name. */
    val eventName: String,
    /** The event's kind as the contract spells it. */
    val kindName: String,
    /** The event's `uuid`. */
    val uuid: UUID,
    /** The event's `clientTimestamp`. */
    val clientTimestamp: Instant,
    /** Every way the event breaks the contract; empty when it is valid. */
    val violations: List<Violation>,
    /** Writes the event's members, `event` first, into an object the caller opened. */
    private val members: (JsonWriter) -> Unit
) {
    /**
     * The wire JSON once made. Not volatile: a `String` is immutable (final
     * fields), so a thread that reads it here sees it whole; at worst two
     * threads both make the same bytes.
     */
    private var encoded: String? = null

    /** Whether the event keeps every rule of the contract. */
    val isValid: Boolean
        get() = violations.isEmpty()

    /** The event's wire JSON (docs/wire-format.md), without globals. */
    fun encodedJSON(): String = encoded ?: encodedJSON(PiiHandling.KEEP).also { encoded = it }

    /** The event's JSON with the members of `pii` fields kept, removed or redacted. */
    fun encodedJSON(pii: PiiHandling): String {
        val writer = JsonWriter(pii, 512)
        writer.beginObject()
        members(writer)
        writer.endObject()
        return writer.toString()
    }

    /** Writes the event's members into an object [writer] opened (a sink appends globals after them). */
    fun writeMembers(writer: JsonWriter) {
        members(writer)
    }

    /**
     * The event's members but `event`, by wire name, for an analytics SDK that
     * takes a name and a map: strings, `Long`s, `Double`s, `Boolean`s, lists
     * and maps (docs/kotlin.md, "Handing events to an analytics SDK").
     */
    fun properties(): Map<String, Any?> {
        val all = JsonReader.parse(encodedJSON()) as Map<*, *>
        val result = LinkedHashMap<String, Any?>(all.size)
        for ((key, value) in all) {
            if (key != "event") result[key as String] = plainJson(value)
        }
        return result
    }

    /**
     * One of the event's own fields as the event sends it, typed by the contract's
     * field key (`event.field(ShopFields.sku)`); null when the event does not send it
     * (docs/kotlin.md, "Reading an event's own fields").
     */
    fun <T> field(key: FieldKey<T>): T? {
        val all = JsonReader.parse(encodedJSON()) as Map<*, *>
        return key.read(all[key.wireName])
    }

    /** The event's JSON as logs may show it: every `pii` value replaced by `"<redacted>"`. */
    fun redactedJSON(): String = encodedJSON(PiiHandling.REDACT)

    /**
     * `searchResultsPageView (pageView) {"event":…,"searchQuery":"<redacted>",…}`, then
     * `; violations: [path: message]` when it has any: what string templates, loggers
     * and debuggers show, never a `pii` value (docs/kotlin.md, "Looking at an event").
     */
    override fun toString(): String {
        val head = "$eventName ($kindName) ${redactedJSON()}"
        if (violations.isEmpty()) return head
        return head + violations.joinToString("; ", "; violations: [", "]") { "${it.path}: ${it.message}" }
    }
}
