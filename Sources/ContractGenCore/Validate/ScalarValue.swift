import Foundation

/// A scalar read by the YAML 1.2 core schema: a plain `true` is a bool, a plain
/// `42` an integer, a plain `1.5` a number, `null`/`~`/nothing is null; quoted
/// text is always a string.
enum ScalarValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A finite number, exact; also integers too large for `Int`.
    case number(Decimal)
    /// `.inf`, `-.inf`, `.nan`.
    case nonFinite(String)
    case string(String)

    /// What a person calls this kind of value, for messages ("found an integer").
    var kindName: String {
        switch self {
        case .null: "nothing (null)"
        case .bool: "a bool"
        case .integer: "an integer"
        case .number: "a number"
        case .nonFinite: "a non-finite number"
        case .string: "a string"
        }
    }

    /// Resolves `text` written in `style`.
    static func resolve(_ text: String, style: Node.ScalarStyle) -> ScalarValue {
        guard style == .plain else { return .string(text) }
        // Most scalars are names: letters other than the first letters of the
        // special words cannot be anything but a string.
        if let first = text.utf8.first, isPlainStringStart(first) { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            return .nonFinite(text)
        default: break
        }
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
            || first == UInt8(ascii: ".") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else { return .string(text) }
        if let integer = integer(text) { return integer }
        if isFloat(text), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) {
            return .number(decimal)
        }
        return .string(text)
    }

    /// Whether a plain scalar starting with `byte` is a string whatever follows:
    /// not a digit, sign, dot, `~`, or the first letter of null/true/false.
    private static func isPlainStringStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "~"),
            UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            false
        default: true
        }
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`.
    private static func integer(_ text: String) -> ScalarValue? {
        if text.hasPrefix("0x"), text.count > 2 {
            return Int(text.dropFirst(2), radix: 16).map(ScalarValue.integer)
        }
        if text.hasPrefix("0o"), text.count > 2 {
            return Int(text.dropFirst(2), radix: 8).map(ScalarValue.integer)
        }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        if let value = Int(text.first == "+" ? String(text.dropFirst()) : text) { return .integer(value) }
        // Too large for Int: still a number.
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(ScalarValue.number)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var mantissaDigits = 0
        while i < bytes.count, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0 else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
            var exponentDigits = 0
            while i < bytes.count, isDigit(bytes[i]) { i += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { return false }
        }
        return i == bytes.count
    }
}

extension Node {
    /// The scalar read by the core schema, or `nil` for collections.
    var scalarValue: ScalarValue? {
        if case .scalar(let text, let style) = value { return ScalarValue.resolve(text, style: style) }
        return nil
    }

    /// What a person calls this node's kind, for messages.
    var kindName: String {
        switch value {
        case .scalar: scalarValue?.kindName ?? "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// True for `{}`.
    var isEmptyMapping: Bool {
        if case .mapping(let pairs) = value { return pairs.isEmpty }
        return false
    }

    /// True for a plain null scalar (`key:` with nothing after it, `~`, `null`).
    var isNull: Bool {
        guard case .scalar(let text, .plain) = value else { return false }
        if text.isEmpty { return true }
        guard text.utf8.count <= 4 else { return false }
        return text == "~" || text == "null" || text == "Null" || text == "NULL"
    }
}
