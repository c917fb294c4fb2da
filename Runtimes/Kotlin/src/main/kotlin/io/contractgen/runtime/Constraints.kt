package io.contractgen.runtime

import java.math.BigDecimal

/**
 * One field's constraints, as the generator emits them from the contract
 * (docs/wire-format.md, "Constraints"); `-1` or `null` where a constraint is
 * absent. Bounds are the contract's exact decimal text.
 */
class Constraints @JvmOverloads constructor(
    val minLength: Int = -1,
    val maxLength: Int = -1,
    val pattern: PatternProgram? = null,
    minimum: String? = null,
    maximum: String? = null,
    val minItems: Int = -1,
    val maxItems: Int = -1
) {
    /** The bounds, exactly: for ints and decimals. */
    val minimum: BigDecimal? = minimum?.let { BigDecimal(it) }
    val maximum: BigDecimal? = maximum?.let { BigDecimal(it) }

    /** The bounds as the contract's text gives them, for violation messages. */
    internal val minimumText: String = minimum.orEmpty()
    internal val maximumText: String = maximum.orEmpty()

    /** The bounds read as the nearest double: for doubles. */
    internal val minimumDouble: Double = minimum?.toDouble() ?: Double.NEGATIVE_INFINITY
    internal val maximumDouble: Double = maximum?.toDouble() ?: Double.POSITIVE_INFINITY

    /** The bounds as ints when they are whole and in range; the check of an int needs no `BigDecimal` then. */
    internal val minimumLong: Long? = this.minimum?.let { exactLong(it) }
    internal val maximumLong: Long? = this.maximum?.let { exactLong(it) }

    private fun exactLong(value: BigDecimal): Long? =
        try {
            value.longValueExact()
        } catch (e: ArithmeticException) {
            null
        }

    companion object {
        /** No constraint at all. */
        @JvmField
        val NONE: Constraints = Constraints()
    }
}
