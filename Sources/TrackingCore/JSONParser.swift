import Foundation

/// Why a text is not JSON: what was wrong and the byte offset where it was found.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset of the offending byte in the UTF-8 input.
    public var offset: Int
    public var message: String
    /// The text has more values than the `maxValues` the parse was given: it
    /// stopped at the first value past that limit (`offset` is where it starts),
    /// so the rest of the text was not read and may or may not be JSON.
    public var exceedsValueLimit: Bool

    public init(offset: Int, message: String, exceedsValueLimit: Bool = false) {
        self.offset = offset
        self.message = message
        self.exceedsValueLimit = exceedsValueLimit
    }

    public var description: String { "JSON error at byte \(offset): \(message)" }
}

extension JSONValue {
    /// Parses one JSON text (RFC 8259, strict: no comments, no trailing commas,
    /// no leading zeros, nothing after the value). Numbers keep their exact text;
    /// object members keep their order (duplicates kept too). Nesting deeper
    /// than `maxDepth` is an error rather than a stack overflow.
    ///
    /// `maxValues` bounds what the parse builds for a text from outside: every
    /// value counts once (each object, array, string, number, `true`, `false`
    /// and `null`, at any depth; a member's name goes with its value and is not
    /// counted), and the first value past the limit ends the parse, before it is
    /// built, with an error whose `exceedsValueLimit` is set. No limit by default.
    public static func parse(_ bytes: some Collection<UInt8>, maxDepth: Int = 512,
                             maxValues: Int = .max) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes), maxDepth: maxDepth, maxValues: maxValues)
        return try parser.parseDocument()
    }

    /// Parses a JSON object text like ``parse(_:maxDepth:maxValues:)`` and finds
    /// the text of each item of its array member `key` (the first member of that
    /// name, as the subscript reads it): the item's byte range in `bytes` when that
    /// text is exactly what ``write(to:)`` writes for the parsed item (no whitespace,
    /// no escape in a string), `nil` when it is not. So a receiver that keeps
    /// items in the writer's form copies the bytes it got instead of encoding
    /// every item again; `itemTexts` is empty when that member is missing or
    /// is not an array.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 512, maxValues: Int = .max,
                             itemTextsOf key: String) throws(JSONParseError) -> (value: JSONValue, itemTexts: [Range<Int>?]) {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, maxValues: maxValues)
        parser.itemTextsKey = key
        let value = try parser.parseDocument()
        return (value, parser.itemTexts)
    }

    /// Parses the UTF-8 form of `text`.
    public static func parse(_ text: String, maxDepth: Int = 512) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// A recursive-descent parser over UTF-8 bytes.
struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    /// Values left before the limit: one is taken per value, so the check
    /// costs one decrement and one branch on its sign.
    var valuesLeft: Int
    let maxValues: Int
    var index = 0
    var depth = 0
    /// The top-level member whose array items' texts are kept (`parse(_:itemTextsOf:)`).
    var itemTextsKey: String?
    var itemTexts: [Range<Int>?] = []
    /// Cleared when the text read since it was last set differs from the writer's
    /// form: whitespace skipped, or an escape in a string.
    var writerForm = true
    /// Set for each item of the kept array (`itemTextsKey`): items there are
    /// event payloads, whose objects are given the room of a top-level one.
    var payloadItem = false

    init(bytes: [UInt8], maxDepth: Int, maxValues: Int = .max) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.valuesLeft = max(maxValues, 0)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the value") }
        return value
    }

    func fail(_ message: String) -> JSONParseError { JSONParseError(offset: index, message: message) }

    /// Out of line: keeps the message's formatting off `parseValue`'s path.
    @inline(never)
    func valueLimitError() -> JSONParseError {
        JSONParseError(offset: index, message: "more than \(maxValues) values", exceedsValueLimit: true)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
                writerForm = false
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        // Never wraps: it starts at 0 or more and the parse ends at -1.
        valuesLeft &-= 1
        guard valuesLeft >= 0 else { throw valueLimitError() }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: count)
        for i in 0..<count where bytes[index + i] != expected[i] { throw fail("invalid literal") }
        index += count
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        let isPayload = depth == 1 || payloadItem
        payloadItem = false
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        // An event payload has a dozen members or more: skip the first regrowths
        // (not for `{}`, which then takes no memory beyond its slot).
        members.reserveCapacity(isPayload ? 16 : 4)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            let value: JSONValue
            if depth == 1, let wanted = itemTextsKey, key == wanted {
                itemTextsKey = nil  // the first member of that name only
                let isArray = index < bytes.count && bytes[index] == UInt8(ascii: "[")
                value = try isArray ? parseArray(keepingItemTexts: true) : parseValue()
            } else {
                value = try parseValue()
            }
            members.append((key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    /// `keepingItemTexts`: appends each item's range (or `nil`) to `itemTexts`.
    mutating func parseArray(keepingItemTexts: Bool = false) throws(JSONParseError) -> JSONValue {
        if keepingItemTexts {
            // What `parseValue` does for a value before parsing it.
            valuesLeft &-= 1
            guard valuesLeft >= 0 else { throw valueLimitError() }
        }
        try enter()
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        // One allocation for short lists instead of three regrowths.
        items.reserveCapacity(4)
        while true {
            skipWhitespace()
            if keepingItemTexts {
                writerForm = true
                payloadItem = true
                let start = index
                items.append(try parseValue())
                payloadItem = false
                itemTexts.append(writerForm ? start..<index : nil)
            } else {
                items.append(try parseValue())
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']'")
        }
        depth -= 1
        return .array(items)
    }

    mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail("leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        let start = index
        var runStart = index
        // Most strings are plain ASCII without escapes: made straight from the
        // bytes, without validating and re-appending them scalar by scalar.
        var plainASCII = true
        func flush(_ parser: JSONParser, _ end: Int, into scalars: inout String.UnicodeScalarView) throws(JSONParseError) {
            guard runStart < end else { return }
            guard let run = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                throw JSONParseError(offset: runStart, message: "invalid UTF-8 in a string")
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while true {
            // The run of bytes that need nothing done (no quote, backslash or control
            // character) in a tight loop, without a bounds check per byte.
            let from = index
            index = bytes.withUnsafeBufferPointer { buffer in
                var offset = from
                while offset < buffer.count {
                    let byte = buffer[offset]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    if byte >= 0x80 { plainASCII = false }
                    offset += 1
                }
                return offset
            }
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if plainASCII, runStart == start {
                    let text = bytes.withUnsafeBufferPointer { buffer in
                        String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
                    }
                    index += 1
                    return text
                }
                try flush(self, index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("control character in a string") }
            // A backslash: what the run above stopped at is a quote, a control character or this.
            writerForm = false
            try flush(self, index, into: &scalars)
            index += 1
            guard index < bytes.count else { throw fail("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let first = try hex4()
                if (0xD800..<0xDC00).contains(first) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate")
                    }
                    index += 2
                    let second = try hex4()
                    guard (0xDC00..<0xE000).contains(second) else { throw fail("unpaired surrogate") }
                    let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    scalars.append(Unicode.Scalar(value)!)
                } else {
                    guard let scalar = Unicode.Scalar(first) else { throw fail("unpaired surrogate") }
                    scalars.append(scalar)
                }
            default:
                throw fail("invalid escape")
            }
            runStart = index
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case 0x30...0x39: digit = UInt32(b - 0x30)
            case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
            default: throw fail("expected four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
