import Foundation
import ScreenTracking
import ShopEvents
import ShopTracking
import Testing
import TrackingTesting

/// The home screen's tracking as the shop's team tests it: a manual clock, a
/// recorder in place of the dispatcher, and a lifecycle hub of the test's own.
///
/// Events are picked by kind struct and wire name (`Shop.Events.PageView`
/// named `homePageView`). The kind's fields (`uniqueViewId`, `secondsOnScreen`)
/// are typed properties; the event's other fields are read from what it sends
/// (`field("exitInteraction")`), value sets as their wire values.
@MainActor @Suite("Home screen tracking", .timeLimit(.minutes(10)))
struct HomeScreenTests {
    let clock = ManualClock()
    let recorder = TrackingRecorder()
    let lifecycle = ApplicationLifecycle()

    func makeHome() throws -> HomeScreenModel<ManualClock> {
        try HomeScreenModel(products: ["1234", "5678", "9012", "3456"], events: recorder, clock: clock,
                            lifecycle: lifecycle)
    }

    @Test("A visit sends one page view with its time on screen and the tap that ended it")
    func pageViewWithTimeOnScreen() throws {
        let home = try makeHome()
        home.appear()
        clock.advance(by: .milliseconds(2500))
        home.openProduct("5678")
        expectTracked(Shop.Events.PageView.self, named: "homePageView", in: recorder, count: 1) {
            $0.secondsOnScreen == 2.5 && $0.field("exitInteraction")?.stringValue == "product_tap"
                && $0.field("skuItemList") == .array(home.products.map(JSONValue.string))
        }
        expectNoContractViolations(in: recorder)
    }

    @Test("Impressions carry the uniqueViewId of their visit's page view")
    func impressionsCarryTheVisitId() throws {
        let home = try makeHome()
        home.appear()
        home.scrolled(to: 0)
        clock.advance(by: .seconds(1))
        home.disappear()
        let page = try #require(
            expectTracked(Shop.Events.PageView.self, named: "homePageView", in: recorder, count: 1).first)
        let seen = expectTracked(Shop.Events.Impression.self, named: "productImpression", in: recorder, count: 3) {
            $0.uniqueViewId == page.uniqueViewId
        }
        #expect(seen.map { $0.field("sku")?.stringValue } == ["1234", "5678", "9012"])   // 3456 is below the fold
        expectNoContractViolations(in: recorder)
    }

    @Test("Background ends the visit, the return begins a new one, and the time away never counts")
    func backgroundAndReturn() throws {
        let home = try makeHome()
        home.appear()
        home.scrolled(to: 0)
        clock.advance(by: .milliseconds(400))
        lifecycle.post(.didEnterBackground)
        clock.advance(by: .seconds(3600))
        lifecycle.post(.willEnterForeground)
        clock.advance(by: .seconds(1))
        home.disappear(interaction: .tabBar)

        let views = expectTracked(Shop.Events.PageView.self, named: "homePageView", in: recorder, count: 2)
        #expect(views.map { $0.field("exitInteraction")?.stringValue } == ["background", "tab_bar"])
        #expect(views.map(\.secondsOnScreen) == [0.4, 1])
        #expect(views[0].uniqueViewId != views[1].uniqueViewId)
        // 0.4 s before the background is not a second: the tiles count in the second visit only.
        expectTracked(Shop.Events.Impression.self, named: "productImpression", in: recorder, count: 3) {
            $0.uniqueViewId == views[1].uniqueViewId
        }
        expectNoContractViolations(in: recorder)
    }

    @Test("The product screen's page view names its product")
    func productDetail() {
        let detail = productDetailScreen(sku: "9012", price: Decimal(string: "19.99")!, currency: .eur,
                                         events: recorder, clock: clock, lifecycle: lifecycle)
        detail.enter()
        clock.advance(by: .seconds(3))
        detail.exit(interaction: .back)
        expectTracked(Shop.Events.PageView.self, named: "productDetailPageView", in: recorder, count: 1) {
            $0.field("sku")?.stringValue == "9012" && $0.secondsOnScreen == 3
                && $0.field("exitInteraction")?.stringValue == "back"
        }
        expectNoContractViolations(in: recorder)
    }
}
