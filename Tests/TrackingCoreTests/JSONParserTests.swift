import Foundation
import PropertyBased
import Testing
import TrackingCore

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValueKeepingNumberTextAndMemberOrder() throws {
        let value = try JSONValue.parse(#" {"b": [1, -0.50, 2e10, true, false, null], "a": {"x": "y"}, "s": "\u00e9\ud83d\ude00\n\"\\\/"} "#)
        #expect(value == .object([
            (key: "b", value: .array([.number("1"), .number("-0.50"), .number("2e10"), .bool(true), .bool(false), .null])),
            (key: "a", value: .object([(key: "x", value: .string("y"))])),
            (key: "s", value: .string("é😀\n\"\\/")),
        ]))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"a", "\"\\x\"", "\"\\ud800\"", "{} {}", "{'a':1}", "\"tab\there\"", "[1 2]"])
    func rejectsWhatIsNotJSON(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func rejectsDeepNestingWithoutCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(Array([0x22, 0xFF, 0x22])) }
    }

    /// Whatever the writer writes, the parser reads back to the same value and bytes.
    @Test func writerOutputRoundTrips() async {
        let strings = Gen.character(in: "\u{0}"..."\u{2FF}").string(of: 0...20)
        await propertyCheck(count: 300, input: strings.array(of: 0...5), Gen.int(in: Int.min...Int.max), Gen.double(in: -1e300...1e300)) {
            texts, int, double in
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("texts"); writer.beginArray(); for t in texts { writer.value(t) }; writer.endArray()
            writer.key("int"); writer.value(int)
            writer.key("double"); writer.value(double)
            writer.endObject()
            let parsed = try? JSONValue.parse(writer.bytes)
            #expect(parsed?["texts"] == .array(texts.map(JSONValue.string)))
            #expect(parsed?["int"] == .number(String(int)))
            if case .number(let text)? = parsed?["double"] { #expect(Double(text) == double) } else { Issue.record("no double") }
            var again = JSONWriter()
            parsed?.write(to: &again)
            #expect(again.bytes == writer.bytes)
            #expect((try? JSONSerialization.jsonObject(with: Data(writer.bytes))) != nil)
        }
    }
}
