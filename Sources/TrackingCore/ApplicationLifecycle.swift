import Foundation

/// A change in the application's life that screens and impression drivers react to.
public enum ApplicationLifecycleChange: Sendable, Hashable {
    /// The app went to the background: screens end their visit, impression
    /// drivers stop counting and commit.
    case didEnterBackground
    /// The app is coming back to the foreground.
    case willEnterForeground
    /// The app stops being in front without going to the background (an
    /// incoming call, the app switcher, a suspended process): time stops counting.
    case willSuspend
    /// The app is in front again after `willSuspend`.
    case didResume
}

/// The application's state as far as counting time is concerned.
public struct ApplicationLifecycleState: Sendable, Hashable {
    public var isInBackground = false
    public var isSuspended = false
    public init() {}
}

/// An object told about lifecycle changes on the main actor (screen trackers,
/// impression drivers).
public protocol ApplicationLifecycleParticipant: AnyObject, Sendable {
    @MainActor func applicationLifecycleDidChange(_ change: ApplicationLifecycleChange)
}

/// Where lifecycle changes are announced to the participants that registered.
///
/// Screen trackers and impression drivers register with ``shared`` when they are
/// created, and `ApplicationLifecycleObserver` (TrackingDispatcher) posts the
/// platform's notifications to ``shared``: an app that creates the observer once
/// forgets no background, foreground or suspension. Tests pass a hub of their own.
///
/// Participants are held weakly and told in the order they registered, on the
/// main actor: at once when `post` is called on the main actor (or on the main
/// thread, where UIKit and AppKit post their notifications), otherwise in
/// main-actor tasks that keep the order of the posts.
public final class ApplicationLifecycle: @unchecked Sendable {
    /// The hub of the process.
    public static let shared = ApplicationLifecycle()

    private struct Entry {
        weak var participant: (any ApplicationLifecycleParticipant)?
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var current = ApplicationLifecycleState()
    /// The latest delivery hopping to the main actor; the next one waits for it.
    private var lastHop: Task<Void, Never>?
    /// Hops not yet delivered: a post on the main actor waits behind them.
    private var pendingHops = 0

    public init() {}

    /// The state after the changes posted so far (a participant created while
    /// the app is in background starts from it).
    public var state: ApplicationLifecycleState { lock.withLock { current } }

    /// Tells `participant` about every change posted from now on (held weakly).
    public func register(_ participant: any ApplicationLifecycleParticipant) {
        lock.withLock {
            entries.removeAll { $0.participant == nil || $0.participant === participant }
            entries.append(Entry(participant: participant))
        }
    }

    /// Stops telling `participant`.
    public func unregister(_ participant: any ApplicationLifecycleParticipant) {
        lock.withLock { entries.removeAll { $0.participant == nil || $0.participant === participant } }
    }

    /// The participants registered and still alive.
    public var participantCount: Int { lock.withLock { entries.filter { $0.participant != nil }.count } }

    /// Announces a change to every participant.
    /// - Parameter isolation: the caller's actor (filled in by the compiler):
    ///   a caller on the main actor has the participants told before `post` returns.
    public func post(_ change: ApplicationLifecycleChange, isolation: isolated (any Actor)? = #isolation) {
        let targets = lock.withLock { () -> [any ApplicationLifecycleParticipant] in
            switch change {
            case .didEnterBackground: current.isInBackground = true
            case .willEnterForeground: current.isInBackground = false
            case .willSuspend: current.isSuspended = true
            case .didResume: current.isSuspended = false
            }
            entries.removeAll { $0.participant == nil }
            return entries.compactMap(\.participant)
        }
        let onMainActor = isolation.map { $0 === MainActor.shared } ?? Thread.isMainThread
        if onMainActor, lock.withLock({ pendingHops == 0 }) {
            MainActor.assumeIsolated { Self.deliver(change, to: targets) }
            return
        }
        lock.withLock {
            let previous = lastHop
            pendingHops += 1
            lastHop = Task { @MainActor [self] in
                await previous?.value
                Self.deliver(change, to: targets)
                lock.withLock { pendingHops -= 1 }
            }
        }
    }

    /// Returns when every change posted so far has been delivered (changes
    /// posted off the main actor are delivered in main-actor tasks).
    public func waitForDeliveries() async {
        await lock.withLock({ lastHop })?.value
    }

    @MainActor private static func deliver(_ change: ApplicationLifecycleChange,
                                           to targets: [any ApplicationLifecycleParticipant]) {
        for target in targets { target.applicationLifecycleDidChange(change) }
    }
}
