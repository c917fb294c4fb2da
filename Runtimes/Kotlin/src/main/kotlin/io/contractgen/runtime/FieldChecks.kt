package io.contractgen.runtime

import java.math.BigDecimal

/**
 * The constraint checks (docs/wire-format.md, "Constraints"): the same
 * meaning in every runtime. Generated code calls one per field value; each
 * reports into [Violations] with the value's path: member [name] of the
 * value at [parent] (`""` for the event), or [parent] itself when [name] is
 * empty (an array's item). The path is made only when something is reported.
 * Codes and messages are the shared table's (RuntimeConstants.kt, generated).
 */
object FieldChecks {
    private fun path(parent: String, name: String): String = if (name.length == 0) parent else Violations.member(parent, name)

    /** `minLength`, `maxLength` (code points; a lone surrogate counts one) and `pattern`. */
    @JvmStatic
    fun string(value: String, constraints: Constraints, parent: String, name: String, violations: Violations) {
        if (constraints.minLength >= 0 || constraints.maxLength >= 0) {
            val length = value.codePointCount(0, value.length)
            if (constraints.minLength >= 0 && length < constraints.minLength) {
                violations.add(path(parent, name), ViolationCode.TOO_SHORT, ViolationMessage.tooShort(length.toString(), constraints.minLength.toString()))
            }
            if (constraints.maxLength >= 0 && length > constraints.maxLength) {
                violations.add(path(parent, name), ViolationCode.TOO_LONG, ViolationMessage.tooLong(length.toString(), constraints.maxLength.toString()))
            }
        }
        val pattern = constraints.pattern
        if (pattern != null && !pattern.matches(value)) {
            violations.add(path(parent, name), ViolationCode.PATTERN_MISMATCH, ViolationMessage.patternMismatch(pattern.source))
        }
    }

    /** `minimum`, `maximum` of an int, exactly. */
    @JvmStatic
    fun long(value: Long, constraints: Constraints, parent: String, name: String, violations: Violations) {
        val minimum = constraints.minimum
        if (minimum != null) {
            val below = constraints.minimumLong?.let { value < it } ?: (BigDecimal.valueOf(value) < minimum)
            if (below) violations.add(path(parent, name), ViolationCode.BELOW_MINIMUM, ViolationMessage.belowMinimum(constraints.minimumText))
        }
        val maximum = constraints.maximum
        if (maximum != null) {
            val above = constraints.maximumLong?.let { value > it } ?: (BigDecimal.valueOf(value) > maximum)
            if (above) violations.add(path(parent, name), ViolationCode.ABOVE_MAXIMUM, ViolationMessage.aboveMaximum(constraints.maximumText))
        }
    }

    /** A double: not finite is `badFormat` (no bound checked); else its bounds read as the nearest doubles. */
    @JvmStatic
    fun double(value: Double, constraints: Constraints, parent: String, name: String, violations: Violations) {
        if (value.isNaN() || value.isInfinite()) {
            violations.add(path(parent, name), ViolationCode.BAD_FORMAT, ViolationMessage.badFormat(RuntimeConstants.Format.FINITE_NUMBER))
            return
        }
        if (value < constraints.minimumDouble) {
            violations.add(path(parent, name), ViolationCode.BELOW_MINIMUM, ViolationMessage.belowMinimum(constraints.minimumText))
        }
        if (value > constraints.maximumDouble) {
            violations.add(path(parent, name), ViolationCode.ABOVE_MAXIMUM, ViolationMessage.aboveMaximum(constraints.maximumText))
        }
    }

    /** `minimum`, `maximum` of a decimal, exactly. */
    @JvmStatic
    fun decimal(value: BigDecimal, constraints: Constraints, parent: String, name: String, violations: Violations) {
        val minimum = constraints.minimum
        if (minimum != null && value < minimum) {
            violations.add(path(parent, name), ViolationCode.BELOW_MINIMUM, ViolationMessage.belowMinimum(constraints.minimumText))
        }
        val maximum = constraints.maximum
        if (maximum != null && value > maximum) {
            violations.add(path(parent, name), ViolationCode.ABOVE_MAXIMUM, ViolationMessage.aboveMaximum(constraints.maximumText))
        }
    }

    /** `minItems`, `maxItems` of an array of [count] items. */
    @JvmStatic
    fun count(count: Int, constraints: Constraints, parent: String, name: String, violations: Violations) {
        if (constraints.minItems >= 0 && count < constraints.minItems) {
            violations.add(path(parent, name), ViolationCode.TOO_FEW_ITEMS, ViolationMessage.tooFewItems(count.toString(), constraints.minItems.toString()))
        }
        if (constraints.maxItems >= 0 && count > constraints.maxItems) {
            violations.add(path(parent, name), ViolationCode.TOO_MANY_ITEMS, ViolationMessage.tooManyItems(count.toString(), constraints.maxItems.toString()))
        }
    }
}
