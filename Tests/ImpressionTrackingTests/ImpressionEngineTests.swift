import ImpressionTracking
import Testing

/// Rules of the engine, one at a time, driven by hand-made inputs on a fake clock.
@Suite struct ImpressionEngineTests {
    static let viewport = ScreenRect(x: 0, y: 0, width: 100, height: 100)

    /// A report where each item shows the given share of its height.
    static func report(_ shown: [(String, Int, Double)]) -> VisibilityReport {
        VisibilityReport(viewport: viewport, items: shown.map { id, position, share in
            .init(id: ImpressionItemID(id), position: position,
                  frame: ScreenRect(x: 0, y: 100 * (1 - share), width: 100, height: 100))
        })
    }

    static func engine(_ rules: ImpressionCriteria = .mrc) -> ImpressionEngine {
        try! ImpressionEngine(rules: rules)
    }

    static func drain(_ engine: inout ImpressionEngine) -> [Expected] {
        engine.takeCommittedBatches().flatMap(\.impressions).map(Expected.init)
    }

    @Test func qualifiesAtTheExactInstantTheMinimumIsReached() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0.25))
        #expect(engine.nextDeadline == t(1.25))
        engine.advance(to: t(7)) // one late wake-up
        #expect(engine.pendingImpressions.map(Expected.init) == [Expected("a", 0, first: 0.25, qualified: 1.25)])
        #expect(engine.nextDeadline == t(10)) // the commit cycle
        engine.advance(to: t(10))
        #expect(Self.drain(&engine) == [Expected("a", 0, first: 0.25, qualified: 1.25)])
        #expect(engine.nextDeadline == nil)
    }

    @Test func aBreakBelowTheThresholdRestartsTheDwell() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 0.8)]), at: t(0))
        engine.report(Self.report([("a", 0, 0.4)]), at: t(0.9))
        engine.report(Self.report([("a", 0, 0.6)]), at: t(1.0))
        engine.report(Self.report([]), at: t(1.5))
        engine.report(Self.report([("a", 0, 0.5)]), at: t(2))
        engine.stop(at: t(3.5))
        #expect(Self.drain(&engine) == [Expected("a", 0, first: 2, qualified: 3, ratio: 0.5)])
    }

    @Test func endingExactlyAtTheMinimumStillCounts() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.report(Self.report([]), at: t(1))
        engine.stop(at: t(2))
        #expect(Self.drain(&engine) == [Expected("a", 0, first: 0, qualified: 1)])
    }

    @Test func oncePerVisitWhateverThePositionOrCell() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.report(Self.report([]), at: t(2))
        // The same item comes back at another position (a reused cell, a reordered list).
        engine.report(Self.report([("a", 5, 1)]), at: t(3))
        engine.report(Self.report([("b", 0, 1), ("a", 6, 1)]), at: t(4))
        engine.stop(at: t(9))
        #expect(Self.drain(&engine) == [
            Expected("a", 0, first: 0, qualified: 1),
            Expected("b", 0, first: 4, qualified: 5),
        ])
    }

    @Test func aNewVisitCountsEveryItemAgain() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.beginVisit(at: t(3))
        #expect(engine.visit == 2)
        engine.stop(at: t(3.5))
        engine.restart(at: t(5))
        engine.report(Self.report([("a", 0, 1)]), at: t(5))
        engine.stop(at: t(7))
        #expect(Self.drain(&engine) == [
            Expected("a", 0, first: 0, qualified: 1),
            Expected("a", 0, visit: 3, first: 5, qualified: 6),
        ])
    }

    @Test func aNewVisitWhileTheItemStaysOnScreenStartsItsDwellAgain() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.beginVisit(at: t(2))
        engine.stop(at: t(3.5))
        #expect(Self.drain(&engine) == [
            Expected("a", 0, first: 0, qualified: 1),
            Expected("a", 0, visit: 2, first: 2, qualified: 3),
        ])
    }

    @Test func timeWhileStoppedOrInBackgroundOrSuspendedNeverCounts() {
        var engine = Self.engine()
        // Reports before start count nothing.
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.start(at: t(0.5))
        engine.enterBackground(at: t(1.2))
        engine.enterForeground(at: t(8))
        engine.suspend(at: t(8.9))
        engine.resume(at: t(20))
        engine.suspend(at: t(20.5))
        engine.resume(at: t(21))
        engine.stop(at: t(23))
        // Dwells: 0.5-1.2 (0.7 s), 8-8.9, 20-20.5, 21-23: only the last one is long enough.
        #expect(Self.drain(&engine) == [Expected("a", 0, first: 21, qualified: 22)])
    }

    @Test func stopForgetsTheScreenButBackgroundKeepsIt() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.stop(at: t(0.5))
        engine.start(at: t(1))
        engine.advance(to: t(5))
        #expect(engine.pendingImpressions.isEmpty)
        #expect(engine.nextDeadline == nil)
    }

    @Test func backgroundAndStopCommitAtOnce() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.enterBackground(at: t(1.5))
        let batches = engine.takeCommittedBatches()
        #expect(batches.map(\.reason) == [.background])
        #expect(batches.map(\.committedAt) == [t(1.5)])
        engine.enterForeground(at: t(2))
        engine.report(Self.report([("b", 1, 1)]), at: t(2))
        engine.stop(at: t(3))
        #expect(engine.takeCommittedBatches().map(\.reason) == [.stop])
    }

    @Test func theCommitCycleBatchesByInterval() {
        var engine = Self.engine(ImpressionCriteria(commitInterval: .seconds(3)))
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 1)]), at: t(0))
        engine.report(Self.report([("b", 1, 1)]), at: t(2.5))
        engine.report(Self.report([("c", 2, 1)]), at: t(4))
        engine.advance(to: t(30))
        let batches = engine.takeCommittedBatches()
        // a qualifies at 1 (cycle at 3), b at 3.5 and c at 5 (cycle at 6); empty cycles are skipped.
        #expect(batches.map(\.committedAt) == [t(3), t(6)])
        #expect(batches.map { $0.impressions.map(\.itemID) } == [["a"], ["b", "c"]])
        #expect(batches.allSatisfy { $0.reason == .cycle })
    }

    @Test func onExitReportsTheFullDwellAndTheLargestRatio() {
        var engine = Self.engine(ImpressionCriteria(reporting: .onExit))
        engine.start(at: t(0))
        engine.report(Self.report([("a", 3, 0.6)]), at: t(0))
        engine.report(Self.report([("a", 3, 0.9)]), at: t(2))
        engine.report(Self.report([("a", 4, 0.7)]), at: t(4))
        #expect(engine.pendingImpressions.isEmpty) // still on screen
        engine.report(Self.report([]), at: t(5.5))
        engine.report(Self.report([("a", 4, 1)]), at: t(6)) // counted already
        engine.stop(at: t(9))
        #expect(Self.drain(&engine) == [Expected("a", 3, first: 0, qualified: 1, seconds: 5.5, ratio: 0.9)])
    }

    @Test func onExitReportsDwellsCutByBackground() {
        var engine = Self.engine(ImpressionCriteria(reporting: .onExit))
        engine.start(at: t(0))
        engine.report(Self.report([("b", 1, 1), ("a", 0, 1)]), at: t(0))
        engine.enterBackground(at: t(1.75))
        let batches = engine.takeCommittedBatches()
        #expect(batches.map(\.reason) == [.background])
        #expect(batches.flatMap(\.impressions).map(Expected.init) == [
            Expected("a", 0, first: 0, qualified: 1, seconds: 1.75),
            Expected("b", 1, first: 0, qualified: 1, seconds: 1.75),
        ])
    }

    @Test func theSameItemTwiceInOneReportCountsByItsBetterView() {
        var engine = Self.engine()
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 0.2), ("a", 7, 0.9)]), at: t(0))
        engine.report(Self.report([("a", 7, 0.9), ("a", 0, 0.2)]), at: t(0.5))
        engine.stop(at: t(2))
        #expect(Self.drain(&engine) == [Expected("a", 7, first: 0, qualified: 1, ratio: 0.9)])
    }

    @Test func timeNeverRunsBackwards() {
        var engine = Self.engine()
        engine.start(at: t(5))
        engine.report(Self.report([("a", 0, 1)]), at: t(4)) // taken as 5
        engine.stop(at: t(6))
        #expect(Self.drain(&engine) == [Expected("a", 0, first: 5, qualified: 6)])
        #expect(engine.lastInputTime == t(6))
    }

    @Test func inconsistentRulesAreRefused() {
        #expect(throws: ImpressionCriteriaError.commitIntervalNotLongerThanMinimumDuration(.seconds(1), .seconds(1))) {
            try ImpressionEngine(rules: ImpressionCriteria(commitInterval: .seconds(1)))
        }
        #expect(throws: ImpressionCriteriaError.thresholdOutOfRange(0)) {
            try ImpressionEngine(rules: ImpressionCriteria(threshold: 0))
        }
        #expect(throws: ImpressionCriteriaError.minimumDurationNotPositive(.zero)) {
            try ImpressionEngine(rules: ImpressionCriteria(minimumDuration: .zero))
        }
        #expect(throws: Never.self) { try ImpressionEngine(rules: .twoThirdsHeightForTwoSeconds) }
    }

    @Test func theTwoThirdsHeightPresetNeedsTwoSeconds() {
        var engine = Self.engine(.twoThirdsHeightForTwoSeconds)
        engine.start(at: t(0))
        engine.report(Self.report([("a", 0, 0.6), ("b", 1, 0.7)]), at: t(0))
        engine.stop(at: t(1.9))
        #expect(Self.drain(&engine).isEmpty)
        engine.restart(at: t(2))
        engine.report(Self.report([("a", 0, 0.6), ("b", 1, 0.7)]), at: t(2))
        engine.stop(at: t(4))
        #expect(Self.drain(&engine) == [Expected("b", 1, visit: 2, first: 2, qualified: 4, seconds: 2, ratio: 0.7)])
    }
}
