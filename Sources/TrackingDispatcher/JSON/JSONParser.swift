import TrackingCore

/// A small strict JSON parser into `JSONValue` (object member order kept, numbers
/// kept as written). Used off the hot path: PII stripping, log redaction, the
/// collector's validation and its answers.
package enum JSONParser {
    package struct Failure: Error, CustomStringConvertible {
        package var offset: Int
        package var message: String
        package var description: String { "invalid JSON at byte \(offset): \(message)" }
    }

    package static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        var parser = Parser(bytes: Array(bytes))
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw Failure(offset: parser.index, message: "trailing bytes") }
        return value
    }

    package static func parse(_ text: String) throws(Failure) -> JSONValue { try parse(Array(text.utf8)) }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        func fail(_ message: String) -> Failure { Failure(offset: index, message: message) }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < 256 else { throw fail("nested too deeply") }
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: JSONValue)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                    index += 1
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw fail("unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    throw fail("expected ',' or '}'")
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw fail("unexpected end") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                    throw fail("expected ',' or ']'")
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default:
                return .number(try number())
            }
        }

        mutating func literal(_ word: String) throws(Failure) {
            let w = Array(word.utf8)
            guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else { throw fail("bad literal") }
            index += w.count
        }

        mutating func number() throws(Failure) -> String {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1; digits += 1 }
            guard digits > 0 else { throw fail("expected a value") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var fraction = 0
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1; fraction += 1 }
                guard fraction > 0 else { throw fail("bad number") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                var exponent = 0
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1; exponent += 1 }
                guard exponent > 0 else { throw fail("bad number") }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        mutating func string() throws(Failure) -> String {
            index += 1 // opening quote
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw fail("unexpected end") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            let low = try hex4()
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                        }
                        out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                    default: throw fail("bad escape")
                    }
                case 0x00..<0x20:
                    throw fail("control character in string")
                default:
                    out.append(byte)
                }
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count else { throw fail("bad \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                index += 1
                let digit: UInt32
                switch c {
                case 48...57: digit = UInt32(c - 48)
                case 65...70: digit = UInt32(c - 55)
                case 97...102: digit = UInt32(c - 87)
                default: throw fail("bad \\u escape")
                }
                value = value * 16 + digit
            }
            return value
        }
    }
}

extension JSONValue {
    /// The value encoded with `JSONWriter`.
    package var encodedBytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// The string payload, when this is a string.
    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The object's members, when this is an object.
    package var objectMembers: [(key: String, value: JSONValue)]? {
        if case .object(let m) = self { return m }
        return nil
    }
}
