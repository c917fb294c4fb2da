import Foundation
import ScreenTracking
import ShopEvents
import ShopTracking
import Testing
import TrackingTesting

/// The home screen's tracking as the shop's team tests it: a manual clock, a
/// recorder in place of the dispatcher, and a lifecycle hub of the test's own.
///
/// Events are named by the generated constants (`Shop.Events.homePageView`,
/// which also gives their kind struct, `Shop.Events.PageView`): a misspelt name
/// does not compile. The kind's fields (`uniqueViewId`, `secondsOnScreen`) are
/// typed properties; the event's other fields are read with the curated
/// fields' typed keys (`field(Shop.Fields.exitInteraction)`), value sets as
/// their enums, so comparing one with a wire string does not compile either.
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
        expectTracked(Shop.Events.homePageView, in: recorder, count: 1) {
            $0.secondsOnScreen == 2.5 && $0.field(Shop.Fields.exitInteraction) == .productTap
                && $0.field(Shop.Fields.skuItemList) == home.products
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
        let page = try #require(expectTracked(Shop.Events.homePageView, in: recorder, count: 1).first)
        let seen = expectTracked(Shop.Events.productImpression, in: recorder, count: 3) {
            $0.uniqueViewId == page.uniqueViewId
        }
        #expect(seen.map { $0.field(Shop.Fields.sku) } == ["1234", "5678", "9012"])   // 3456 is below the fold
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

        let views = expectTracked(Shop.Events.homePageView, in: recorder, count: 2)
        #expect(views.map { $0.field(Shop.Fields.exitInteraction) } == [.background, .tabBar])
        #expect(views.map(\.secondsOnScreen) == [0.4, 1])
        #expect(views[0].uniqueViewId != views[1].uniqueViewId)
        // 0.4 s before the background is not a second: the tiles count in the second visit only.
        expectTracked(Shop.Events.productImpression, in: recorder, count: 3) {
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
        expectTracked(Shop.Events.productDetailPageView, in: recorder, count: 1) {
            $0.field(Shop.Fields.sku) == "9012" && $0.secondsOnScreen == 3 && $0.field(Shop.Fields.exitInteraction) == .back
                && $0.field(Shop.Fields.price) == Decimal(string: "19.99") && $0.field(Shop.Fields.currency) == .eur
        }
        expectNoContractViolations(in: recorder)
    }
}
