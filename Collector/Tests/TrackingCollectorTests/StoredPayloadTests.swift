import Foundation
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// A stored payload is the event in `JSONWriter`'s form whatever form it was sent
/// in: the received bytes when they are in that form already, the event encoded
/// again when they are not (whitespace, escapes).
@Suite("Stored payloads", .timeLimit(.minutes(10)))
struct StoredPayloadTests {
    /// Events in several forms, each with `UUID` where its uuid goes.
    static let forms = [
        // The writer's form, as every runtime sends it (stored as received).
        exampleEvent(uuid: "UUID"),
        #"{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"UUID","clientTimestamp":"2026-11-22T12:00:00.000Z","viewType":"Wïshlist ✓ 😀","n":-0.5e+3,"o":{"a":[],"b":{},"c":null,"d":true}}"#,
        // Whitespace between tokens, inside and around the event.
        " { \"event\" : \"wishlistPageView\",\n\t\"kind\":\"pageView\",\"contractVersion\":\"1.3.0\",\"uuid\":\"UUID\",\"clientTimestamp\":\"2026-11-22T12:00:00.000Z\",\"a\":[ 1 , 2 ] } ",
        // Escapes the writer does not write (`\/`, `\u0041`, a surrogate pair) and ones it does (`\"`, `\n`).
        #"{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"UUID","clientTimestamp":"2026-11-22T12:00:00.000Z","viewType":"a\/b\u0041\ud83d\ude00"}"#,
        #"{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"UUID","clientTimestamp":"2026-11-22T12:00:00.000Z","viewType":"say \"hi\"\n"}"#,
        #"{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"UUID","clientTimestamp":"2026-11-22T12:00:00.000Z","k\u0065y":1}"#,
    ]

    @Test("Each payload is the event as JSONWriter writes it, for events in and out of that form")
    func writerForm() async throws {
        let collector = try await RunningCollector.start()
        let uuids = Self.forms.map { _ in UUID().uuidString.lowercased() }
        let events = zip(Self.forms, uuids).map { $0.replacingOccurrences(of: "UUID", with: $1) }
        // A rejected event (no uuid) is kept in the same form too.
        let rejected = #"{ "event" : "wishlistPageView" }"#
        let body = #"{"sentAt":"2026-11-22T12:00:01.000Z", "events": [ "# + (events + [rejected]).joined(separator: " ,\n") + " ] }"
        #expect(try await collector.post("/v1/batch", body).0 == 200)
        let stored = try await collector.service.events()
        #expect(stored.map(\.uuid) == uuids)
        for (event, sent) in zip(stored, events) {
            let expected = String(decoding: try JSONValue.parse(sent).encodedBytes, as: UTF8.self)
            #expect(event.payload == expected)
        }
        #expect(stored.first?.payload == events.first)
        let kept = try await collector.service.rejectedEvents()
        #expect(kept.map(\.payload) == [#"{"event":"wishlistPageView"}"#])
        await collector.stop()
    }

    @Test("The parse finds each item's text exactly when it is the writer's form")
    func itemTexts() throws {
        let items = Self.forms.map { $0.replacingOccurrences(of: "UUID", with: "u") } + ["1", "\"x\"", "[]", "[ ]", "{}", "\"\\\\\""]
        let text = #"{"x":{"events":[1]},"events":[ "# + items.joined(separator: " , ") + #" ],"events":[2]}"#
        let bytes = Array(text.utf8)
        let (value, texts) = try JSONValue.parse(bytes, itemTextsOf: "events")
        #expect(value == (try JSONValue.parse(text)))
        // The first member of that name at the top: not the nested one, nor the later one.
        let parsed = try #require(value["events"]?.arrayValue)
        #expect(texts.count == items.count && parsed.count == items.count)
        for (item, range) in zip(parsed, texts) {
            if let range { #expect(Array(bytes[range]) == item.encodedBytes) }
        }
        // In the writer's form: the first two events, 1, "x", [] and {}. Not `[ ]`, nor "\\": an escape is
        // always left to the writer, even one it writes the same way.
        #expect(texts.map { $0 != nil } == [true, true, false, false, false, false, true, true, true, false, true, false])
        // The first member of that name is not an array: no texts, even when a later one is.
        #expect(try JSONValue.parse(Array(#"{"events":{},"events":[1]}"#.utf8), itemTextsOf: "events").itemTexts.isEmpty)
    }
}
