import Foundation

/// The constraints a contract can put on a value. Which ones fit which type is
/// decided by the validator (`minLength` on strings, `minimum` on numbers,
/// `minItems` on arrays, and so on).
public struct FieldConstraints: Sendable, Hashable {
    /// Minimum length of a string, in `Character`s (see ``ConstraintRules``).
    public var minLength: Int?
    public var maxLength: Int?
    /// A pattern (the language of ``ContractRegex``) the whole string is searched with.
    public var pattern: String?
    /// Inclusive bounds for int, double and decimal values; exact.
    public var minimum: Decimal?
    public var maximum: Decimal?
    /// Bounds on the number of items of an array.
    public var minItems: Int?
    public var maxItems: Int?

    public init(
        minLength: Int? = nil, maxLength: Int? = nil, pattern: String? = nil,
        minimum: Decimal? = nil, maximum: Decimal? = nil,
        minItems: Int? = nil, maxItems: Int? = nil
    ) {
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.minimum = minimum
        self.maximum = maximum
        self.minItems = minItems
        self.maxItems = maxItems
    }

    /// True when no constraint is set.
    public var isEmpty: Bool { self == FieldConstraints() }
}
