import Foundation
import ImpressionTracking
import TrackingCore

/// Turns one screen's enter, exit, exit to background and return into the
/// contract's page-view events, through a factory the app supplies that makes
/// its page view from a ``ScreenVisit`` with the event's generated function (no
/// string keys anywhere).
///
/// - Every visit gets a new `uniqueViewId`; its impressions carry the same one.
/// - Time on screen counts only while the screen is shown, the app is in front
///   and not suspended. Going to the background ends the visit (its page view
///   is sent then, with ``ScreenExit/background``); coming back while the
///   screen is still shown begins a new visit.
/// - One page view per visit, sent when the visit ends (its time on screen is
///   known only then).
///
/// It registers with an ``ApplicationLifecycle`` hub (``ApplicationLifecycle/shared``
/// unless told otherwise), which `ApplicationLifecycleObserver` feeds, so the
/// app reports nothing but `enter()` and `exit(interaction:)`.
///
/// ```swift
/// let screen = ScreenTracker(events: client, clock: ContinuousClock()) { visit in
///     Shop.homePageView(uniqueViewId: visit.uniqueViewId, secondsOnScreen: visit.secondsOnScreen,
///                       exitInteraction: visit.exitInteraction(background: .background))
/// }
/// screen.enter()                        // the screen appeared
/// screen.exit(interaction: .productTap) // the user left it
/// ```
@MainActor
public final class ScreenTracker<Interaction: Sendable>: ApplicationLifecycleParticipant {
    /// The visit under way, if any.
    public struct ActiveVisit: Sendable, Hashable {
        public let uniqueViewId: UUID
        public let number: Int
        public let enteredAt: MonotonicInstant
    }

    private let events: any TrackingEventSink
    private let now: () -> MonotonicInstant
    private let makeUniqueViewId: () -> UUID
    private let makeEvent: (ScreenVisit<Interaction>) -> any TrackingEvent
    private let directory = ScreenVisitDirectory()
    private var drivers: [any ScreenDrivenImpressions] = []

    /// Between `enter()` and `exit(interaction:)`.
    public private(set) var isShown = false
    public private(set) var isInBackground = false
    public private(set) var isSuspended = false
    /// The visit under way: the screen is shown and the app in front.
    public private(set) var activeVisit: ActiveVisit?
    private var visitCount = 0
    /// Time on screen of the active visit before `countingSince`.
    private var counted: Duration = .zero
    /// Set while the active visit's time counts (not suspended).
    private var countingSince: MonotonicInstant?

    /// - Parameters:
    ///   - events: where page views go (the dispatcher's `TrackingClient`).
    ///   - clock: the time source (`ContinuousClock()` in an app, a manual clock in tests).
    ///   - lifecycle: the hub that reports background, foreground and suspension
    ///     (nil: the app calls ``enterBackground()`` and the others itself).
    ///   - makeUniqueViewId: a new id per visit (tests pass fixed ones).
    ///   - makeEvent: the screen's page-view event, built from the visit that ended.
    public init<C: Clock>(
        events: any TrackingEventSink, clock: C, lifecycle: ApplicationLifecycle? = .shared,
        makeUniqueViewId: @escaping () -> UUID = { UUID() },
        makeEvent: @escaping (ScreenVisit<Interaction>) -> any TrackingEvent
    ) where C.Duration == Duration {
        self.events = events
        let origin = clock.now
        self.now = { MonotonicInstant(nanoseconds: Self.nanoseconds(origin.duration(to: clock.now))) }
        self.makeUniqueViewId = makeUniqueViewId
        self.makeEvent = makeEvent
        if let lifecycle {
            isInBackground = lifecycle.state.isInBackground
            isSuspended = lifecycle.state.isSuspended
            lifecycle.register(self)
        }
    }

    /// The `uniqueViewId` of the visit under way.
    public var uniqueViewId: UUID? { activeVisit?.uniqueViewId }

    // MARK: The screen

    /// The screen appeared. A second `enter()` without an exit changes nothing.
    public func enter() {
        guard !isShown else { return }
        isShown = true
        if !isInBackground { beginVisit(at: now()) }
    }

    /// The screen disappeared: the visit ends and its page view is sent, with
    /// the interaction that led away when the app gives one.
    public func exit(interaction: Interaction? = nil) {
        guard isShown else { return }
        isShown = false
        let time = now()
        for driver in drivers { driver.stop() }
        endVisit(at: time, exit: .left(interaction))
    }

    // MARK: The app's life (called by the lifecycle hub, or by the app)

    /// Exit to background: the visit ends with ``ScreenExit/background``.
    public func enterBackground() {
        guard !isInBackground else { return }
        isInBackground = true
        let time = now()
        for driver in drivers { driver.enterBackground() }
        endVisit(at: time, exit: .background)
    }

    /// Return: a screen still shown begins a new visit (and a new impression visit).
    public func enterForeground() {
        guard isInBackground else { return }
        isInBackground = false
        for driver in drivers { driver.enterForeground() }
        if isShown { beginVisit(at: now()) }
    }

    /// Time stops counting, and the visit goes on.
    public func suspend() {
        guard !isSuspended else { return }
        isSuspended = true
        for driver in drivers { driver.suspend() }
        if let since = countingSince {
            counted += Self.elapsed(from: since, to: now())
            countingSince = nil
        }
    }

    /// Time counts again.
    public func resume() {
        guard isSuspended else { return }
        isSuspended = false
        for driver in drivers { driver.resume() }
        if activeVisit != nil { countingSince = now() }
    }

    public func applicationLifecycleDidChange(_ change: ApplicationLifecycleChange) {
        switch change {
        case .didEnterBackground: enterBackground()
        case .willEnterForeground: enterForeground()
        case .willSuspend: suspend()
        case .didResume: resume()
        }
    }

    // MARK: Impressions

    /// Lets this screen drive `driver`: each visit of the screen is a new
    /// impression visit, started and stopped with it, and the lifecycle hub
    /// reaches the driver through the screen. Build the driver's tracker with
    /// ``impressionSink(events:makeEvent:)`` so its events carry the visit's id.
    public func attach<C: Clock>(_ driver: ImpressionDriver<C>) where C.Duration == Duration {
        guard !drivers.contains(where: { $0 === driver }) else { return }
        driver.isDrivenByScreen = true
        drivers.append(driver)
        // Bring it to the screen's state.
        if isInBackground { driver.enterBackground() } else { driver.enterForeground() }
        if isSuspended { driver.suspend() } else { driver.resume() }
        if activeVisit != nil { startImpressionVisit(of: driver) }
    }

    /// An impression sink whose events carry the `uniqueViewId` of the screen
    /// visit each impression belongs to.
    ///
    /// ```swift
    /// let tracker = try ImpressionTracker(rules: .mrc, sink: screen.impressionSink(events: client) { impression, uniqueViewId in
    ///     Shop.productImpression(uniqueViewId: uniqueViewId, itemId: impression.itemID.rawValue, …)
    /// })
    /// ```
    public func impressionSink(
        events: any TrackingEventSink,
        makeEvent: @escaping @Sendable (_ impression: Impression, _ uniqueViewId: UUID) -> any TrackingEvent
    ) -> ScreenImpressionSink {
        ScreenImpressionSink(events: events, directory: directory, makeEvent: makeEvent)
    }

    // MARK: Visits

    private func beginVisit(at time: MonotonicInstant) {
        visitCount += 1
        let visit = ActiveVisit(uniqueViewId: makeUniqueViewId(), number: visitCount, enteredAt: time)
        activeVisit = visit
        counted = .zero
        countingSince = isSuspended ? nil : time
        for driver in drivers { startImpressionVisit(of: driver) }
    }

    private func startImpressionVisit(of driver: any ScreenDrivenImpressions) {
        guard let visit = activeVisit else { return }
        if driver.isStarted { driver.beginVisit() } else { driver.restart() }
        directory.record(impressionVisit: driver.impressionVisit, uniqueViewId: visit.uniqueViewId)
    }

    private func endVisit(at time: MonotonicInstant, exit: ScreenExit<Interaction>) {
        guard let visit = activeVisit else { return }
        if let since = countingSince { counted += Self.elapsed(from: since, to: time) }
        activeVisit = nil
        countingSince = nil
        let ended = ScreenVisit(uniqueViewId: visit.uniqueViewId, number: visit.number, enteredAt: visit.enteredAt,
                                endedAt: time, timeOnScreen: counted, exit: exit)
        counted = .zero
        events.track(makeEvent(ended))
    }

    /// Never negative: a clock that steps back counts nothing rather than
    /// sending a negative time on screen.
    private static func elapsed(from start: MonotonicInstant, to end: MonotonicInstant) -> Duration {
        max(.zero, end - start)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
