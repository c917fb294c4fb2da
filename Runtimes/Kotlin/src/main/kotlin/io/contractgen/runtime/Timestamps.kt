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
        // Digit by digit, dividing by constants only, into one array appended at once.
        val text = CharArray(24)
        twoDigits(text, 0, year / 100)
        twoDigits(text, 2, year % 100)
        text[4] = '-'
        twoDigits(text, 5, month)
        text[7] = '-'
        twoDigits(text, 8, day)
        text[10] = 'T'
        twoDigits(text, 11, ofDay / 3_600_000)
        text[13] = ':'
        twoDigits(text, 14, ofDay / 60_000 % 60)
        text[16] = ':'
        twoDigits(text, 17, ofDay / 1000 % 60)
        text[19] = '.'
        val milliseconds = ofDay % 1000
        text[20] = '0' + milliseconds / 100
        twoDigits(text, 21, milliseconds % 100)
        text[23] = 'Z'
        out.append(text)
    }

    /** Puts [value], 0 to 99, as two digits at [at]. */
    private fun twoDigits(text: CharArray, at: Int, value: Int) {
        text[at] = '0' + value / 10
        text[at + 1] = '0' + value % 10
    }
}
