import CollectorResponses
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// With `showPII` off, no personal value is shown on any surface: `/events`,
/// `/rejected`, the monitor's page, snapshot and stream (what its exports are
/// made of). Canary values sit in pii fields at the top level, in an object, in
/// an object inside it, in array items and in a global; in members the contract
/// does not declare; in an event whose name the contract does not know; in
/// rejected events (one not even an object, one whose uuid is a canary).
@Suite("pii masked on every surface", .timeLimit(.minutes(10)))
struct MaskingTests {
    static let descriptor = ContractDescriptor(
        name: "Masking", version: "1.0.0",
        objects: [
            ObjectDescriptor(name: "Customer",
                             required: [FieldDescriptor("name", ValueSpec(.string)), FieldDescriptor("email", ValueSpec(.string), pii: true)],
                             optional: [FieldDescriptor("address", ValueSpec(.object("Address")))]),
            ObjectDescriptor(name: "Address", required: [FieldDescriptor("city", ValueSpec(.string)),
                                                         FieldDescriptor("street", ValueSpec(.string), pii: true)]),
            ObjectDescriptor(name: "Line", required: [FieldDescriptor("sku", ValueSpec(.string))],
                             optional: [FieldDescriptor("recipientEmail", ValueSpec(.string), pii: true)]),
        ],
        mandatory: [FieldDescriptor("uuid", ValueSpec(.uuid)), FieldDescriptor("clientTimestamp", ValueSpec(.timestamp))],
        kinds: [KindDescriptor(name: "pageView")],
        globals: [FieldDescriptor("appVersion", ValueSpec(.string)), FieldDescriptor("userEmail", ValueSpec(.string), pii: true)],
        fields: [FieldDescriptor("email", ValueSpec(.string), pii: true),
                 FieldDescriptor("customer", ValueSpec(.object("Customer"))),
                 FieldDescriptor("lines", ValueSpec(.array(items: ValueSpec(.object("Line"))))),
                 FieldDescriptor("tags", ValueSpec(.array(items: ValueSpec(.string))))],
        events: [EventDescriptor(name: "checkout", kind: "pageView", optional: ["email", "customer", "lines", "tags"])])
    static let contract = LoadedContract(name: "Masking", version: "1.0.0", descriptor: descriptor)

    static let canaries = ["canary-top@x", "canary-object@x", "canary-deep-street", "canary-item@x", "canary-global@x",
                           "canary-undeclared", "canary-undeclared-member", "canary-unknown-event", "canary-rejected@x",
                           "canary-not-an-object", "canary-uuid@x", "canary-shape@x"]
    /// Values the contract declares as not personal: shown.
    static let visible = ["Visible Name", "Visible City", "sku-1234", "9.9.9", "tag-a"]

    static func envelope(_ name: String, uuid: String = UUID().uuidString.lowercased(), timestamp: String = "2026-11-22T12:00:00.000Z") -> String {
        #""event":"\#(name)","kind":"pageView","contractVersion":"1.0.0","uuid":"\#(uuid)","clientTimestamp":"\#(timestamp)""#
    }

    static var events: [String] {
        [
            // Known event: pii at every depth, undeclared members, a declared object sent as a string.
            "{" + envelope("checkout") + #","email":"canary-top@x","customer":{"name":"Visible Name","email":"canary-object@x","#
                + #""address":{"city":"Visible City","street":"canary-deep-street"},"nickname":"canary-undeclared-member"},"#
                + #""lines":[{"sku":"sku-1234","recipientEmail":"canary-item@x"},"canary-shape@x"],"tags":["tag-a"],"#
                + #""appVersion":"9.9.9","userEmail":"canary-global@x","extra":"canary-undeclared"}"#,
            // Unknown event: only the envelope, mandatory fields and globals are shown.
            "{" + envelope("mystery") + #","appVersion":"9.9.9","anything":{"deep":"canary-unknown-event"}}"#,
            // Rejected: a broken timestamp, not an object, a uuid that is no UUID.
            "{" + envelope("checkout", timestamp: "noon") + #","email":"canary-rejected@x"}"#,
            #""canary-not-an-object""#,
            #"{"event":"checkout","kind":"pageView","contractVersion":"1.0.0","uuid":"canary-uuid@x"}"#,
        ]
    }

    static func expectMasked(_ text: String, _ surface: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for canary in canaries {
            #expect(!text.contains(canary), "\(surface) shows \(canary)", sourceLocation: sourceLocation)
        }
        #expect(text.contains(DisplayMask.mask), "\(surface) shows no mask", sourceLocation: sourceLocation)
    }

    static func body(_ collector: RunningCollector, _ path: String) async throws -> String {
        let answer = try await AccessTests.raw(collector, "GET", path, ["Host: 127.0.0.1"])
        #expect(answer.status == 200, "\(path)")
        return answer.text
    }

    @Test("No pii on /events, /rejected, the monitor's page, snapshot and stream; declared values shown")
    func everySurface() async throws {
        let collector = try await RunningCollector.start(contract: Self.contract)
        // The stream, subscribed before the batch, read until the batch's five items arrived.
        let fd = try RawHTTP.connect(port: collector.port)
        defer { close(fd) }
        RawHTTP.send(fd, HostileInputTests.head("GET /monitor/stream HTTP/1.1", ["Host: 127.0.0.1"]))
        while collector.service.feed.subscriberCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        let answer = try await collector.post("/v1/batch", batch(Self.events))
        #expect(answer.0 == 200 && answer.2?["rejectedCount"] == .number("3"))
        let streamed = try await offPool { () -> String in
            var text = ""
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while text.components(separatedBy: "data: ").count - 1 < 5 {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                text += String(decoding: chunk[0..<count], as: UTF8.self)
            }
            return text
        }
        #expect(streamed.components(separatedBy: "data: ").count - 1 == 5)

        var surfaces = ["stream": streamed]
        for path in ["/events", "/rejected", "/monitor/snapshot", "/"] { surfaces[path] = try await Self.body(collector, path) }
        for (surface, text) in surfaces {
            Self.expectMasked(text, surface)
            // The page holds the snapshot; the rejected events hold no declared value.
            if surface != "/rejected" {
                for value in Self.visible { #expect(text.contains(value), "\(surface) hides \(value)") }
            }
        }
        await collector.stop()
    }

    @Test("The mask, exactly: pii at every depth, undeclared members, a wrong shape; an unknown event keeps its envelope and globals")
    func exactly() throws {
        let mask = DisplayMask(contract: Self.contract, showPII: false)
        let stored = CollectedEvent(uuid: "u", eventName: "checkout", kind: "pageView", payload: Self.events[0],
                                    violations: [], requestID: "r", receivedAt: Date())
        let shown = try JSONValue.parse(mask(stored).payload)
        let m = JSONValue.string(DisplayMask.mask)
        #expect(shown["email"] == m && shown["userEmail"] == m && shown["extra"] == m)
        #expect(shown["customer"]?["name"] == .string("Visible Name") && shown["customer"]?["email"] == m)
        #expect(shown["customer"]?["nickname"] == m)
        #expect(shown["customer"]?["address"]?["city"] == .string("Visible City") && shown["customer"]?["address"]?["street"] == m)
        #expect(shown["lines"]?[0]?["sku"] == .string("sku-1234") && shown["lines"]?[0]?["recipientEmail"] == m)
        #expect(shown["lines"]?[1] == m)
        #expect(shown["tags"] == .array([.string("tag-a")]) && shown["appVersion"] == .string("9.9.9"))
        #expect(shown["event"] == .string("checkout") && shown["contractVersion"] == .string("1.0.0"))

        let unknown = CollectedEvent(uuid: "u", eventName: "mystery", kind: "pageView", payload: Self.events[1],
                                     violations: [], requestID: "r", receivedAt: Date())
        let shownUnknown = try JSONValue.parse(mask(unknown).payload)
        #expect(shownUnknown["anything"] == m && shownUnknown["appVersion"] == .string("9.9.9"))
        #expect(shownUnknown["clientTimestamp"] == .string("2026-11-22T12:00:00.000Z") && shownUnknown["event"] == .string("mystery"))

        // A string not of its declared form (a uuid, a timestamp) is whatever the sender put there.
        let rejectedObject = RejectedEvent(uuid: "canary-uuid@x", reason: "r", payload: Self.events[4], requestID: "r", receivedAt: Date())
        #expect(try JSONValue.parse(mask(rejectedObject).payload)["uuid"] == m)
        let late = RejectedEvent(uuid: "u", reason: "r", payload: Self.events[2], requestID: "r", receivedAt: Date())
        #expect(try JSONValue.parse(mask(late).payload)["clientTimestamp"] == m)

        // Without a contract (--envelope-only) only event, kind and contractVersion are known not to be personal.
        let envelopeOnly = DisplayMask(contract: LoadedContract(name: "x", version: "1", descriptor: nil), showPII: false)
        let bare = try JSONValue.parse(envelopeOnly(stored).payload)
        #expect(bare["event"] == .string("checkout") && bare["appVersion"] == m && bare["customer"] == m)

        let rejected = RejectedEvent(uuid: "canary-uuid@x", reason: "uuid is missing or not a UUID", payload: Self.events[3],
                                     requestID: "r", receivedAt: Date())
        #expect(mask(rejected).uuid == DisplayMask.mask && mask(rejected).payload == #""•••""#)
        // With showPII, everything as received.
        let open = DisplayMask(contract: Self.contract, showPII: true)
        #expect(open(stored) == stored && open(rejected) == rejected)
    }

    @Test("With showPII, /events shows the values as received")
    func shown() async throws {
        let collector = try await RunningCollector.start({ $0.showPII = true }, contract: Self.contract)
        #expect(try await collector.post("/v1/batch", batch(Self.events)).0 == 200)
        let text = try await Self.body(collector, "/events")
        #expect(text.contains("canary-top@x") && text.contains("canary-deep-street"))
        await collector.stop()
    }

    @Test("The monitor's snapshot holds the newest stored and rejected events, not the oldest")
    func snapshotNewest() async throws {
        let collector = try await RunningCollector.start()
        var rejected: [String] = [], stored: [String] = []
        for _ in 0..<3 {
            let good = UUID().uuidString.lowercased(), bad = UUID().uuidString.lowercased()
            stored.append(good)
            rejected.append(bad)
            #expect(try await collector.post("/v1/batch", batch([exampleEvent(uuid: good), exampleEvent(uuid: bad, timestamp: "noon")])).0 == 200)
        }
        let (status, _, snapshot) = try await collector.request("GET", "/monitor/snapshot?limit=2")
        #expect(status == 200)
        let items = try #require(snapshot).decoded(as: MonitorSnapshot.self).items
        let shown = { (verdict: MonitorVerdict) in
            items.compactMap { if case .event(let item) = $0, item.verdict == verdict { item.uuid } else { nil } }
        }
        #expect(shown(.rejected) == Array(rejected.suffix(2)))
        #expect(shown(.valid) == Array(stored.suffix(2)))
        await collector.stop()
    }
}
