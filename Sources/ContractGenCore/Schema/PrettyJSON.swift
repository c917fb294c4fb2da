import TrackingCore

/// Prints a ``JSONValue`` indented by two spaces, members in their given
/// order, for files people review (schemas). Scalars go through
/// ``JSONWriter``, the one JSON escaper of the project.
package enum PrettyJSON {
    /// How a document is laid out and its strings escaped.
    package enum Style: Sendable {
        /// Files people review (schemas): arrays of scalars on one line (enums,
        /// required lists), strings as ``JSONWriter`` writes them.
        case reviewed
        /// Reports printed to a terminal or CI log (`status --format json`):
        /// one item per line, and strings through ``TerminalSafeText/json(_:)``,
        /// so a hostile name cannot move the cursor or reorder text.
        case terminalSafe
    }

    package static func text(_ value: JSONValue, style: Style = .reviewed) -> String {
        var out = ""
        append(value, indent: "", style: style, to: &out)
        return out + "\n"
    }

    private static func append(_ value: JSONValue, indent: String, style: Style, to out: inout String) {
        switch value {
        case .array(let items) where !items.isEmpty:
            if style == .reviewed, items.allSatisfy(\.isScalar) {
                out += "[" + items.map { scalar($0, style: style) }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                append(item, indent: indent + "  ", style: style, to: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members) where !members.isEmpty:
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += indent + "  " + scalar(.string(member.key), style: style) + ": "
                append(member.value, indent: indent + "  ", style: style, to: &out)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        default:
            out += scalar(value, style: style)
        }
    }

    /// One line, no spaces: for values shown inline (defaults).
    package static func compact(_ value: JSONValue) -> String { scalar(value, style: .reviewed) }

    private static func scalar(_ value: JSONValue, style: Style) -> String {
        if style == .terminalSafe, case .string(let text) = value {
            return String(decoding: TerminalSafeText.json(text), as: UTF8.self)
        }
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
