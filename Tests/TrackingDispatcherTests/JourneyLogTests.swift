import Foundation
import Testing
@testable import TrackingDispatcher

/// The journey log's ring: new events appended in bulk and indexed lazily must
/// behave as if every step had been recorded one by one.
@Suite("Journey log")
struct JourneyLogTests {
    static func entry(_ uuid: String, at seconds: Double = 0) -> NewJourney {
        NewJourney(uuid: uuid, name: "e", created: Date(timeIntervalSince1970: seconds), violations: [],
                   flags: [], persisted: Date(timeIntervalSince1970: seconds + 1))
    }

    @Test("New events, later steps, duplicates and eviction, mixed")
    func ringAndLazyIndex() {
        let log = JourneyLog(capacity: 4)
        log.recordNew([Self.entry("a"), Self.entry("b")])
        log.record(["a"], .batched(requestID: "r1"), at: Date(timeIntervalSince1970: 5))
        // A duplicate uuid, not yet indexed: its steps follow a's.
        log.recordNew([Self.entry("c"), Self.entry("a", at: 10)])
        #expect(log.steps(for: "a").map(\.stage) == [.created, .validated(violations: []), .persisted(flags: []),
                                                       .batched(requestID: "r1"),
                                                       .created, .validated(violations: []), .persisted(flags: [])])
        #expect(log.uuids == ["a", "b", "c"])
        // Full ring (the merged duplicate holds a slot): the oldest go, indexed or not.
        log.recordNew([Self.entry("d"), Self.entry("e"), Self.entry("f")])
        #expect(log.uuids == ["d", "e", "f"])
        #expect(log.steps(for: "a").isEmpty)
        #expect(log.steps(for: "b").isEmpty)
        log.recordNew((0..<10).map { Self.entry("n\($0)") })   // never looked up before eviction
        #expect(log.uuids == ["n6", "n7", "n8", "n9"])
        #expect(log.steps(for: "n9").count == 3)
        // A step for an unknown uuid starts its journey.
        log.record("x", name: "late", .deleted, at: Date())
        #expect(log.uuids == ["n7", "n8", "n9", "x"])
        #expect(log.steps(for: "x").map(\.stage) == [.deleted])
    }

    @Test("A long journey keeps its first and last steps")
    func trimmed() {
        let log = JourneyLog(capacity: 10)
        log.recordNew([Self.entry("a")])
        for attempt in 0..<40 { log.record("a", .failed(requestID: "r\(attempt)", reason: "x"), at: Date()) }
        let steps = log.steps(for: "a").map(\.stage)
        #expect(steps.count == log.maxStepsPerEvent)
        #expect(Array(steps.prefix(3)) == [.created, .validated(violations: []), .persisted(flags: [])])
        #expect(steps.last == .failed(requestID: "r39", reason: "x"))
    }
}
