import Foundation
import ImpressionTracking
import ScreenTracking
import Testing
import TrackingContract
import TrackingCore
import TrackingTesting

/// The wishlist screen with a product grid whose impressions its screen tracker drives.
@MainActor final class WishlistWithImpressions {
    let w = WishlistScreen()
    let driver: ImpressionDriver<ManualClock>

    init() throws {
        let sink = w.screen.impressionSink(events: w.recorder) { impression, uniqueViewId in
            Omnitracking.productImpression(viewType: .wishlist, uniqueViewId: uniqueViewId, itemId: impression.itemID.rawValue,
                              position: impression.position, visibleSeconds: impression.visibleSeconds,
                              visibleRatio: impression.maxRatio, sku: impression.itemID.rawValue)
        }
        // Committed at once (every 1.5 s): the test does not wait for the 10 s cycle.
        let rules = ImpressionCriteria(minimumDuration: .seconds(1), commitInterval: .milliseconds(1500))
        driver = ImpressionDriver(tracker: try ImpressionTracker(rules: rules, sink: sink), clock: w.clock,
                                  lifecycle: w.lifecycle)
        w.screen.attach(driver)
    }

    /// Two product tiles fully on screen.
    func showTiles() {
        let viewport = ScreenRect(x: 0, y: 0, width: 400, height: 800)
        driver.report(VisibilityReport(viewport: viewport, items: [
            .init(id: "1234", position: 0, frame: ScreenRect(x: 0, y: 0, width: 400, height: 300)),
            .init(id: "5678", position: 1, frame: ScreenRect(x: 0, y: 300, width: 400, height: 300)),
        ]))
    }

    var impressions: [Omnitracking.Events.Impression] { w.recorder.events(of: Omnitracking.Events.Impression.self) }
}

@MainActor @Suite("Screens and impressions", .timeLimit(.minutes(10)))
struct ScreenImpressionTests {
    @Test("Impressions carry the uniqueViewId of the page view of their visit")
    func impressionsCarryTheVisitId() throws {
        let s = try WishlistWithImpressions()
        s.w.screen.enter()
        #expect(s.driver.tracker.engine.isStarted)   // the screen started the driver
        s.showTiles()
        s.w.at(2)
        s.w.screen.exit(interaction: .productTap)
        #expect(s.impressions.map(\.itemId).sorted() == ["1234", "5678"])
        #expect(s.impressions.allSatisfy { $0.uniqueViewId == SequentialIDs.id(1) && $0.validate().isEmpty })
        #expect(s.w.pageViews.map(\.uniqueViewId) == [SequentialIDs.id(1)])
        #expect(!s.driver.tracker.engine.isStarted)   // and stopped it
    }

    @Test("A new visit of the screen is a new impression visit: the same items count again, with the new id")
    func newVisitCountsAgain() throws {
        let s = try WishlistWithImpressions()
        for visit in 0..<2 {
            s.w.at(Double(visit * 10))
            s.w.screen.enter()
            s.showTiles()
            s.w.at(Double(visit * 10 + 2))
            s.w.screen.exit()
        }
        #expect(s.impressions.count == 4)
        #expect(s.impressions.map(\.uniqueViewId) == [1, 1, 2, 2].map(SequentialIDs.id))
        #expect(s.w.pageViews.map(\.uniqueViewId) == [1, 2].map(SequentialIDs.id))
    }

    @Test("Background: dwells end and commit with the old id; the return is a new visit; the background never counts")
    func backgroundAndReturn() throws {
        let s = try WishlistWithImpressions()
        s.w.screen.enter()
        s.showTiles()
        s.w.at(0.6)                        // 0.6 s into the dwell: not yet an impression
        s.w.lifecycle.post(.didEnterBackground)
        #expect(s.impressions.isEmpty)
        s.w.at(100)
        s.w.lifecycle.post(.willEnterForeground)
        s.w.at(100.9)                      // 0.9 s after the return: still none
        s.driver.tracker.advance(to: s.driver.now)
        #expect(s.impressions.isEmpty)
        s.w.at(101)
        s.w.screen.exit()
        let impressions = s.impressions
        #expect(impressions.count == 2)
        #expect(impressions.allSatisfy { $0.uniqueViewId == SequentialIDs.id(2) && $0.visibleSeconds == 1 })
        #expect(s.w.pageViews.map(\.uniqueViewId) == [1, 2].map(SequentialIDs.id))
        #expect(s.w.visits.map(\.timeOnScreen) == [.milliseconds(600), .seconds(1)])
    }

    @Test("A driver attached while the screen is shown joins the visit under way")
    func attachDuringVisit() throws {
        let w = WishlistScreen()
        w.screen.enter()
        let sink = w.screen.impressionSink(events: w.recorder) { impression, id in
            Omnitracking.productImpression(viewType: .wishlist, uniqueViewId: id, itemId: impression.itemID.rawValue,
                              position: impression.position, visibleSeconds: impression.visibleSeconds,
                              visibleRatio: impression.maxRatio, sku: impression.itemID.rawValue)
        }
        let driver = ImpressionDriver(tracker: try ImpressionTracker(sink: sink), clock: w.clock, lifecycle: nil)
        w.screen.attach(driver)
        w.screen.attach(driver)   // once is enough
        driver.report(VisibilityReport(viewport: ScreenRect(x: 0, y: 0, width: 10, height: 10),
                                       items: [.init(id: "1234", position: 0, frame: ScreenRect(x: 0, y: 0, width: 10, height: 10))]))
        w.at(1)
        w.screen.exit()
        #expect(w.recorder.events(of: Omnitracking.Events.Impression.self).map(\.uniqueViewId) == [SequentialIDs.id(1)])
    }

    @Test("The lifecycle hub reaches a driver a screen drives only through the screen")
    func hubDoesNotDoubleDrive() throws {
        let s = try WishlistWithImpressions()
        #expect(s.w.lifecycle.participantCount == 2)
        s.w.screen.enter()
        s.showTiles()
        s.w.at(0.5)
        s.w.lifecycle.post(.willSuspend)
        #expect(s.driver.tracker.engine.isSuspended)
        s.w.at(5)
        s.w.lifecycle.post(.didResume)
        s.w.at(5.9)
        s.driver.tracker.advance(to: s.driver.now)
        #expect(s.impressions.isEmpty)
        s.w.at(6)
        s.w.screen.exit()
        #expect(s.impressions.count == 2)
        #expect(s.w.visits.map(\.timeOnScreen) == [.milliseconds(1500)])
    }
}
