package io.contractgen.runtime

/**
 * A curated field of a contract by name, typed: what [TrackedEvent.field] reads
 * an event's own fields with (`event.field(ShopFields.sku)`, a `String?`).
 * Generated once per curated field, in the contract's `<Contract>Fields` object
 * (docs/kotlin.md, "Reading an event's own fields").
 */
class FieldKey<T>(
    /** The field's name on the wire. */
    val wireName: String,
    private val reader: (Any?) -> T?
) {
    /** [json] (a member of the event's JSON as [JsonReader] parses it) as the field's type; null when absent or of another shape. */
    fun read(json: Any?): T? = if (json == null) null else reader(json)

    override fun toString(): String = "FieldKey($wireName)"
}

/** What a [FieldKey] reads a JSON value with, one per type event functions take. */
object FieldReaders {
    @JvmField
    val STRING: (Any?) -> String? = { it as? String }

    @JvmField
    val INT: (Any?) -> Long? = { (it as? JsonNumber)?.toLong() }

    @JvmField
    val DOUBLE: (Any?) -> Double? = { (it as? JsonNumber)?.toDouble() }

    @JvmField
    val DECIMAL: (Any?) -> java.math.BigDecimal? = { (it as? JsonNumber)?.toBigDecimal() }

    @JvmField
    val BOOL: (Any?) -> Boolean? = { it as? Boolean }

    @JvmField
    val UUID: (Any?) -> java.util.UUID? = { value -> (value as? String)?.let { java.util.UUID.fromString(it) } }

    @JvmField
    val TIMESTAMP: (Any?) -> java.time.Instant? = { value -> (value as? String)?.let { java.time.Instant.parse(it) } }

    /** An object, as plain JSON: a map of strings, `Long`s, `Double`s, `Boolean`s, lists and maps, in wire order. */
    @JvmField
    val OBJECT: (Any?) -> Map<String, Any?>? = { plainObject(it) }

    /** A list whose items [items] reads; null when an item does not read. */
    @JvmStatic
    fun <T> list(items: (Any?) -> T?): (Any?) -> List<T>? = { value ->
        if (value !is List<*>) {
            null
        } else {
            val result = ArrayList<T>(value.size)
            var complete = true
            for (item in value) {
                val read = items(item)
                if (read == null) complete = false else result.add(read)
            }
            if (complete) result else null
        }
    }

    /** A value-set member by its wire value. */
    @JvmStatic
    fun <E> valueSet(members: Array<E>, wire: (E) -> String): (Any?) -> E? = { value -> members.firstOrNull { wire(it) == value } }
}

@Suppress("UNCHECKED_CAST")
private fun plainObject(value: Any?): Map<String, Any?>? = if (value is Map<*, *>) plainJson(value) as Map<String, Any?> else null

/** [value] as [JsonReader] parsed it, with numbers as `Long`s or `Double`s (`JsonNumber.plainValue()`). */
internal fun plainJson(value: Any?): Any? = when (value) {
    is JsonNumber -> value.plainValue()
    is List<*> -> value.map { plainJson(it) }
    is Map<*, *> -> {
        val map = LinkedHashMap<String, Any?>(value.size)
        for ((key, item) in value) map[key as String] = plainJson(item)
        map
    }
    else -> value
}
