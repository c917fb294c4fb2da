import TrackingCore

/// Drives a tracker from a clock on the main actor: stamps every input with the
/// clock's time and keeps exactly one wake-up pending, at the tracker's next
/// deadline, however many items are on screen. It replaces a timer per item
/// (and the stalls of run-loop timers while the user drags).
///
/// The clock is injected: `ContinuousClock()` in an app, a manual clock in tests.
///
/// It registers with an ``ApplicationLifecycle`` hub (``ApplicationLifecycle/shared``
/// unless told otherwise), so background, foreground, suspension and resumption
/// reach it without the app calling anything. While a screen tracker drives it
/// (`ScreenTracker.attach(_:)`), the screen passes those changes on instead.
@MainActor
public final class ImpressionDriver<C: Clock>: ApplicationLifecycleParticipant where C.Duration == Duration {
    public let tracker: ImpressionTracker
    private let clock: C
    private let origin: C.Instant
    private var wakeUp: Task<Void, Never>?
    /// The engine time of the pending wake-up, if any.
    public private(set) var scheduledWakeUp: MonotonicInstant?

    /// Set while a screen tracker drives this driver's lifecycle.
    package var isDrivenByScreen = false

    /// - Parameters:
    ///   - tracker: the tracker to drive.
    ///   - clock: the time source; engine time 0 is the clock's time at creation.
    ///   - lifecycle: the hub that tells the driver about background, foreground
    ///     and suspension (nil: the app calls those methods itself). A driver
    ///     created while the app is in background or suspended starts so.
    public init(tracker: ImpressionTracker, clock: C, lifecycle: ApplicationLifecycle? = .shared) {
        self.tracker = tracker
        self.clock = clock
        self.origin = clock.now
        if let lifecycle {
            let state = lifecycle.state
            if state.isInBackground { enterBackground() }
            if state.isSuspended { suspend() }
            lifecycle.register(self)
        }
    }

    public func applicationLifecycleDidChange(_ change: ApplicationLifecycleChange) {
        guard !isDrivenByScreen else { return }
        switch change {
        case .didEnterBackground: enterBackground()
        case .willEnterForeground: enterForeground()
        case .willSuspend: suspend()
        case .didResume: resume()
        }
    }

    deinit { wakeUp?.cancel() }

    /// The engine time now.
    public var now: MonotonicInstant {
        MonotonicInstant(nanoseconds: origin.duration(to: clock.now).nanosecondsValue)
    }

    public func report(_ report: VisibilityReport) { apply { $0.report(report, at: $1) } }
    public func start() { apply { $0.start(at: $1) } }
    public func stop() { apply { $0.stop(at: $1) } }
    public func enterBackground() { apply { $0.enterBackground(at: $1) } }
    public func enterForeground() { apply { $0.enterForeground(at: $1) } }
    public func suspend() { apply { $0.suspend(at: $1) } }
    public func resume() { apply { $0.resume(at: $1) } }
    public func beginVisit() { apply { $0.beginVisit(at: $1) } }
    public func restart() { apply { $0.restart(at: $1) } }
    public func flush() { apply { $0.flush(at: $1) } }

    private func apply(_ input: (ImpressionTracker, MonotonicInstant) -> Void) {
        input(tracker, now)
        reschedule()
    }

    /// Keeps one wake-up at the tracker's deadline; moves it only when the
    /// deadline moved.
    private func reschedule() {
        let deadline = tracker.nextDeadline
        guard deadline != scheduledWakeUp else { return }
        wakeUp?.cancel()
        wakeUp = nil
        scheduledWakeUp = deadline
        guard let deadline else { return }
        let instant = origin.advanced(by: .nanoseconds(deadline.nanoseconds))
        let clock = self.clock
        wakeUp = Task { [weak self] in
            do {
                try await clock.sleep(until: instant, tolerance: nil)
            } catch {
                return // cancelled: a newer wake-up replaced this one
            }
            guard !Task.isCancelled else { return }
            self?.wake()
        }
    }

    private func wake() {
        wakeUp = nil
        scheduledWakeUp = nil
        apply { $0.advance(to: $1) }
    }
}
