import Foundation
import Testing
import TrackingCore

/// The double rule of docs/wire-format.md, checked against texts JavaScript
/// computed (`Conformance/doubles.json`): the file every runtime's writer is
/// held to.
@Suite struct JSONWriterDoubleTests {
    static let doublesFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/doubles.json")

    static func wire(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return writer.string
    }

    @Test func everyDoubleOfTheSharedFileIsWrittenAsJavaScriptWritesIt() throws {
        let data = try Data(contentsOf: Self.doublesFile)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(root["doubles"] as? [[String: String]])
        #expect(entries.count > 3000)
        for entry in entries {
            let bitsText = try #require(entry["bits"])
            let wireText = try #require(entry["wire"])
            let value = Double(bitPattern: try #require(UInt64(bitsText, radix: 16)))
            #expect(Self.wire(value) == wireText, "bits \(bitsText)")
            #expect(Double(wireText) == value)  // -0.0 == 0.0: the sign of zero is not kept
        }
    }

    @Test func theRuleAtItsEdges() {
        #expect(Self.wire(3) == "3.0")
        #expect(Self.wire(-0.0) == "0.0")
        #expect(Self.wire(0.1) == "0.1")
        #expect(Self.wire(1e-7) == "1e-7")
        #expect(Self.wire(1.5e-7) == "1.5e-7")
        #expect(Self.wire(0.000001) == "0.000001")
        #expect(Self.wire(1e21) == "1e+21")
        #expect(Self.wire(-1e21) == "-1e+21")
        #expect(Self.wire(1e20) == "100000000000000000000.0")
        #expect(Self.wire(2e23) == "2e+23")
        #expect(Self.wire(.leastNonzeroMagnitude) == "5e-324")
        #expect(Self.wire(-2.5) == "-2.5")
        #expect(Self.wire(.nan) == "null")
        #expect(Self.wire(-.infinity) == "null")
    }

    @Test func randomDoublesReadBackExactly() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: state)
            guard value.isFinite else { continue }
            let text = Self.wire(value)
            #expect(Double(text) == value, "\(text)")
        }
    }
}

/// The timestamp rule of docs/wire-format.md at its edges.
@Suite struct WireTimestampTests {
    static func wire(_ seconds: Double) -> String { ISO8601Timestamp.string(from: Date(timeIntervalSince1970: seconds)) }

    @Test func millisecondsAreRoundedDownEvenBefore1970() {
        #expect(Self.wire(0.0019) == "1970-01-01T00:00:00.001Z")
        #expect(Self.wire(-0.0005) == "1969-12-31T23:59:59.999Z")
        #expect(Self.wire(-0.001) == "1969-12-31T23:59:59.999Z")
        #expect(Self.wire(951_782_400) == "2000-02-29T00:00:00.000Z")
    }

    @Test func datesOutsideTheYears0000To9999AreClampedToThem() {
        #expect(Self.wire(-62_167_219_200) == "0000-01-01T00:00:00.000Z")
        #expect(Self.wire(-62_167_219_201) == "0000-01-01T00:00:00.000Z")
        #expect(Self.wire(253_402_300_799.9995) == "9999-12-31T23:59:59.999Z")
        #expect(Self.wire(253_402_300_800) == "9999-12-31T23:59:59.999Z")
        #expect(Self.wire(1e300) == "9999-12-31T23:59:59.999Z")
        #expect(Self.wire(-.infinity) == "0000-01-01T00:00:00.000Z")
        #expect(Self.wire(.nan) == "0000-01-01T00:00:00.000Z")
    }
}
