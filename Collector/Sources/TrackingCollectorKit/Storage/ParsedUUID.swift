import Foundation

/// A uuid's 128 bits, from exactly the texts `Foundation.UUID(uuidString:)` accepts:
/// the canonical form (`8-4-4-4-12` hex digits, either case) read here, without the C
/// string scanning Foundation does on Linux, and anything else that scanning accepts
/// (a space or `+` inside a group) read by Foundation. The envelope check and the key
/// of SQLite's in-memory uuid index.
struct ParsedUUID: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    /// `nil` when `UUID(uuidString: text)` is `nil`.
    init?(_ text: String) {
        var canonical = text
        if let parsed = canonical.withUTF8({ Self.parse($0) }) {
            self = parsed
        } else if let uuid = UUID(uuidString: text) {
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            self.init(high: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) },
                      low: bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) })
        } else {
            return nil
        }
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The canonical form: exactly 36 bytes, hex digits with `-` at 8, 13, 18 and 23.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ParsedUUID? {
        guard bytes.count == 36, bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
              bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-") else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        // Or-ed together: a byte that is no hex digit sets the high bit (`hexValues`).
        var invalid: UInt8 = 0
        let values = hexValues
        for index in 0..<36 where index != 8 && index != 13 && index != 18 && index != 23 {
            let digit = values[Int(bytes[index])]
            invalid |= digit
            if index < 18 { high = high << 4 | UInt64(digit & 0xF) } else { low = low << 4 | UInt64(digit & 0xF) }
        }
        return invalid & 0x80 == 0 ? ParsedUUID(high: high, low: low) : nil
    }

    /// Each byte's value as a hex digit, 0x80 for a byte that is none.
    private static let hexValues: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
        default: 0x80
        }
    }
}
