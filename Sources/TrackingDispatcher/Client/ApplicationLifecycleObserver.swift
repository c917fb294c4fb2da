import Foundation
import TrackingCore

/// Reports the application's lifecycle automatically, by observing the
/// platform's application notifications in a `NotificationCenter`: to a
/// ``TrackingClient`` (flushes) and to an `ApplicationLifecycle` hub, which tells
/// every screen tracker and impression driver registered with it (they register
/// with `ApplicationLifecycle.shared` by default), so nothing is forgotten.
///
/// It observes the notifications by name, so the dispatcher links neither UIKit
/// nor AppKit and the same code runs (and is tested) on Linux. Keep the observer
/// alive as long as the client; it stops observing when released or on ``stop()``.
///
/// ```swift
/// let client = TrackingClient(configuration: configuration, providers: providers, globals: globals)
/// let lifecycle = ApplicationLifecycleObserver(client: client)   // UIKit or AppKit names
/// ```
///
/// Reachability is not observed here: report it from `NWPathMonitor` with
/// ``TrackingClient/networkReachabilityChanged(isReachable:)`` (docs/dispatcher.md).
public final class ApplicationLifecycleObserver: @unchecked Sendable {
    /// The notification names that mean "will enter foreground", "did enter
    /// background", and (for screens and impressions only) "will suspend" and "did resume".
    public struct NotificationNames: Sendable, Hashable {
        public var willEnterForeground: [Notification.Name]
        public var didEnterBackground: [Notification.Name]
        public var willSuspend: [Notification.Name]
        public var didResume: [Notification.Name]

        public init(willEnterForeground: [Notification.Name], didEnterBackground: [Notification.Name],
                    willSuspend: [Notification.Name] = [], didResume: [Notification.Name] = []) {
            self.willEnterForeground = willEnterForeground
            self.didEnterBackground = didEnterBackground
            self.willSuspend = willSuspend
            self.didResume = didResume
        }

        /// `UIApplication.willEnterForegroundNotification` and
        /// `UIApplication.didEnterBackgroundNotification` (iOS, iPadOS, tvOS, visionOS, Mac Catalyst);
        /// `willResignActiveNotification` and `didBecomeActiveNotification` as
        /// suspension (an incoming call, the app switcher: the screen is not in front).
        public static let uiKit = NotificationNames(
            willEnterForeground: [Notification.Name("UIApplicationWillEnterForegroundNotification")],
            didEnterBackground: [Notification.Name("UIApplicationDidEnterBackgroundNotification")],
            willSuspend: [Notification.Name("UIApplicationWillResignActiveNotification")],
            didResume: [Notification.Name("UIApplicationDidBecomeActiveNotification")])

        /// `NSApplication.willBecomeActiveNotification` and
        /// `NSApplication.didResignActiveNotification` (macOS: an app that stops
        /// being the active one is the closest to one going to the background).
        public static let appKit = NotificationNames(
            willEnterForeground: [Notification.Name("NSApplicationWillBecomeActiveNotification")],
            didEnterBackground: [Notification.Name("NSApplicationDidResignActiveNotification")])

        /// None: the platform has no application notifications (Linux, watchOS); report
        /// the lifecycle through the client's methods instead.
        public static let empty = NotificationNames(willEnterForeground: [], didEnterBackground: [])

        /// The names of the platform this code was compiled for.
        public static var platformDefault: NotificationNames {
            #if os(macOS) && !targetEnvironment(macCatalyst)
            return .appKit
            #elseif os(iOS) || os(tvOS) || os(visionOS)
            return .uiKit
            #else
            return .empty
            #endif
        }
    }

    private let center: NotificationCenter
    private let lock = NSLock()
    private var tokens: [any NSObjectProtocol] = []

    /// Starts observing `names` in `center` and reporting them to `client` and
    /// `lifecycle`. Whether a report flushes is still up to the client's ``FlushStrategy``.
    public init(client: TrackingClient, names: NotificationNames = .platformDefault,
                center: NotificationCenter = .default, lifecycle: ApplicationLifecycle? = .shared) {
        self.center = center
        var tokens: [any NSObjectProtocol] = []
        func observe(_ names: [Notification.Name], _ change: ApplicationLifecycleChange, _ report: @escaping @Sendable () -> Void) {
            for name in names {
                tokens.append(center.addObserver(forName: name, object: nil, queue: nil) { _ in
                    report()
                    lifecycle?.post(change)
                })
            }
        }
        observe(names.willEnterForeground, .willEnterForeground) { client.applicationWillEnterForeground() }
        observe(names.didEnterBackground, .didEnterBackground) { client.applicationDidEnterBackground() }
        observe(names.willSuspend, .willSuspend) {}
        observe(names.didResume, .didResume) {}
        self.tokens = tokens
    }

    /// Whether the observer still reports notifications.
    public var isObserving: Bool { lock.withLock { !tokens.isEmpty } }

    /// Stops observing. Safe to call more than once.
    public func stop() {
        let removed = lock.withLock { () -> [any NSObjectProtocol] in
            defer { tokens.removeAll() }
            return tokens
        }
        removed.forEach(center.removeObserver)
    }

    deinit { stop() }
}
