package io.contractgen.runtime

import java.time.Instant

/** The wire form of a timestamp (docs/wire-format.md, "timestamp"). */
object Timestamps {
    private const val FIRST_MILLIS = -62167219200000L  // 0000-01-01T00:00:00.000Z
    private const val LAST_MILLIS = 253402300799999L   // 9999-12-31T23:59:59.999Z

    /**
     * Milliseconds since 1970 that [instant] is written as: to the nearest
     * microsecond (half up), then whole milliseconds toward the past, within
     * the years 0000 to 9999.
     */
    @JvmStatic
    fun wireMillis(instant: Instant): Long {
        val seconds = instant.epochSecond
        if (seconds < FIRST_MILLIS / 1000) return FIRST_MILLIS
        if (seconds > LAST_MILLIS / 1000 + 1) return LAST_MILLIS
        val micros = (instant.nano + 500) / 1000
        val millis = seconds * 1000 + micros / 1000
        return Math.min(Math.max(millis, FIRST_MILLIS), LAST_MILLIS)
    }

    /** Appends `YYYY-MM-DDTHH:MM:SS.mmmZ` for [instant] to [out]. */
    @JvmStatic
    fun append(instant: Instant, out: StringBuilder) {
        val millis = wireMillis(instant)
        val days = Math.floorDiv(millis, 86_400_000L)
        val ofDay = Math.floorMod(millis, 86_400_000L).toInt()
        // Civil date from days since 1970-01-01 (proleptic Gregorian), in 400-year eras.
        val z = days + 719_468
        val era = Math.floorDiv(z, 146_097L)
        val dayOfEra = z - era * 146_097
        val yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        val mp = (5 * dayOfYear + 2) / 153
        val day = (dayOfYear - (153 * mp + 2) / 5 + 1).toInt()
        val month = (if (mp < 10) mp + 3 else mp - 9).toInt()
        val year = (yearOfEra + era * 400 + if (month <= 2) 1 else 0).toInt()
        pad(out, year, 4).append('-')
        pad(out, month, 2).append('-')
        pad(out, day, 2).append('T')
        pad(out, ofDay / 3_600_000, 2).append(':')
        pad(out, ofDay / 60_000 % 60, 2).append(':')
        pad(out, ofDay / 1000 % 60, 2).append('.')
        pad(out, ofDay % 1000, 3).append('Z')
    }

    /** Appends [value] (not negative) as [width] digits, zeros first, digit by digit (no `Int` to text on the way). */
    private fun pad(out: StringBuilder, value: Int, width: Int): StringBuilder {
        var divisor = 1
        for (i in 1 until width) divisor *= 10
        while (divisor > 0) {
            out.append('0' + value / divisor % 10)
            divisor /= 10
        }
        return out
    }
}
