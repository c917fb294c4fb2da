package io.contractgen.runtime

import java.math.BigDecimal

/** A JSON number as written, so that nothing is rounded before its type is known. */
class JsonNumber(val text: String) {
    /** The nearest double. */
    fun toDouble(): Double = java.lang.Double.parseDouble(text)

    /** The exact value. */
    fun toBigDecimal(): BigDecimal = BigDecimal(text)

    /** The value as an int; throws when it is not a whole number in range. */
    fun toLong(): Long = java.lang.Long.parseLong(text)

    /** A `Long` for whole numbers in range, otherwise a `Double`. */
    fun plainValue(): Any {
        val whole = text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0
        if (whole) {
            try {
                return java.lang.Long.parseLong(text)
            } catch (e: NumberFormatException) {
                // Beyond a Long: falls through to the nearest double.
            }
        }
        return toDouble()
    }

    override fun equals(other: Any?): Boolean = other is JsonNumber && other.text == text
    override fun hashCode(): Int = text.hashCode()
    override fun toString(): String = text
}

/**
 * Reads JSON text (RFC 8259) into plain values: `Map<String, Any?>` (members
 * in order), `List<Any?>`, `String`, [JsonNumber], `Boolean` and `null`.
 * For the collector's answers, `TrackedEvent.properties()` and tests.
 */
class JsonReader private constructor(private val text: String) {
    private var at = 0

    companion object {
        /** The value [text] holds; throws `IllegalArgumentException` for anything but one JSON value. */
        @JvmStatic
        fun parse(text: String): Any? {
            val reader = JsonReader(text)
            val value = reader.value()
            reader.skipSpace()
            if (reader.at != text.length) reader.fail("data after the value")
            return value
        }
    }

    private fun fail(why: String): Nothing = throw IllegalArgumentException("invalid JSON at $at: $why")

    private fun skipSpace() {
        while (at < text.length && (text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t')) at++
    }

    private fun value(): Any? {
        skipSpace()
        if (at >= text.length) fail("end of text")
        return when (text[at]) {
            '{' -> obj()
            '[' -> array()
            '"' -> string()
            't' -> literal("true", true)
            'f' -> literal("false", false)
            'n' -> literal("null", null)
            else -> number()
        }
    }

    private fun literal(word: String, value: Any?): Any? {
        if (!text.startsWith(word, at)) fail("unknown literal")
        at += word.length
        return value
    }

    private fun obj(): Map<String, Any?> {
        at++
        val result = LinkedHashMap<String, Any?>()
        skipSpace()
        if (at < text.length && text[at] == '}') {
            at++
            return result
        }
        while (true) {
            skipSpace()
            if (at >= text.length || text[at] != '"') fail("expected a key")
            val key = string()
            skipSpace()
            if (at >= text.length || text[at] != ':') fail("expected ':'")
            at++
            result[key] = value()
            skipSpace()
            if (at >= text.length) fail("unclosed object")
            val c = text[at++]
            if (c == '}') return result
            if (c != ',') fail("expected ',' or '}'")
        }
    }

    private fun array(): List<Any?> {
        at++
        val result = ArrayList<Any?>()
        skipSpace()
        if (at < text.length && text[at] == ']') {
            at++
            return result
        }
        while (true) {
            result.add(value())
            skipSpace()
            if (at >= text.length) fail("unclosed array")
            val c = text[at++]
            if (c == ']') return result
            if (c != ',') fail("expected ',' or ']'")
        }
    }

    private fun string(): String {
        at++
        val out = StringBuilder()
        while (true) {
            if (at >= text.length) fail("unclosed string")
            val c = text[at++]
            when {
                c == '"' -> return out.toString()
                c == '\\' -> {
                    if (at >= text.length) fail("unclosed escape")
                    when (text[at++]) {
                        '"' -> out.append('"')
                        '\\' -> out.append('\\')
                        '/' -> out.append('/')
                        'b' -> out.append('\b')
                        'f' -> out.append('\u000C')
                        'n' -> out.append('\n')
                        'r' -> out.append('\r')
                        't' -> out.append('\t')
                        'u' -> {
                            if (at + 4 > text.length) fail("short \\u escape")
                            out.append(Integer.parseInt(text.substring(at, at + 4), 16).toChar())
                            at += 4
                        }
                        else -> fail("unknown escape")
                    }
                }
                c < ' ' -> fail("control character in a string")
                else -> out.append(c)
            }
        }
    }

    private fun number(): JsonNumber {
        val start = at
        if (text[at] == '-') at++
        while (at < text.length && (text[at] in '0'..'9' || text[at] == '.' || text[at] == 'e' || text[at] == 'E' || text[at] == '+' || text[at] == '-')) at++
        val number = text.substring(start, at)
        if (!Regex("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?").matches(number)) fail("bad number '$number'")
        return JsonNumber(number)
    }
}
