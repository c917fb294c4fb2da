import Foundation

/// Allocation-free formatting of the values events carry most: strings with
/// nothing to escape, integers, UUIDs and decimals. Each produces exactly the
/// bytes of the obvious slow form (`String(int)`, lowercased `uuidString`,
/// `Decimal.description`).
extension JSONWriter {
    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string. Runs without anything to escape are
    /// copied in one go.
    mutating func appendEscapedString(_ text: String) {
        appendByte(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscape(byte)
                runStart = index + 1
            }
            if runStart < utf8.count { appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count])) }
        }
        appendByte(UInt8(ascii: "\""))
    }

    mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): appendStatic("\\\"")
        case UInt8(ascii: "\\"): appendStatic("\\\\")
        case 0x0A: appendStatic("\\n")
        case 0x0D: appendStatic("\\r")
        case 0x09: appendStatic("\\t")
        case 0x08: appendStatic("\\b")
        case 0x0C: appendStatic("\\f")
        default:
            // Other control characters: \u00XX.
            appendStatic("\\u00")
            appendByte(Self.hexDigits[Int(byte >> 4)])
            appendByte(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    /// Appends the decimal digits of `value` (what `String(value)` gives).
    mutating func appendInteger(_ value: Int) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        appendDigits(of: value.magnitude)
    }

    mutating func appendDigits(of magnitude: UInt) {
        var count = 1
        var rest = magnitude / 10
        while rest > 0 { count += 1; rest /= 10 }
        let end = byteCount + count
        appendRepeating(0, count: count)
        var index = end - 1
        var n = magnitude
        repeat {
            setByte(at: index, UInt8(48 + n % 10))
            n /= 10
            index -= 1
        } while n > 0
    }

    /// Appends the canonical lowercase form of `uuid` (8-4-4-4-12), quoted.
    mutating func appendUUID(_ uuid: UUID) {
        // Formatted on the stack and appended at once: one capacity check, not 38.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 38) { out in
            out[0] = UInt8(ascii: "\"")
            UUID.writeLowercase(uuid, to: out.baseAddress! + 1)
            out[37] = UInt8(ascii: "\"")
            appendBytes(UnsafeBufferPointer(out))
        }
    }

    /// Appends a finite decimal exactly, as `Decimal.description` writes it.
    mutating func appendDecimal(_ value: Decimal) {
        if DecimalLayout.isKnown, let parts = DecimalLayout.parts(of: value) {
            appendDecimal(parts)
        } else {
            appendBytes(Array(value.description.utf8))
        }
    }

    mutating func appendDecimal(_ parts: DecimalLayout.Parts) {
        var parts = parts
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            // Mantissa digits, least significant first.
            var count = 0
            withUnsafeMutableBytes(of: &parts.mantissa) { raw in
                let words = raw.bindMemory(to: UInt16.self)
                var highest = words.count - 1
                while highest >= 0, words[highest] == 0 { highest -= 1 }
                while highest >= 0 {
                    var remainder: UInt32 = 0
                    for i in stride(from: highest, through: 0, by: -1) {
                        let current = remainder << 16 | UInt32(words[i])
                        words[i] = UInt16(current / 10)
                        remainder = current % 10
                    }
                    digits[count] = UInt8(48 + remainder)
                    count += 1
                    while highest >= 0, words[highest] == 0 { highest -= 1 }
                }
            }
            if count == 0 {
                appendByte(UInt8(ascii: "0"))
                return
            }
            var exponent = parts.exponent
            var first = 0  // index of the least significant digit kept
            while exponent < 0, first < count - 1, digits[first] == UInt8(ascii: "0") {
                first += 1
                exponent += 1
            }
            if exponent < 0, first == count - 1, digits[first] == UInt8(ascii: "0") {
                appendByte(UInt8(ascii: "0"))
                return
            }
            if parts.isNegative { appendByte(UInt8(ascii: "-")) }
            let kept = count - first
            if exponent >= 0 {
                for i in stride(from: count - 1, through: first, by: -1) { appendByte(digits[i]) }
                appendRepeating(UInt8(ascii: "0"), count: exponent)
            } else if kept > -exponent {
                let integerDigits = kept + exponent
                for (n, i) in stride(from: count - 1, through: first, by: -1).enumerated() {
                    if n == integerDigits { appendByte(UInt8(ascii: ".")) }
                    appendByte(digits[i])
                }
            } else {
                appendByte(UInt8(ascii: "0"))
                appendByte(UInt8(ascii: "."))
                appendRepeating(UInt8(ascii: "0"), count: -exponent - kept)
                for i in stride(from: count - 1, through: first, by: -1) { appendByte(digits[i]) }
            }
        }
    }
}

/// Reads a `Decimal`'s mantissa from its memory (eight little-endian 16-bit
/// words after a 4-byte header, the `NSDecimal` layout, on every platform),
/// because Foundation keeps the field internal on Linux; sign and exponent come
/// from public API. Trusted only after a
/// self-check against `Decimal.description`; otherwise the writer uses
/// `description`.
enum DecimalLayout {
    struct Parts {
        var exponent: Int
        var isNegative: Bool
        var mantissa: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16)
    }

    static func parts(of value: Decimal) -> Parts? {
        guard MemoryLayout<Decimal>.size == 20, !value.isNaN else { return nil }
        return withUnsafeBytes(of: value) { raw -> Parts in
            func word(_ i: Int) -> UInt16 { UInt16(raw[4 + 2 * i]) | UInt16(raw[5 + 2 * i]) << 8 }
            return Parts(
                exponent: value.exponent,
                isNegative: value.sign == .minus,
                mantissa: (word(0), word(1), word(2), word(3), word(4), word(5), word(6), word(7))
            )
        }
    }

    /// Whether reading the layout reproduces `description` for telling samples.
    static let isKnown: Bool = {
        guard MemoryLayout<Decimal>.size == 20, UInt16(littleEndian: 1) == 1 else { return false }
        let samples = ["0", "5", "5000", "19.99", "-0.001", "1.50", "-1234567890.0000000001", "1e30", "1e-30",
                       "340282366920938463463374607431768211455", "0.000"]
        for text in samples {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                  let parts = parts(of: value) else { return false }
            var writer = JSONWriter(capacity: 64)
            writer.appendDecimal(parts)
            if writer.string != value.description { return false }
        }
        return true
    }()
}
