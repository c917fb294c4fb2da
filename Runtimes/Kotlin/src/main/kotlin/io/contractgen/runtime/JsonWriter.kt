package io.contractgen.runtime

import java.math.BigDecimal
import java.time.Instant
import java.util.UUID

/**
 * Writes one JSON value by the rules of docs/wire-format.md into a
 * `StringBuilder`: members are appended straight from typed values, nothing
 * goes through a map. Generated code writes each member with a key given as
 * its JSON text (`"\"sku\":"`), so keys are escaped once, by the generator.
 */
class JsonWriter @JvmOverloads constructor(
    /** What members of `pii` fields become. */
    val pii: PiiHandling = PiiHandling.KEEP,
    capacity: Int = 256
) {
    private val out = StringBuilder(capacity)
    /** Whether the next member of the open object needs a comma before it. */
    private var needsComma = false

    /** The JSON written so far. */
    override fun toString(): String = out.toString()

    /** Opens an object. */
    fun beginObject() {
        if (needsComma) out.append(',')
        out.append('{')
        needsComma = false
    }

    /** Closes an object. */
    fun endObject() {
        out.append('}')
        needsComma = true
    }

    /** Opens an array. */
    fun beginArray() {
        if (needsComma) out.append(',')
        out.append('[')
        needsComma = false
    }

    /** Closes an array. */
    fun endArray() {
        out.append(']')
        needsComma = true
    }

    /** Appends the member text [json] (`"a":1,"b":2`, already valid) to the open object. */
    fun rawMembers(json: String) {
        if (needsComma) out.append(',')
        out.append(json)
        needsComma = true
    }

    /** Starts a member: [keyJSON] is the key as JSON text with its colon (`"\"sku\":"`). */
    fun key(keyJSON: String) {
        if (needsComma) out.append(',')
        out.append(keyJSON)
        needsComma = false
    }

    /**
     * Starts the member of a `pii` field: `true` when its value is to be
     * written next; otherwise it was redacted or left out, by [pii].
     */
    fun piiKey(keyJSON: String): Boolean {
        when (pii) {
            PiiHandling.KEEP -> {
                key(keyJSON)
                return true
            }
            PiiHandling.REDACT -> {
                key(keyJSON)
                string(RuntimeConstants.REDACTION_MARKER)
                return false
            }
            PiiHandling.REMOVE -> return false
        }
    }

    private fun beforeValue() {
        if (needsComma) out.append(',')
        needsComma = true
    }

    /** A string: escaped exactly as docs/wire-format.md says; a lone surrogate becomes U+FFFD. */
    fun string(value: String) {
        beforeValue()
        out.append('"')
        // Most values need no escape: find the first character that does, and append the rest whole.
        val length = value.length
        var i = 0
        while (i < length) {
            val c = value[i]
            if (c < ' ' || c == '"' || c == '\\' || c in '\uD800'..'\uDFFF') break
            i++
        }
        if (i == length) out.append(value) else appendEscaped(value, i)
        out.append('"')
    }

    /** [value] escaped, from [first], the first character that may need it. */
    private fun appendEscaped(value: String, first: Int) {
        out.append(value, 0, first)
        var start = first
        val length = value.length
        var i = first
        while (i < length) {
            val c = value[i]
            val replacement: String? = when {
                c == '"' -> "\\\""
                c == '\\' -> "\\\\"
                c < ' ' -> controlEscapes[c - '\u0000']
                Character.isHighSurrogate(c) ->
                    if (i + 1 < length && Character.isLowSurrogate(value[i + 1])) {
                        i++
                        null
                    } else "\uFFFD"
                Character.isLowSurrogate(c) -> "\uFFFD"
                else -> null
            }
            if (replacement != null) {
                out.append(value, start, i).append(replacement)
                start = i + 1
            }
            i++
        }
        out.append(value, start, length)
    }

    /** An int. */
    fun long(value: Long) {
        beforeValue()
        out.append(value)
    }

    /** A bool. */
    fun bool(value: Boolean) {
        beforeValue()
        out.append(if (value) "true" else "false")
    }

    /** A double: its shortest round-trip form; `null` when not finite (reported as `badFormat` by the checks). */
    fun double(value: Double) {
        beforeValue()
        if (value.isNaN() || value.isInfinite()) out.append("null") else ShortestDouble.append(value, out)
    }

    /** A decimal, exactly, in plain notation without trailing zeros. */
    fun decimal(value: BigDecimal) {
        beforeValue()
        if (value.signum() == 0) {
            out.append('0')
        } else {
            out.append(value.stripTrailingZeros().toPlainString())
        }
    }

    /** A uuid: canonical lowercase. */
    fun uuid(value: UUID) {
        beforeValue()
        out.append('"').append(value.toString()).append('"')
    }

    /** A timestamp: `YYYY-MM-DDTHH:MM:SS.mmmZ`. */
    fun timestamp(value: Instant) {
        beforeValue()
        out.append('"')
        Timestamps.append(value, out)
        out.append('"')
    }

    /** An object of the contract. */
    fun value(value: ContractObject) {
        value.writeJSON(this)
    }

    /** JSON text written as it is (a value set's wire value, already a JSON string). */
    fun rawValue(json: String) {
        beforeValue()
        out.append(json)
    }

    private companion object {
        val controlEscapes: Array<String> = Array(32) { code ->
            when (code) {
                8 -> "\\b"
                9 -> "\\t"
                10 -> "\\n"
                12 -> "\\f"
                13 -> "\\r"
                else -> "\\u00" + "0123456789abcdef"[code shr 4] + "0123456789abcdef"[code and 15]
            }
        }
    }
}
