import Foundation

/// The contract's constraint rules, written once. Generated validators call
/// these with typed values; the runtime descriptor check and the generator's
/// check of defaults call them too, so every stage applies the same rules.
///
/// String lengths count Unicode scalars (code points), as patterns read them: a
/// count every language computes alike, where grapheme clusters depend on each
/// platform's Unicode tables (docs/wire-format.md, "Constraints").
///
/// A violation's message never quotes the value (it may be personal data):
/// it names the rule and the contract's bound, and the path says where.
public enum ConstraintRules {
    /// Length, pattern.
    public static func check(string value: String, _ c: FieldConstraints, path: String, into violations: inout [Violation]) {
        check(string: value, c, path: { path }, into: &violations)
    }

    /// As above; `path` is called only to report a violation.
    static func check(string value: String, _ c: FieldConstraints, path: () -> String, into violations: inout [Violation]) {
        if c.minLength != nil || c.maxLength != nil {
            let length = value.unicodeScalars.count
            if let min = c.minLength, length < min {
                violations.append(Violation(path: path(), code: .tooShort, message: ViolationMessage.tooShort(length: String(length), minLength: String(min))))
            }
            if let max = c.maxLength, length > max {
                violations.append(Violation(path: path(), code: .tooLong, message: ViolationMessage.tooLong(length: String(length), maxLength: String(max))))
            }
        }
        if let pattern = c.pattern, !ContractRegex.matches(value, pattern: pattern) {
            violations.append(Violation(path: path(), code: .patternMismatch, message: ViolationMessage.patternMismatch(pattern: pattern)))
        }
    }

    /// Minimum, maximum for `int`.
    public static func check(int value: Int, _ c: FieldConstraints, path: String, into violations: inout [Violation]) {
        check(int: value, c, path: { path }, into: &violations)
    }

    /// As above; `path` is called only to report a violation.
    static func check(int value: Int, _ c: FieldConstraints, path: () -> String, into violations: inout [Violation]) {
        guard c.minimum != nil || c.maximum != nil else { return }
        check(number: Decimal(value), c, path: path, into: &violations)
    }

    /// Minimum, maximum for `double`.
    public static func check(double value: Double, _ c: FieldConstraints, path: String, into violations: inout [Violation]) {
        check(double: value, c, path: { path }, into: &violations)
    }

    /// As above; `path` is called only to report a violation.
    static func check(double value: Double, _ c: FieldConstraints, path: () -> String, into violations: inout [Violation]) {
        guard value.isFinite else {
            violations.append(Violation(path: path(), code: .badFormat, message: ViolationMessage.badFormat(format: RuntimeConstants.Format.finiteNumber)))
            return
        }
        guard c.minimum != nil || c.maximum != nil else { return }
        // Compare as Double so that a bound like 0.1 means what it says for doubles.
        if let min = c.minimum, value < NSDecimalNumber(decimal: min).doubleValue {
            violations.append(Violation(path: path(), code: .belowMinimum, message: ViolationMessage.belowMinimum(minimum: JSONWriter.wireText(decimal: min))))
        }
        if let max = c.maximum, value > NSDecimalNumber(decimal: max).doubleValue {
            violations.append(Violation(path: path(), code: .aboveMaximum, message: ViolationMessage.aboveMaximum(maximum: JSONWriter.wireText(decimal: max))))
        }
    }

    /// Minimum, maximum for `decimal` (exact).
    public static func check(decimal value: Decimal, _ c: FieldConstraints, path: String, into violations: inout [Violation]) {
        check(decimal: value, c, path: { path }, into: &violations)
    }

    /// As above; `path` is called only to report a violation.
    static func check(decimal value: Decimal, _ c: FieldConstraints, path: () -> String, into violations: inout [Violation]) {
        guard value.isFinite else {
            violations.append(Violation(path: path(), code: .badFormat, message: ViolationMessage.badFormat(format: RuntimeConstants.Format.finiteNumber)))
            return
        }
        check(number: value, c, path: path, into: &violations)
    }

    /// minItems, maxItems for arrays.
    public static func check(count: Int, _ c: FieldConstraints, path: String, into violations: inout [Violation]) {
        check(count: count, c, path: { path }, into: &violations)
    }

    /// As above; `path` is called only to report a violation.
    static func check(count: Int, _ c: FieldConstraints, path: () -> String, into violations: inout [Violation]) {
        if let min = c.minItems, count < min {
            violations.append(Violation(path: path(), code: .tooFewItems, message: ViolationMessage.tooFewItems(count: String(count), minItems: String(min))))
        }
        if let max = c.maxItems, count > max {
            violations.append(Violation(path: path(), code: .tooManyItems, message: ViolationMessage.tooManyItems(count: String(count), maxItems: String(max))))
        }
    }

    private static func check(number: Decimal, _ c: FieldConstraints, path: () -> String, into violations: inout [Violation]) {
        if let min = c.minimum, number < min {
            violations.append(Violation(path: path(), code: .belowMinimum, message: ViolationMessage.belowMinimum(minimum: JSONWriter.wireText(decimal: min))))
        }
        if let max = c.maximum, number > max {
            violations.append(Violation(path: path(), code: .aboveMaximum, message: ViolationMessage.aboveMaximum(maximum: JSONWriter.wireText(decimal: max))))
        }
    }
}
