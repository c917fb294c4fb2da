import TrackingCore

/// Prints a ``JSONValue`` indented by two spaces, members in their given
/// order, for files people review (schemas). Scalars go through
/// ``JSONWriter``, the one JSON escaper of the project.
package enum PrettyJSON {
    package static func text(_ value: JSONValue) -> String {
        var out = ""
        append(value, indent: "", to: &out)
        return out + "\n"
    }

    private static func append(_ value: JSONValue, indent: String, to out: inout String) {
        switch value {
        case .array(let items) where !items.isEmpty:
            // Arrays of scalars stay on one line (enums, required lists).
            if items.allSatisfy(\.isScalar) {
                out += "[" + items.map(scalar).joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                append(item, indent: indent + "  ", to: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += indent + "  " + scalar(.string(member.key)) + ": "
                append(member.value, indent: indent + "  ", to: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            out += scalar(value)
        }
    }

    /// One line, no spaces: for values shown inline (defaults).
    package static func compact(_ value: JSONValue) -> String { scalar(value) }

    private static func scalar(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        value.write(to: &writer)
        return writer.string
    }
}

extension JSONValue {
    var isScalar: Bool {
        switch self {
        case .array(let items): items.isEmpty
        case .object(let members): members.isEmpty
        default: true
        }
    }
}
