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
            appendBytes([UInt8(ascii: "."), UInt8(ascii: "0")])
            return
        }
        appendBytes(Array(Self.wireText(finite: value).utf8))
    }

    /// The wire form of a finite `value`, through the general rule.
    static func wireText(finite value: Double) -> String {
        let (digits, point) = ShortestDigits.of(value.magnitude)
        var text = value.sign == .minus && value != 0 ? "-" : ""
        let count = digits.count
        if count <= point, point <= 21 {
            // Integral: all digits, zeros up to the point, then ".0".
            text += digits + String(repeating: "0", count: point - count) + ".0"
        } else if 0 < point, point <= 21 {
            text += digits.prefix(point) + "." + digits.dropFirst(point)
        } else if -6 < point, point <= 0 {
            text += "0." + String(repeating: "0", count: -point) + digits
        } else {
            let exponent = point - 1
            text += digits.prefix(1)
            if count > 1 { text += "." + digits.dropFirst() }
            text += exponent < 0 ? "e-" : "e+"
            text += String(exponent.magnitude)
        }
        return text
    }
}

/// The shortest decimal digits that identify a double, and where the decimal
/// point goes: `value == 0.d1d2…dk × 10^point`, `d1` not zero, `dk` not zero,
/// `k` as small as possible and, among those, the digits closest to the exact
/// value (what JavaScript's `Number.prototype.toString` specifies). Swift's
/// `description` prints exactly those digits; this reads them back out of it.
enum ShortestDigits {
    static func of(_ magnitude: Double) -> (digits: String, point: Int) {
        if magnitude == 0 { return ("0", 1) }
        let text = magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...])!
        }
        let integerPart: Substring
        let fractionPart: Substring
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fractionPart = mantissa[mantissa.index(after: dot)...]
        } else {
            integerPart = mantissa
            fractionPart = ""
        }
        var digits = Substring(integerPart + fractionPart)
        var point = integerPart.count + exponent
        while digits.first == "0" {
            digits = digits.dropFirst()
            point -= 1
        }
        while digits.last == "0" { digits = digits.dropLast() }
        return (String(digits), point)
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
