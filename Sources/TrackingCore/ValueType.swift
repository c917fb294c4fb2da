/// The type of a field's value, as the contract language names it.
///
/// Shared by the generator (its contract model) and the runtime (its contract
/// descriptor), so both check values by the same rules.
public indirect enum ValueType: Sendable, Hashable {
    case string
    case int
    case double
    /// An exact decimal number (prices): encoded without binary rounding.
    case decimal
    case bool
    case uuid
    /// A point in time; on the wire ISO 8601 UTC with milliseconds.
    case timestamp
    /// A list whose items all follow `items`.
    case array(items: ValueSpec)
    /// A member of the named value set.
    case valueSet(String)
    /// A value of the named object type.
    case object(String)

    /// The name the contract language uses for this type.
    public var contractName: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .decimal: "decimal"
        case .bool: "bool"
        case .uuid: "uuid"
        case .timestamp: "timestamp"
        case .array: "array"
        case .valueSet(let name): name
        case .object(let name): name
        }
    }
}

/// A type together with the constraints on its values.
public struct ValueSpec: Sendable, Hashable {
    public var type: ValueType
    public var constraints: FieldConstraints

    public init(_ type: ValueType, _ constraints: FieldConstraints = FieldConstraints()) {
        self.type = type
        self.constraints = constraints
    }
}
