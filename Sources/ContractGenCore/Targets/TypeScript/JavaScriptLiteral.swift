import TrackingCore

/// JSON values as JavaScript source: strings in the wire's JSON form, with
/// every scalar that ``SourceText/mustEscape(_:)`` escaped as well (`\u202E`;
/// JSON leaves U+2028, U+2029, bidi controls and the like raw, but TypeScript
/// before 5.x and older engines end a line at U+2028, and an invisible or
/// reordering scalar must not hide in the source), object keys as strings,
/// except `__proto__`, which an object literal would take as its prototype: it
/// is written as the computed key `["__proto__"]`, an own property like any other.
enum JavaScriptLiteral {
    /// `text` as a string literal.
    static func string(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.value(text)
        let json = writer.string
        // The JSON writer escapes the ASCII controls below U+0020: only DEL and non-ASCII text are left to escape.
        guard json.utf8.contains(where: { $0 >= 0x7F }) else { return json }
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(json.unicodeScalars.count)
        for scalar in json.unicodeScalars {
            if SourceText.mustEscape(scalar) {
                SourceText.appendUTF16Escape(scalar, to: &escaped)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// `key` as an object literal's property key.
    static func key(_ key: String) -> String {
        key == "__proto__" ? "[\"__proto__\"]" : string(key)
    }

    /// `value` as an expression: objects one member a line down to `expandedDepth`, deeper ones on one line.
    static func append(_ value: JSONValue, indent: String, expandedDepth: Int, to out: inout [UInt8]) {
        switch value {
        case .object(let members) where !members.isEmpty && expandedDepth > 0:
            out.append(contentsOf: "{\n".utf8)
            let inner = indent + "    "
            for (index, member) in members.enumerated() {
                out.append(contentsOf: inner.utf8)
                out.append(contentsOf: key(member.key).utf8)
                out.append(contentsOf: ": ".utf8)
                append(member.value, indent: inner, expandedDepth: expandedDepth - 1, to: &out)
                out.append(contentsOf: (index == members.count - 1 ? "\n" : ",\n").utf8)
            }
            out.append(contentsOf: indent.utf8)
            out.append(UInt8(ascii: "}"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(contentsOf: ", ".utf8) }
                out.append(contentsOf: key(member.key).utf8)
                out.append(contentsOf: ": ".utf8)
                append(member.value, indent: indent, expandedDepth: 0, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(contentsOf: ", ".utf8) }
                append(item, indent: indent, expandedDepth: 0, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let text):
            out.append(contentsOf: string(text).utf8)
        case .number(let text):
            out.append(contentsOf: text.utf8)
        case .bool(let flag):
            out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        }
    }
}
