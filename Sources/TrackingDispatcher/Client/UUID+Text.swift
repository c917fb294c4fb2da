import Foundation

extension UUID {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

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
                    buffer[out] = Self.hexDigits[Int(byte >> 4)]
                    buffer[out + 1] = Self.hexDigits[Int(byte & 0x0F)]
                    out += 2
                }
            }
            return 36
        }
    }
}
