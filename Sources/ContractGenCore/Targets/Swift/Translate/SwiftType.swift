import TrackingCore

/// The Swift type a contract value becomes. Standard types are written
/// module-qualified (`Swift.String`), so a contract type named `String` or
/// `Date` cannot shadow them in generated code.
package indirect enum SwiftType: Sendable, Hashable {
    case string, int, double, decimal, bool, uuid, date
    case array(SwiftType)
    /// A generated type: a value set enum or an object struct.
    case named(String)

    /// The Swift target's hook for each scalar field type (``ScalarFieldType``).
    package init(_ scalar: ScalarFieldType) {
        switch scalar {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .double
        case .decimal: self = .decimal
        case .bool: self = .bool
        case .uuid: self = .uuid
        case .timestamp: self = .date
        }
    }

    /// The type as written in generated code.
    package var code: String {
        switch self {
        case .string: "Swift.String"
        case .int: "Swift.Int"
        case .double: "Swift.Double"
        case .decimal: "Foundation.Decimal"
        case .bool: "Swift.Bool"
        case .uuid: "Foundation.UUID"
        case .date: "Foundation.Date"
        case .array(let items): "[\(items.code)]"
        case .named(let name): name
        }
    }
}
