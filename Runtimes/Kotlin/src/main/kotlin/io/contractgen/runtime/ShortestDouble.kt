package io.contractgen.runtime

import java.math.BigDecimal
import java.math.MathContext
import java.math.RoundingMode

/**
 * The wire text of a finite double (docs/wire-format.md, "double"): the
 * shortest digits that read back as the same double, laid out as JavaScript's
 * `Number.prototype.toString` lays them out, with `.0` on integral values.
 *
 * JDK 17's `Double.toString` is not always shortest (it writes 2e23 as
 * `2.0000000000000002E23`), so its digits are used only where they are
 * provably shortest (at most 15 of them, of a normal double: two different
 * decimals of at most 15 digits never read back as the same normal double);
 * otherwise the digits are searched with exact `BigDecimal` arithmetic.
 */
object ShortestDouble {
    /** Appends the wire text of the finite double [value] to [out]. */
    @JvmStatic
    fun append(value: Double, out: StringBuilder) {
        if (value == 0.0) {
            out.append("0.0")
            return
        }
        val negative = value < 0
        val magnitude = Math.abs(value)
        val digits = StringBuilder(20)
        val exponent = shortestDigits(magnitude, digits)
        if (negative) out.append('-')
        layOut(digits, exponent, out)
    }

    /** The wire text of the finite double [value]. */
    @JvmStatic
    fun format(value: Double): String {
        val out = StringBuilder(24)
        append(value, out)
        return out.toString()
    }

    /**
     * Puts the shortest round-trip digits of the positive finite [value]
     * into [digits] (no leading or trailing zero) and returns `n`, with
     * value = 0.d1d2…dk × 10^n.
     */
    private fun shortestDigits(value: Double, digits: StringBuilder): Int {
        val text = java.lang.Double.toString(value)
        var exponent = 0
        var mantissaEnd = text.length
        val e = text.indexOf('E')
        if (e >= 0) {
            exponent = Integer.parseInt(text.substring(e + 1))
            mantissaEnd = e
        }
        // Digits of the mantissa, and where the point is among them.
        var pointAt = -1
        for (i in 0 until mantissaEnd) {
            val c = text[i]
            if (c == '.') pointAt = digits.length else digits.append(c)
        }
        if (pointAt < 0) pointAt = digits.length
        var leading = 0
        while (leading < digits.length - 1 && digits[leading] == '0') leading++
        digits.delete(0, leading)
        var end = digits.length
        while (end > 1 && digits[end - 1] == '0') end--
        digits.setLength(end)
        val n = pointAt - leading + exponent
        // Subnormals carry fewer digits of precision: the argument above needs a normal double.
        if (digits.length <= 15 && value >= java.lang.Double.MIN_NORMAL) return n
        digits.setLength(0)
        return searchDigits(value, digits)
    }

    /** The shortest round-trip digits by exact arithmetic: the closest decimal of each length, then its neighbour. */
    private fun searchDigits(value: Double, digits: StringBuilder): Int {
        val exact = BigDecimal(value)
        for (precision in 1..17) {
            val nearest = exact.round(MathContext(precision, RoundingMode.HALF_EVEN))
            var found: BigDecimal? = null
            if (readsBack(nearest, value)) {
                found = nearest
            } else {
                val step = BigDecimal.ONE.scaleByPowerOfTen(-nearest.scale())
                val other = if (nearest < exact) nearest.add(step) else nearest.subtract(step)
                if (other.precision() == precision && readsBack(other, value)) found = other
            }
            if (found != null) {
                val stripped = found.stripTrailingZeros()
                digits.append(stripped.unscaledValue().toString())
                return digits.length - stripped.scale()
            }
        }
        throw IllegalStateException("no round-trip digits for $value")
    }

    private fun readsBack(candidate: BigDecimal, value: Double): Boolean =
        java.lang.Double.parseDouble(candidate.toString()) == value

    /** Lays out digits d1…dk with point position [n] (docs/wire-format.md, "double", step 2). */
    private fun layOut(digits: CharSequence, n: Int, out: StringBuilder) {
        val k = digits.length
        when {
            n in k..21 -> {
                out.append(digits)
                for (i in 0 until n - k) out.append('0')
                out.append(".0")
            }
            n in 1..21 -> {
                out.append(digits, 0, n).append('.').append(digits, n, k)
            }
            n > -6 && n <= 0 -> {
                out.append("0.")
                for (i in 0 until -n) out.append('0')
                out.append(digits)
            }
            else -> {
                out.append(digits[0])
                if (k > 1) out.append('.').append(digits, 1, k)
                out.append('e').append(if (n - 1 >= 0) '+' else '-').append(Math.abs(n - 1))
            }
        }
    }
}
