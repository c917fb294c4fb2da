import Foundation

extension UUID {
    /// The canonical lowercase form, as `uuidString.lowercased()` gives it, without
    /// the two intermediate strings (on Linux `uuidString` formats through
    /// `sprintf`): the wire form of every event's uuid, made once per event.
    public var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            Self.writeLowercase(self, to: buffer.baseAddress!)
            return 36
        }
    }

    /// Writes the 36 bytes of the lowercase 8-4-4-4-12 form at `out`.
    @inline(__always)
    static func writeLowercase(_ uuid: UUID, to out: UnsafeMutablePointer<UInt8>) {
        withUnsafeBytes(of: uuid.uuid) { raw in
            var position = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    out[position] = UInt8(ascii: "-")
                    position += 1
                }
                let byte = raw[index]
                out[position] = lowercaseHex(byte >> 4)
                out[position + 1] = lowercaseHex(byte & 0x0F)
                position += 2
            }
        }
    }

    @inline(__always)
    private static func lowercaseHex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }
}
