import TrackingCore

/// The Swift type a contract value becomes. Standard types are written
/// module-qualified (`Swift.String`), so a contract type named `String` or
/// `Date` cannot shadow them in generated code.
package indirect enum SwiftType: Sendable, Hashable {
    case string, int, double, decimal, bool, uuid, date
    case array(SwiftType)
    /// A generated type: a value set enum or an object struct.
    case named(String)

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
