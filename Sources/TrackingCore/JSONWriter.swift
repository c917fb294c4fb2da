import Foundation

/// A small, allocation-light JSON writer used by generated encoders and the runtime.
///
/// It appends UTF-8 bytes to a buffer and tracks only whether a comma is due, so
/// encoding an event never goes through `JSONEncoder`, reflection or dictionaries.
/// Strings are escaped per RFC 8259; keys are written in the order the caller
/// writes them (generated code writes them in contract order, which is stable).
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    /// Whether the next value in the current container needs a leading comma.
    @usableFromInline var needsComma = false

    /// Creates an empty writer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The written bytes as a `String` (UTF-8).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The written bytes as `Data`.
    public var data: Data { Data(bytes) }

    // MARK: Containers

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key; the next write is its value.
    public mutating func key(_ name: String) {
        separate()
        writeEscaped(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a key given as its JSON text, quotes included (`"\"event\""`).
    /// For generated code: the generator escapes each key once, at generation
    /// time, so encoding an event copies bytes instead of escaping them again.
    @inlinable
    public mutating func rawKey(_ quotedJSON: StaticString) {
        if needsComma { appendByte(UInt8(ascii: ",")) }
        appendStatic(quotedJSON)
        appendByte(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a value given as its JSON text (`"\"Wishlist\""`, `true`).
    /// For generated code, like ``rawKey(_:)``.
    @inlinable
    public mutating func rawValue(_ json: StaticString) {
        if needsComma { appendByte(UInt8(ascii: ",")) }
        appendStatic(json)
        needsComma = true
    }

    /// Writes whole members given as their JSON text (`"\"event\":\"appBoot\",\"kind\":\"systemAction\""`)
    /// into the current object. For generated code: members fixed by the contract
    /// are encoded once, at generation time.
    @inlinable
    public mutating func rawMembers(_ json: StaticString) {
        if needsComma { appendByte(UInt8(ascii: ",")) }
        appendStatic(json)
        needsComma = true
    }

    /// Writes whole members already encoded (an event's, as its generated
    /// function encoded them) into the current object: the bytes go in as a
    /// pre-encoded value's do (`rawValue(_:)`), after a comma when one is due.
    public mutating func rawMembers(_ json: [UInt8]) {
        rawValue(json)
    }

    @usableFromInline
    mutating func appendByte(_ byte: UInt8) { bytes.append(byte) }

    @inline(__always)
    mutating func appendBytes(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

    @inline(__always)
    mutating func appendBytes(_ array: [UInt8]) { bytes.append(contentsOf: array) }

    @inline(__always)
    mutating func appendRepeating(_ byte: UInt8, count: Int) { bytes.append(contentsOf: repeatElement(byte, count: count)) }

    @inline(__always)
    mutating func setByte(at index: Int, _ byte: UInt8) { bytes[index] = byte }

    var byteCount: Int { bytes.count }

    @usableFromInline
    mutating func appendStatic(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends pre-encoded, valid JSON as one value (for example a nested event body).
    public mutating func rawValue(_ json: some Sequence<UInt8>) {
        separate()
        bytes.append(contentsOf: json)
        needsComma = true
    }

    // MARK: Scalars

    public mutating func null() { scalar("null") }

    public mutating func value(_ value: Bool) { scalar(value ? "true" : "false") }

    public mutating func value(_ value: Int) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    /// Writes a double in its wire form (docs/wire-format.md): the shortest
    /// digits that round-trip, laid out as JavaScript's `Number.prototype.toString`
    /// lays them out, with `.0` on integral values (`3.0`, `0.1`, `1e-7`, `1e+21`).
    /// Non-finite values have no JSON form and are written as `null`.
    public mutating func value(_ value: Double) {
        guard value.isFinite else { return null() }
        separate()
        appendDouble(value)
        needsComma = true
    }

    /// Writes a decimal exactly, as a JSON number with no binary rounding.
    public mutating func value(_ value: Decimal) {
        guard !value.isNaN else { return null() }
        separate()
        appendDecimal(value)
        needsComma = true
    }

    public mutating func value(_ value: String) {
        separate()
        writeEscaped(value)
        needsComma = true
    }

    /// Writes a UUID in its canonical lowercase form.
    public mutating func value(_ value: UUID) {
        separate()
        appendUUID(value)
        needsComma = true
    }

    /// Writes a timestamp as ISO 8601 UTC with milliseconds (`2026-11-22T12:00:00.000Z`).
    public mutating func timestamp(_ date: Date) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        ISO8601Timestamp.append(date, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    // MARK: Internals

    @inline(__always)
    mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    mutating func scalar(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    mutating func writeEscaped(_ text: String) {
        appendEscapedString(text)
    }
}
