import CollectorResponses
import Foundation
import Testing
import TrackingCore

/// `JSONWriterEncoding` and `JSONValueDecoding` (module CollectorResponses), the two
/// halves every answer shape goes through, on what the shapes do not exercise.
@Suite("JSONWriterEncoding and JSONValueDecoding")
struct JSONWriterEncodingTests {
    /// Writes nested containers by hand, going back to the outer one between them.
    struct Nested: Encodable {
        enum Keys: String, CodingKey { case a, inner, list, b, nothing }
        enum InnerKeys: String, CodingKey { case x }

        func encode(to encoder: any Encoder) throws {
            var outer = encoder.container(keyedBy: Keys.self)
            var inner = outer.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
            try inner.encode(1, forKey: .x)
            var list = outer.nestedUnkeyedContainer(forKey: .list)
            try list.encode("s")
            var item = list.nestedContainer(keyedBy: InnerKeys.self)
            try item.encode(true, forKey: .x)
            try list.encode(UInt64.max)
            try outer.encode(2.5, forKey: .b)
            try outer.encodeNil(forKey: .nothing)
        }
    }

    struct WithOptionals: Codable, Equatable {
        var present: String?
        var absent: Int?
        var counts: [String: Int]
    }

    @Test("Nested containers close when their owner writes again; nil members left out, dictionaries in key order")
    func writes() throws {
        #expect(String(decoding: try JSONWriterEncoding.bytes(Nested()), as: UTF8.self)
            == #"{"inner":{"x":1},"list":["s",{"x":true},18446744073709551615],"b":2.5,"nothing":null}"#)
        let value = WithOptionals(present: "p", absent: nil, counts: ["b": 2, "a": 1, "é": 3, "B": 0])
        let bytes = try JSONWriterEncoding.bytes(value)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"present":"p","counts":{"B":0,"a":1,"b":2,"é":3}}"#)
        #expect(try JSONValueDecoding.decode(WithOptionals.self, from: bytes) == value)
    }

    @Test("split gives the text around a top-level member's value, and refuses a member the shape does not write")
    func split() throws {
        let (before, after) = try JSONWriterEncoding.split(EventList(events: [], next: 7), aroundMember: EventList.CodingKeys.events)
        #expect(String(decoding: before, as: UTF8.self) == #"{"events":"#)
        #expect(String(decoding: after, as: UTF8.self) == #","next":7}"#)
        #expect(throws: EncodingError.self) {
            try JSONWriterEncoding.split(WithOptionals(counts: [:]), aroundMember: EventList.CodingKeys.events)
        }
    }

    @Test("RawJSON keeps a payload's text; Foundation's coders, which would lose it, refuse it")
    func rawJSON() throws {
        let row = RejectedListRow(uuid: "u", reason: "r", requestId: "q", payload: RawJSON(text: #"{"b":1.50,"a":[1e3]}"#))
        let bytes = try JSONWriterEncoding.bytes(row)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"uuid":"u","reason":"r","requestId":"q","payload":{"b":1.50,"a":[1e3]}}"#)
        #expect(try JSONValueDecoding.decode(RejectedListRow.self, from: bytes) == row)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(row) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RejectedListRow.self, from: Data(bytes)) }
    }

    @Test("Reading names the missing member and refuses a number of the wrong kind")
    func readErrors() throws {
        do {
            _ = try JSONValueDecoding.decode(RequestListRow.self, from: Array(#"{"requestId":"r","status":200}"#.utf8))
            Issue.record("decoded a row without its members")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "events")
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoding.decode(FaultsQueuedAnswer.self, from: Array(#"{"queued":1.5}"#.utf8))
        }
        #expect(throws: JSONParseError.self) { try JSONValueDecoding.decode(OKAnswer.self, from: Array("{".utf8)) }
    }
}
