package io.contractgen.conformance

import io.contractgen.runtime.JsonNumber
import java.math.BigDecimal
import java.time.Instant
import java.util.UUID

/**
 * A conformance case's arguments (docs/conformance.md, "Arguments"), read
 * into the Kotlin types the generated functions take. Hand-written; the
 * generated `ConformanceDriver` calls it for each argument.
 */
class ConformanceArguments(value: Any?) {
    private val members: Map<*, *> = value as? Map<*, *> ?: throw IllegalArgumentException("arguments are not an object: $value")

    /** Fails when the arguments hold a member the event or object does not take. */
    fun only(vararg names: String) {
        val unknown = members.keys.filter { it !in names }
        if (unknown.isNotEmpty()) throw IllegalArgumentException("arguments the function does not take: $unknown")
    }

    /** The member [name] converted, or `null` when the case leaves it out. */
    fun <T> optional(name: String, convert: (Any?) -> T): T? = if (members.containsKey(name)) convert(members[name]) else null

    /** The member [name] converted; fails when the case leaves it out. */
    fun <T> required(name: String, convert: (Any?) -> T): T =
        if (members.containsKey(name)) convert(members[name]) else throw IllegalArgumentException("argument '$name' is missing")

    companion object {
        /** A JSON string, or `{"utf16": [code units]}` for one with lone surrogates. */
        @JvmStatic
        fun string(value: Any?): String {
            if (value is String) return value
            val units = (value as? Map<*, *>)?.get("utf16") as? List<*> ?: throw IllegalArgumentException("not a string: $value")
            val out = StringBuilder()
            for (unit in units) out.append((unit as JsonNumber).toLong().toInt().toChar())
            return out.toString()
        }

        /** An int: decimal digits in a JSON string. */
        @JvmStatic
        fun long(value: Any?): Long = java.lang.Long.parseLong(value as String)

        /** A double: a JSON number, or `"NaN"`, `"Infinity"`, `"-Infinity"`. */
        @JvmStatic
        fun double(value: Any?): Double = when (value) {
            is JsonNumber -> value.toDouble()
            "NaN" -> Double.NaN
            "Infinity" -> Double.POSITIVE_INFINITY
            "-Infinity" -> Double.NEGATIVE_INFINITY
            else -> throw IllegalArgumentException("not a double: $value")
        }

        /** A decimal: its text in a JSON string. */
        @JvmStatic
        fun decimal(value: Any?): BigDecimal = BigDecimal(value as String)

        @JvmStatic
        fun bool(value: Any?): Boolean = value as Boolean

        @JvmStatic
        fun uuid(value: Any?): UUID = UUID.fromString(value as String)

        /** A timestamp with 0 to 9 fraction digits, held to the nanosecond. */
        @JvmStatic
        fun instant(value: Any?): Instant = Instant.parse(value as String)

        @JvmStatic
        fun <T> list(value: Any?, convert: (Any?) -> T): List<T> = (value as List<*>).map(convert)

        /** A value set's member; fails for a wire value the set does not have. */
        @JvmStatic
        fun <T> member(found: T?, wire: Any?): T = found ?: throw IllegalArgumentException("no member with wire value $wire")
    }
}
