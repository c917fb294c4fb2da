import Foundation
import ImpressionTracking
import Testing
import TrackingCore

/// An impression event as an app's generated code would define it.
private struct ProductImpression: TrackingEvent {
    var eventName: String { "productImpression" }
    var kindName: String { "impression" }
    var contractVersion: String { "1.0.0" }
    let uuid = UUID()
    let clientTimestamp = Date(timeIntervalSince1970: 0)
    let itemId: String
    let position: Int
    let visibleSeconds: Double
    let visibleRatio: Double

    func writeMembers(to writer: inout JSONWriter) {
        writer.key("event"); writer.value(eventName)
        writer.key("kind"); writer.value(kindName)
        writer.key("itemId"); writer.value(itemId)
        writer.key("position"); writer.value(position)
        writer.key("visibleSeconds"); writer.value(visibleSeconds)
        writer.key("visibleRatio"); writer.value(visibleRatio)
    }

    func validate() -> [Violation] { [] }
}

/// A stand-in for the dispatcher's client, with the same generic entry point
/// (`track(_: some TrackingEvent)`).
private final class CollectingClient: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [any TrackingEvent] = []

    func track(_ event: some TrackingEvent) { lock.withLock { collected.append(event) } }
    var events: [any TrackingEvent] { lock.withLock { collected } }
}

/// A client with a generic `track` conforms as it is.
extension CollectingClient: TrackingEventSink {}

/// Collects batches.
private final class CollectingBatchSink: ImpressionSink, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [ImpressionBatch] = []

    func receive(_ batch: ImpressionBatch) { lock.withLock { collected.append(batch) } }
    var batches: [ImpressionBatch] { lock.withLock { collected } }
}

@Suite struct ImpressionEventAdapterTests {
    @Test func impressionsBecomeContractEventsOfTheImpressionKind() throws {
        let events = CollectingClient()
        let adapter = ImpressionEventAdapter(events: events) { impression in
            ProductImpression(itemId: impression.itemID.rawValue, position: impression.position,
                              visibleSeconds: impression.visibleSeconds, visibleRatio: impression.maxRatio)
        }
        let tracker = try ImpressionTracker(rules: ImpressionCriteria(reporting: .onExit), sink: adapter)
        let viewport = ScreenRect(x: 0, y: 0, width: 100, height: 100)
        tracker.start(at: t(0))
        tracker.report(VisibilityReport(viewport: viewport, items: [
            .init(id: "sku-1", position: 4, frame: ScreenRect(x: 0, y: 25, width: 100, height: 100)),
        ]), at: t(0))
        #expect(tracker.nextDeadline == t(1))
        tracker.advance(to: t(1))
        #expect(events.events.isEmpty) // reported on exit, committed at stop
        tracker.stop(at: t(2.5))

        let tracked = events.events
        #expect(tracked.count == 1)
        let event = try #require(tracked.first as? ProductImpression)
        #expect(event.kindName == "impression")
        #expect(String(decoding: event.encodedJSON(), as: UTF8.self)
            == #"{"event":"productImpression","kind":"impression","itemId":"sku-1","position":4,"visibleSeconds":2.5,"visibleRatio":0.75}"#)
    }

    @Test func theTrackerHandsEachCommittedBatchToItsSinkOnce() throws {
        let sink = CollectingBatchSink()
        let tracker = try ImpressionTracker(sink: sink)
        let viewport = ScreenRect(x: 0, y: 0, width: 100, height: 100)
        let shown = VisibilityReport(viewport: viewport, items: [.init(id: "a", position: 0, frame: viewport)])
        tracker.start(at: t(0))
        tracker.report(shown, at: t(0))
        tracker.advance(to: t(10))
        tracker.enterBackground(at: t(11))
        tracker.flush(at: t(12))
        #expect(sink.batches.map(\.reason) == [.cycle])
        #expect(sink.batches.map(\.committedAt) == [t(10)])
        #expect(sink.batches.first?.impressions.map(\.itemID) == ["a"])
    }
}

@Suite struct ImpressionRecordingTests {
    @Test func aRecordedSessionReplaysToTheSameBatches() throws {
        let sink = CollectingBatchSink()
        let tracker = try ImpressionTracker(sink: sink)
        tracker.startRecording()
        let example = ExampleTraces.stopAndGo.trace
        for entry in example.entries {
            switch entry.input {
            case .report(let report): tracker.report(report, at: entry.time)
            case .start: tracker.start(at: entry.time)
            case .stop: tracker.stop(at: entry.time)
            default: Issue.record("unexpected input \(entry.input.typeName)")
            }
        }
        tracker.advance(to: t(6))
        let recorded = tracker.stopRecording()
        #expect(recorded.entries.count == example.entries.count + 1)
        let parsed = try ImpressionTrace(jsonLines: recorded.jsonLines)
        #expect(try ImpressionReplay.batches(of: parsed, rules: .mrc) == sink.batches)
        #expect(sink.batches.flatMap(\.impressions).count == 17)
        #expect(tracker.stopRecording().entries.isEmpty)
    }
}
