import Foundation

extension UUID {
    /// The canonical lowercase form (`uuidString.lowercased()`) without the two
    /// intermediate strings (on Linux `uuidString` formats through `sprintf`):
    /// the worker makes one per event.
    var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            withUnsafeBytes(of: uuid) { raw in
                var out = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    buffer[out] = Self.lowercaseHex(byte >> 4)
                    buffer[out + 1] = Self.lowercaseHex(byte & 0x0F)
                    out += 2
                }
            }
            return 36
        }
    }

    @inline(__always)
    private static func lowercaseHex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
}
