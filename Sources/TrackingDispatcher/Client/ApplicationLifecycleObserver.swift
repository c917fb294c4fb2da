import Foundation

/// Reports the application's lifecycle to a ``TrackingClient`` automatically, by
/// observing the platform's application notifications in a `NotificationCenter`.
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
    /// The notification names that mean "will enter foreground" and "did enter background".
    public struct NotificationNames: Sendable, Hashable {
        public var willEnterForeground: [Notification.Name]
        public var didEnterBackground: [Notification.Name]

        public init(willEnterForeground: [Notification.Name], didEnterBackground: [Notification.Name]) {
            self.willEnterForeground = willEnterForeground
            self.didEnterBackground = didEnterBackground
        }

        /// `UIApplication.willEnterForegroundNotification` and
        /// `UIApplication.didEnterBackgroundNotification` (iOS, iPadOS, tvOS, visionOS, Mac Catalyst).
        public static let uiKit = NotificationNames(
            willEnterForeground: [Notification.Name("UIApplicationWillEnterForegroundNotification")],
            didEnterBackground: [Notification.Name("UIApplicationDidEnterBackgroundNotification")])

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

    /// Starts observing `names` in `center` and reporting them to `client`.
    /// Whether a report flushes is still up to the client's ``FlushStrategy``.
    public init(client: TrackingClient, names: NotificationNames = .platformDefault,
                center: NotificationCenter = .default) {
        self.center = center
        var tokens: [any NSObjectProtocol] = []
        for name in names.willEnterForeground {
            tokens.append(center.addObserver(forName: name, object: nil, queue: nil) { _ in
                client.applicationWillEnterForeground()
            })
        }
        for name in names.didEnterBackground {
            tokens.append(center.addObserver(forName: name, object: nil, queue: nil) { _ in
                client.applicationDidEnterBackground()
            })
        }
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
