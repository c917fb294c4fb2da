import Foundation
import ImpressionTracking
import ScreenTracking
import Testing
import TrackingContract
import TrackingCore
import TrackingTesting

/// Fixed, readable ids: visit n gets 00000000-0000-0000-0000-00000000000n.
@MainActor final class SequentialIDs {
    private var next = 0
    func make() -> UUID {
        next += 1
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", next))!
    }
    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))! }
}

/// A screen of the root contract: the wishlist, whose page view is made by the generated
/// `Omnitracking.wishlistPageView(...)`. The contract has no field for the time on screen, so the
/// test keeps the visits the factory saw beside the events.
@MainActor final class WishlistScreen {
    let clock = ManualClock()
    let lifecycle = ApplicationLifecycle()
    let recorder = TrackingRecorder()
    let ids = SequentialIDs()
    var visits: [ScreenVisit<Omnitracking.ExitInteraction>] = []
    lazy var screen = ScreenTracker<Omnitracking.ExitInteraction>(
        events: recorder, clock: clock, lifecycle: lifecycle, makeUniqueViewId: { [ids] in ids.make() }
    ) { [unowned self] visit in
        visits.append(visit)
        return Omnitracking.wishlistPageView(uniqueViewId: visit.uniqueViewId, skuItemList: ["1234"],
                                exitInteraction: visit.exitInteraction(background: .background))
    }

    /// The tracker's time 0 is the clock's time when it is created: now.
    init() { _ = screen }

    func at(_ seconds: Double) { clock.advance(to: .nanoseconds(Int64((seconds * 1e9).rounded()))) }
    var pageViews: [Omnitracking.Events.PageView] {
        recorder.events(of: Omnitracking.Events.PageView.self).filter { $0.eventName == "wishlistPageView" }
    }
}

extension Omnitracking.Events.PageView {
    /// The curated field `exitInteraction`, read typed from what the event sends.
    var exitInteraction: Omnitracking.ExitInteraction? {
        field("exitInteraction")?.stringValue.flatMap(Omnitracking.ExitInteraction.init(rawValue:))
    }
}

@MainActor @Suite("Screen tracker", .timeLimit(.minutes(10)))
struct ScreenTrackerTests {
    @Test("Enter then exit sends one page view with the visit's id, its time on screen and the exit interaction")
    func enterExit() {
        let w = WishlistScreen()
        w.at(1)
        w.screen.enter()
        #expect(w.screen.uniqueViewId == SequentialIDs.id(1))
        #expect(w.pageViews.isEmpty)   // sent when the visit ends
        w.at(3.5)
        w.screen.exit(interaction: .productTap)
        #expect(w.pageViews.count == 1)
        #expect(w.pageViews[0].uniqueViewId == SequentialIDs.id(1))
        #expect(w.pageViews[0].exitInteraction == .productTap)
        #expect(w.pageViews[0].validate().isEmpty)
        #expect(w.visits[0].timeOnScreen == .milliseconds(2500))
        #expect(w.visits[0].secondsOnScreen == 2.5)
        #expect(w.visits[0].enteredAt == MonotonicInstant(seconds: 1))
        #expect(w.visits[0].endedAt == MonotonicInstant(seconds: 3.5))
        #expect(w.visits[0].exit == .left(.productTap))
        #expect(w.screen.activeVisit == nil)
    }

    @Test("Every visit gets a new uniqueViewId; an exit without an interaction sends none")
    func newIdPerVisit() {
        let w = WishlistScreen()
        for n in 0..<3 {
            w.at(Double(n * 10))
            w.screen.enter()
            w.at(Double(n * 10 + 2))
            w.screen.exit()
        }
        #expect(w.pageViews.map(\.uniqueViewId) == [1, 2, 3].map(SequentialIDs.id))
        #expect(w.pageViews.allSatisfy { $0.exitInteraction == nil })
        #expect(w.visits.map(\.number) == [1, 2, 3])
        #expect(w.visits.allSatisfy { $0.timeOnScreen == .seconds(2) })
    }

    @Test("A second enter without an exit, or an exit without an enter, changes nothing")
    func repeatedCalls() {
        let w = WishlistScreen()
        w.screen.exit()
        w.screen.enter()
        w.at(1)
        w.screen.enter()
        w.at(2)
        w.screen.exit()
        w.screen.exit()
        #expect(w.visits.map(\.timeOnScreen) == [.seconds(2)])
    }

    @Test("Exit to background ends the visit; the return begins a new one; time in background never counts")
    func exitToBackgroundAndReturn() {
        let w = WishlistScreen()
        w.screen.enter()
        w.at(4)
        w.lifecycle.post(.didEnterBackground)
        #expect(w.pageViews.count == 1)
        #expect(w.pageViews[0].exitInteraction == .background)
        #expect(w.visits[0].exit == .background)
        #expect(w.visits[0].timeOnScreen == .seconds(4))
        w.at(600)   // ten minutes away
        w.lifecycle.post(.willEnterForeground)
        #expect(w.screen.uniqueViewId == SequentialIDs.id(2))
        w.at(601)
        w.screen.exit(interaction: .back)
        #expect(w.pageViews.map(\.uniqueViewId) == [SequentialIDs.id(1), SequentialIDs.id(2)])
        #expect(w.visits[1].timeOnScreen == .seconds(1))
        #expect(w.visits[1].exit == .left(.back))
    }

    @Test("A screen that left while the app was away sends nothing more, and the return begins no visit")
    func exitWhileInBackground() {
        let w = WishlistScreen()
        w.screen.enter()
        w.at(1)
        w.screen.enterBackground()
        w.screen.exit(interaction: .back)
        w.screen.enterForeground()
        #expect(w.pageViews.count == 1)
        #expect(w.screen.activeVisit == nil)
    }

    @Test("Suspension stops the time on screen and the visit goes on")
    func suspension() {
        let w = WishlistScreen()
        w.screen.enter()
        w.at(2)
        w.lifecycle.post(.willSuspend)
        w.at(30)
        w.lifecycle.post(.didResume)
        w.at(31)
        w.screen.exit()
        #expect(w.visits.count == 1)
        #expect(w.visits[0].timeOnScreen == .seconds(3))
    }

    @Test("UIKit's order (resign active, background, foreground, active) counts only the time in front")
    func uiKitOrder() {
        let w = WishlistScreen()
        w.screen.enter()
        w.at(2)
        w.lifecycle.post(.willSuspend)
        w.at(2.5)
        w.lifecycle.post(.didEnterBackground)
        w.at(100)
        w.lifecycle.post(.willEnterForeground)
        w.at(100.5)
        w.lifecycle.post(.didResume)
        w.at(103.5)
        w.screen.exit()
        #expect(w.visits.map(\.timeOnScreen) == [.seconds(2), .seconds(3)])
        #expect(w.visits.map(\.exit) == [.background, .left(nil)])
    }

    @Test("A screen entered while the app is in background begins its visit on return")
    func createdInBackground() {
        let w = WishlistScreen()
        w.lifecycle.post(.didEnterBackground)
        w.screen.enter()
        #expect(w.screen.activeVisit == nil)
        w.at(5)
        w.lifecycle.post(.willEnterForeground)
        w.at(6)
        w.screen.exit()
        #expect(w.visits.map(\.timeOnScreen) == [.seconds(1)])
    }

    @Test("Without a lifecycle hub the app reports the lifecycle itself")
    func noHub() {
        let clock = ManualClock()
        let recorder = TrackingRecorder()
        let hub = ApplicationLifecycle()
        let screen = ScreenTracker<Omnitracking.ExitInteraction>(events: recorder, clock: clock, lifecycle: nil) { visit in
            Omnitracking.wishlistPageView(uniqueViewId: visit.uniqueViewId, skuItemList: [])
        }
        #expect(hub.participantCount == 0)
        screen.enter()
        hub.post(.didEnterBackground)
        #expect(recorder.events.isEmpty)
        screen.enterBackground()
        #expect(recorder.events.count == 1)
    }
}

/// A clock an app could get wrong: it steps back.
final class SteppingBackClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }
    var now = Instant(offset: .seconds(100))
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}

@MainActor @Suite("Screen tracker, hostile clock")
struct ScreenTrackerHostileClockTests {
    @Test("A clock that steps back never gives a negative time on screen")
    func clockSteppingBack() {
        let clock = SteppingBackClock()
        var visits: [ScreenVisit<Never>] = []
        let screen = ScreenTracker<Never>(events: TrackingRecorder(), clock: clock, lifecycle: nil) { visit in
            visits.append(visit)
            return Omnitracking.wishlistPageView(uniqueViewId: visit.uniqueViewId, skuItemList: [])
        }
        screen.enter()
        clock.now = .init(offset: .seconds(40))
        screen.suspend()
        screen.resume()
        clock.now = .init(offset: .seconds(10))
        screen.exit()
        #expect(visits.map(\.timeOnScreen) == [.zero])
        #expect(visits.first?.secondsOnScreen == 0)
    }
}
