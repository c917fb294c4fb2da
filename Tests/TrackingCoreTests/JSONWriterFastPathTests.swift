import Foundation
import PropertyBased
import Testing
import TrackingCore

/// The writer's allocation-free paths write exactly what the obvious slow
/// forms would: `String(int)`, lowercased `uuidString`, `Decimal.description`,
/// and RFC 8259 escaping byte by byte.
@Suite struct JSONWriterFastPathTests {
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        body(&writer)
        return writer.string
    }

    @Test func stringsAreEscapedLikeTheReference() async {
        await propertyCheck(count: 500, input: Gen.character(in: "\u{0}"..."\u{7F}").string(of: 0...40), Gen.character(in: "\u{80}"..."\u{D7FF}").string(of: 0...5)) { ascii, other in
            let text = ascii + other + "😀" + ascii
            #expect(written { $0.value(text) } == Self.reference(text))
        }
    }

    @Test func integersMatchStringConversion() async {
        #expect(written { $0.value(Int.min) } == String(Int.min))
        #expect(written { $0.value(0) } == "0")
        await propertyCheck(count: 500, input: Gen.int(in: Int.min...Int.max)) { n in
            #expect(written { $0.value(n) } == String(n))
        }
    }

    @Test func uuidsAreCanonicalLowercase() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...1)) { _ in
            let uuid = UUID()
            #expect(written { $0.value(uuid) } == "\"" + uuid.uuidString.lowercased() + "\"")
            #expect(uuid.lowercasedString == uuid.uuidString.lowercased())
        }
    }

    @Test(arguments: ["0", "5", "-5", "19.99", "0.1", "-0.001", "1.50", "100", "1e30", "1e-30", "1234567890.0000000001",
                      "340282366920938463463374607431768211455", "-0", "0.000", "12.3456789e-3"])
    func decimalsMatchDescription(text: String) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(written { $0.value(value) } == value.description)
    }

    @Test func randomDecimalsMatchDescription() async {
        await propertyCheck(count: 500, input: Gen.int(in: Int.min...Int.max), Gen.int(in: -40...20)) { mantissa, exponent in
            let value = Decimal(sign: mantissa < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(mantissa.magnitude))
            #expect(written { $0.value(value) } == value.description)
        }
    }
}
