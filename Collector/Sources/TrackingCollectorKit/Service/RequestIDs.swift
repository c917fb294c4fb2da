import Foundation

/// Request ids for batches sent without `X-Request-ID`: uuid text, unique in this
/// process (a counter) and across processes (a random start). `UUID()` reads
/// `/dev/urandom` on Linux, an open, a read and a close for every batch.
final class RequestIDs: Sendable {
    private let high: UInt64
    private let next: Locked<UInt64>

    init() {
        var generator = SystemRandomNumberGenerator()
        high = generator.next()
        next = Locked(generator.next())
    }

    /// The next id, in `UUID().uuidString`'s form (uppercase `8-4-4-4-12` hex digits).
    func make() -> String {
        let low = next.update { value -> UInt64 in
            defer { value &+= 1 }
            return value
        }
        return Self.text(high: high, low: low)
    }

    static func text(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for digit in 0..<32 {
                if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
                    buffer[position] = UInt8(ascii: "-")
                    position += 1
                }
                let word = digit < 16 ? high : low
                let nibble = UInt8(truncatingIfNeeded: word >> UInt64(60 - digit % 16 * 4)) & 0xF
                buffer[position] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
                position += 1
            }
            return position
        }
    }
}
