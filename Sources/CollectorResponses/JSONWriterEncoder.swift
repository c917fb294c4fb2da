import TrackingCore

/// An `Encoder` that writes straight into a ``JSONWriter``: a `Codable` shape's
/// synthesized `encode(to:)` is the one description of its members (their names
/// and their order), and this writes it as fast as a hand-written `JSONWriter`
/// sequence would, with no intermediate tree and no Foundation `JSONEncoder`.
///
/// The output is the writer's: members in the order `encode(to:)` writes them
/// (declaration order for synthesized conformances), `nil` optionals left out
/// (`encodeIfPresent`), strings escaped by `JSONWriter`'s rules. Two rules make
/// it deterministic where `Codable` is not:
/// - a `[String: Value]` dictionary is written with its keys in `String` order;
/// - ``RawJSON`` values (a stored payload) are copied in verbatim.
///
/// Streaming: a container is closed as soon as its owner writes again, so a value
/// must not write into a container after a later sibling began (no synthesized
/// conformance does). Super encoders are not supported.
public enum JSONWriterEncoding {
    /// `value`'s JSON text.
    public static func bytes<Value: Encodable>(_ value: Value, capacity: Int = 256) throws -> [UInt8] {
        let encoder = StreamingEncoder(writer: JSONWriter(capacity: capacity))
        try encoder.encodeValue(value)
        return encoder.writer.bytes
    }

    /// `value`'s JSON text cut around the value of its top-level member `member`:
    /// what comes before that value and what comes after it. For an answer whose
    /// list member is written row by row (a list of any length, in bounded memory):
    /// encode the shape with the list empty, send `before`, `[`, the rows, `]`, `after`.
    public static func split<Value: Encodable>(_ value: Value, aroundMember member: some CodingKey) throws
        -> (before: [UInt8], after: [UInt8]) {
        let encoder = StreamingEncoder(writer: JSONWriter())
        encoder.markedMember = member.stringValue
        try encoder.encodeValue(value)
        guard let range = encoder.markedRange else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [member], debugDescription: "\(Value.self) wrote no top-level member '\(member.stringValue)'"))
        }
        let bytes = encoder.writer.bytes
        return (Array(bytes[..<range.lowerBound]), Array(bytes[range.upperBound...]))
    }
}

/// A JSON value kept as its text: a stored payload, written verbatim by
/// ``JSONWriterEncoding`` and read back by ``JSONValueDecoding`` (as the
/// writer's form of what was read: the stored bytes, for payloads stored in
/// that form). Other encoders and decoders refuse it, since they would lose the
/// exact text (number digits, member order).
public struct RawJSON: Codable, Sendable, Hashable {
    /// Valid JSON text, one value.
    public var text: String

    public init(text: String) { self.text = text }

    /// The value parsed (for reading a member of a payload in a test or a tool).
    public var value: JSONValue {
        get throws { try JSONValue.parse(text) }
    }

    public func encode(to encoder: any Encoder) throws {
        guard let encoder = encoder as? StreamingEncoder else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "RawJSON is written by JSONWriterEncoding only"))
        }
        encoder.writer.rawValue(text.utf8)
    }

    public init(from decoder: any Decoder) throws {
        guard let decoder = decoder as? JSONValueDecoder else {
            throw DecodingError.typeMismatch(RawJSON.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "RawJSON is read by JSONValueDecoding only"))
        }
        text = String(decoding: decoder.value.encodedBytes, as: UTF8.self)
    }
}

/// A `[String: Value]` dictionary, which ``JSONWriterEncoding`` writes in key order.
protocol StringKeyedEncodable {
    func encodeSorted(to encoder: StreamingEncoder) throws
}

extension Dictionary: StringKeyedEncodable where Key == String, Value: Encodable {
    func encodeSorted(to encoder: StreamingEncoder) throws {
        encoder.writer.beginObject()
        for key in keys.sorted() {
            encoder.writer.key(key)
            try encoder.encodeValue(self[key]!)
        }
        encoder.writer.endObject()
    }
}

/// The encoder behind ``JSONWriterEncoding``. Containers are tracked as a stack:
/// a container writes after closing every container opened inside it since.
final class StreamingEncoder: Encoder {
    // Unchecked: one encoder is used by one call of `JSONWriterEncoding`, on one thread, and
    // no access to these overlaps another; the run-time check cost as much as the writing.
    @exclusivity(unchecked) var writer: JSONWriter
    /// Not tracked (it would cost an array per member); errors name the shape instead.
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The containers open, innermost last: `true` for an object.
    @exclusivity(unchecked) private var open: [Bool] = []
    /// The stack depth at which the value being encoded started: a container asked
    /// for beyond it is the one that value already opened.
    @exclusivity(unchecked) private var valueDepth = 0
    /// With ``JSONWriterEncoding/split(_:aroundMember:)``: the top-level member whose value's bytes are located.
    var markedMember: String?
    var markedRange: Range<Int>?

    init(writer: JSONWriter) {
        self.writer = writer
    }

    /// Writes one value and closes whatever containers it opened.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        // The common leaves first, without a container.
        if Value.self == String.self { return writer.value(value as! String) }
        if Value.self == Int.self { return writer.value(value as! Int) }
        if Value.self == Bool.self { return writer.value(value as! Bool) }
        if Value.self == RawJSON.self { return writer.rawValue((value as! RawJSON).text.utf8) }
        if let dictionary = value as? any StringKeyedEncodable { return try dictionary.encodeSorted(to: self) }
        let outer = valueDepth
        valueDepth = open.count
        defer { valueDepth = outer }
        let before = writer.bytes.count
        try value.encode(to: self)
        close(above: valueDepth)
        if writer.bytes.count == before {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "\(Value.self) encoded nothing"))
        }
    }

    /// Ends the containers deeper than `depth`.
    func close(above depth: Int) {
        while open.count > depth {
            if open.removeLast() { writer.endObject() } else { writer.endArray() }
        }
    }

    /// Opens a container at the top of the stack, returning its depth.
    func push(object: Bool) -> Int {
        if object { writer.beginObject() } else { writer.beginArray() }
        open.append(object)
        return open.count
    }

    /// The container a value asks for: opened once per value.
    private func containerDepth(object: Bool) -> Int {
        if open.count > valueDepth {
            precondition(open[valueDepth] == object, "a value asked for two kinds of containers")
            close(above: valueDepth + 1)
            return valueDepth + 1
        }
        return push(object: object)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ObjectContainer<Key>(encoder: self, depth: containerDepth(object: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ArrayContainer(encoder: self, depth: containerDepth(object: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ValueContainer(encoder: self, depth: open.count)
    }

    /// Before a member or item of the container at `depth`: ends any nested container.
    func prepare(depth: Int) {
        precondition(open.count >= depth, "a container was written to after it was closed")
        close(above: depth)
    }

    /// Writes a member's key and value, locating it when it is the marked one.
    func member(_ key: some CodingKey, depth: Int, _ write: () throws -> Void) rethrows {
        prepare(depth: depth)
        writer.key(key.stringValue)
        if depth == 1, let marked = markedMember, key.stringValue == marked {
            let start = writer.bytes.count
            try write()
            markedRange = start..<writer.bytes.count
        } else {
            try write()
        }
    }
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamingEncoder
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { encoder.member(key, depth: depth) { encoder.writer.null() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoder.member(key, depth: depth) { encoder.writer.value(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { encoder.member(key, depth: depth) { encoder.writer.value(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoder.member(key, depth: depth) { encoder.writer.value(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encode(Double(value), forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoder.member(key, depth: depth) { encoder.writer.value(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(value, forKey: key, asText: true) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encode(Int(value), forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encode(value, forKey: key, asText: true) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.member(key, depth: depth) { try encoder.encodeValue(value) }
    }

    /// An unsigned integer beyond `Int`'s range, written as its digits.
    private mutating func encode(_ value: some UnsignedInteger, forKey key: Key, asText: Bool) throws {
        encoder.member(key, depth: depth) { encoder.writer.rawValue(String(value).utf8) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        var nested = 0
        encoder.member(key, depth: depth) { nested = encoder.push(object: true) }
        return KeyedEncodingContainer(ObjectContainer<NestedKey>(encoder: encoder, depth: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        var nested = 0
        encoder.member(key, depth: depth) { nested = encoder.push(object: false) }
        return ArrayContainer(encoder: encoder, depth: nested)
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("JSONWriterEncoding does not support super encoders") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

private struct ArrayContainer: UnkeyedEncodingContainer {
    let encoder: StreamingEncoder
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(encoder: StreamingEncoder, depth: Int) {
        self.encoder = encoder
        self.depth = depth
    }

    /// Counts the next item and ends any container nested in the list since the last one.
    private mutating func item(_ write: (StreamingEncoder) throws -> Void) rethrows {
        count += 1
        let encoder = encoder
        encoder.prepare(depth: depth)
        try write(encoder)
    }

    mutating func encodeNil() throws { item { $0.writer.null() } }
    mutating func encode(_ value: Bool) throws { item { $0.writer.value(value) } }
    mutating func encode(_ value: String) throws { item { $0.writer.value(value) } }
    mutating func encode(_ value: Double) throws { item { $0.writer.value(value) } }
    mutating func encode(_ value: Float) throws { try encode(Double(value)) }
    mutating func encode(_ value: Int) throws { item { $0.writer.value(value) } }
    mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
    mutating func encode(_ value: Int64) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt) throws { item { $0.writer.rawValue(String(value).utf8) } }
    mutating func encode(_ value: UInt8) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt16) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt32) throws { try encode(Int(value)) }
    mutating func encode(_ value: UInt64) throws { item { $0.writer.rawValue(String(value).utf8) } }
    mutating func encode<T: Encodable>(_ value: T) throws { try item { try $0.encodeValue(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        var nested = 0
        item { nested = $0.push(object: true) }
        return KeyedEncodingContainer(ObjectContainer<NestedKey>(encoder: encoder, depth: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        var nested = 0
        item { nested = $0.push(object: false) }
        return ArrayContainer(encoder: encoder, depth: nested)
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("JSONWriterEncoding does not support super encoders") }
}

private struct ValueContainer: SingleValueEncodingContainer {
    let encoder: StreamingEncoder
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.writer.null() }
    mutating func encode(_ value: Bool) throws { encoder.writer.value(value) }
    mutating func encode(_ value: String) throws { encoder.writer.value(value) }
    mutating func encode(_ value: Double) throws { encoder.writer.value(value) }
    mutating func encode(_ value: Float) throws { encoder.writer.value(Double(value)) }
    mutating func encode(_ value: Int) throws { encoder.writer.value(value) }
    mutating func encode(_ value: Int8) throws { encoder.writer.value(Int(value)) }
    mutating func encode(_ value: Int16) throws { encoder.writer.value(Int(value)) }
    mutating func encode(_ value: Int32) throws { encoder.writer.value(Int(value)) }
    mutating func encode(_ value: Int64) throws { encoder.writer.value(Int(value)) }
    mutating func encode(_ value: UInt) throws { encoder.writer.rawValue(String(value).utf8) }
    mutating func encode(_ value: UInt8) throws { encoder.writer.value(Int(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.writer.value(Int(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.writer.value(Int(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.writer.rawValue(String(value).utf8) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
