import Foundation

/// The wire form of a double (docs/wire-format.md, "double"): the shortest
/// digits that read back as the same double, laid out as JavaScript's
/// `Number.prototype.toString` lays them out, plus `.0` on integral values
/// written without an exponent. Defined this way so that a JavaScript runtime
/// writes the same bytes with `String(x)` and one check, and any other runtime
/// can follow the rule from the text.
extension JSONWriter {
    /// Appends the wire form of a finite `value`.
    mutating func appendDouble(_ value: Double) {
        // Integral values below 2^53: their shortest digits are their integer digits.
        if value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero) {
            appendInteger(Int(value))
            appendStatic(".0")
            return
        }
        // Swift's `description` prints the shortest digits (closest to the
        // exact value among those); without an exponent it lays them out as
        // the rule does (`2.5`, `0.001`), so only exponent forms are redone.
        var text = value.description
        text.withUTF8 { utf8 in
            if utf8.contains(UInt8(ascii: "e")) {
                appendRelaidOut(utf8)
            } else {
                appendBytes(utf8)
            }
        }
    }

    /// Lays out the digits of Swift's exponent form (`-1.5e-07`) by the rule:
    /// with `0.d1…dk × 10^point`, integral up to 21 digits gets zeros and `.0`,
    /// `-6 < point <= 0` is `0.000ddd`, anything else `d1.d2…dke±(point-1)`.
    private mutating func appendRelaidOut(_ utf8: UnsafeBufferPointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var count = 0
            var integerDigits = 0
            var afterPoint = false
            var index = 0
            if utf8[0] == UInt8(ascii: "-") {
                appendByte(UInt8(ascii: "-"))
                index = 1
            }
            while utf8[index] != UInt8(ascii: "e") {
                let byte = utf8[index]
                if byte == UInt8(ascii: ".") {
                    afterPoint = true
                } else if count < 24 {
                    digits[count] = byte
                    count += 1
                    if !afterPoint { integerDigits += 1 }
                }
                index += 1
            }
            index += 1  // "e"
            let negativeExponent = utf8[index] == UInt8(ascii: "-")
            if utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: "+") { index += 1 }
            var exponent = 0
            while index < utf8.count {
                exponent = exponent * 10 + Int(utf8[index] - UInt8(ascii: "0"))
                index += 1
            }
            var point = integerDigits + (negativeExponent ? -exponent : exponent)
            // Leading and trailing zeros are not digits of `d1…dk`.
            var first = 0
            while first < count - 1, digits[first] == UInt8(ascii: "0") {
                first += 1
                point -= 1
            }
            while count - 1 > first, digits[count - 1] == UInt8(ascii: "0") { count -= 1 }
            let k = count - first
            func appendKept(_ range: Range<Int>) {
                for i in range { appendByte(digits[first + i]) }
            }
            if k <= point, point <= 21 {
                appendKept(0..<k)
                appendRepeating(UInt8(ascii: "0"), count: point - k)
                appendStatic(".0")
            } else if 0 < point, point <= 21 {
                appendKept(0..<point)
                appendByte(UInt8(ascii: "."))
                appendKept(point..<k)
            } else if -6 < point, point <= 0 {
                appendStatic("0.")
                appendRepeating(UInt8(ascii: "0"), count: -point)
                appendKept(0..<k)
            } else {
                appendKept(0..<1)
                if k > 1 {
                    appendByte(UInt8(ascii: "."))
                    appendKept(1..<k)
                }
                appendByte(UInt8(ascii: "e"))
                appendByte(point - 1 < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
                appendDigits(of: UInt((point - 1).magnitude))
            }
        }
    }
}

extension JSONWriter {
    /// A decimal's wire text (docs/wire-format.md, "decimal"), for the
    /// generator's documents that state bounds exactly.
    package static func wireText(decimal value: Decimal) -> String {
        var writer = JSONWriter(capacity: 48)
        writer.value(value)
        return writer.string
    }
}
