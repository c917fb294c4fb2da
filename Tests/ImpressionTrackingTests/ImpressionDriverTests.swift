import Foundation
import ImpressionTracking
import Testing
import TrackingTesting

/// Hands batches to the test as an async sequence.
private final class StreamingSink: ImpressionSink {
    let batches: AsyncStream<ImpressionBatch>
    private let continuation: AsyncStream<ImpressionBatch>.Continuation

    init() { (batches, continuation) = AsyncStream.makeStream() }
    func receive(_ batch: ImpressionBatch) { continuation.yield(batch) }
}

/// The driver on a manual clock: one wake-up, whatever the number of items.
@MainActor @Suite(.timeLimit(.minutes(10))) struct ImpressionDriverTests {
    static let viewport = ScreenRect(x: 0, y: 0, width: 100, height: 1000)

    static func rows(_ ids: Range<Int>) -> VisibilityReport {
        VisibilityReport(viewport: viewport, items: ids.map {
            .init(id: ImpressionItemID("row-\($0)"), position: $0,
                  frame: ScreenRect(x: 0, y: Double($0 - ids.lowerBound) * 20, width: 100, height: 20))
        })
    }

    @Test func fiftyItemsNeedOneWakeUpAndItFiresAtTheDeadline() async throws {
        let clock = ManualClock()
        let sink = StreamingSink()
        let driver = ImpressionDriver(
            tracker: try ImpressionTracker(rules: ImpressionCriteria(commitInterval: .seconds(3)), sink: sink), clock: clock, lifecycle: nil)
        var batches = sink.batches.makeAsyncIterator()

        driver.start()
        clock.advance(to: .milliseconds(250))
        driver.report(Self.rows(0..<50))
        #expect(driver.scheduledWakeUp == t(1.25))
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)

        // The wake-up qualifies all fifty, then waits for the commit cycle.
        clock.advance(to: .milliseconds(1250))
        await clock.waitForSleepers(1)
        #expect(driver.scheduledWakeUp == t(3))
        #expect(driver.tracker.engine.pendingImpressions.count == 50)

        clock.advance(to: .seconds(3))
        let batch = try #require(await batches.next())
        #expect(batch.reason == .cycle)
        #expect(batch.committedAt == t(3))
        #expect(batch.impressions.count == 50)
        #expect(batch.impressions.allSatisfy { $0.qualifiedAt == t(1.25) })
        #expect(driver.scheduledWakeUp == nil)
    }

    @Test func aMovedDeadlineReplacesTheWakeUp() async throws {
        let clock = ManualClock()
        let sink = StreamingSink()
        let driver = ImpressionDriver(tracker: try ImpressionTracker(sink: sink), clock: clock, lifecycle: nil)
        var batches = sink.batches.makeAsyncIterator()

        driver.start()
        driver.report(Self.rows(0..<1))
        await clock.waitForSleepers(1)
        // The row leaves before its second; the next one's deadline replaces the wake-up.
        clock.advance(to: .milliseconds(500))
        driver.report(Self.rows(1..<2))
        #expect(driver.scheduledWakeUp == t(1.5))
        await clock.waitForSleepers(1)
        #expect(clock.sleeperCount == 1)

        clock.advance(to: .seconds(2))
        driver.stop()
        let batch = try #require(await batches.next())
        #expect(batch.reason == .stop)
        #expect(batch.impressions.map(\.itemID) == ["row-1"])
        #expect(batch.impressions.first?.qualifiedAt == t(1.5))
    }
}
