#if canImport(UIKit) && !os(watchOS)
import Foundation
import TrackingDispatcher
import UIKit

/// Background time from UIKit: `UIApplication.beginBackgroundTask(withName:expirationHandler:)`
/// and `endBackgroundTask(_:)`, for ``TrackingClient``'s `backgroundTime`.
///
/// ```swift
/// let client = TrackingClient(configuration: configuration, providers: providers,
///                             backgroundTime: UIApplicationBackgroundTimeProvider())
/// let lifecycle = ApplicationLifecycleObserver(client: client)
/// ```
///
/// UIKit calls the expiration handler on the main thread; the dispatcher ends the
/// task from inside it, so the time is given back before the deadline.
public final class UIApplicationBackgroundTimeProvider: BackgroundTimeProvider {
    public init() {}

    public func beginBackgroundTime(named name: String, onExpiration: @escaping @Sendable () -> Void) -> BackgroundTimeGrant? {
        let raw = Self.onMainSync {
            UIApplication.shared.beginBackgroundTask(withName: name, expirationHandler: onExpiration).rawValue
        }
        guard raw != UIBackgroundTaskIdentifier.invalid.rawValue else { return nil }
        return BackgroundTimeGrant(rawValue: raw)
    }

    public func endBackgroundTime(_ grant: BackgroundTimeGrant) {
        let identifier = UIBackgroundTaskIdentifier(rawValue: grant.rawValue)
        if Thread.isMainThread {
            // The expiration handler's path: end before returning from it.
            MainActor.assumeIsolated { UIApplication.shared.endBackgroundTask(identifier) }
        } else {
            // Never block a background thread on the main one.
            DispatchQueue.main.async { UIApplication.shared.endBackgroundTask(identifier) }
        }
    }

    /// Runs `body` on the main thread (UIApplication is main-actor isolated):
    /// directly when already there (`applicationDidEnterBackground` is).
    private static func onMainSync(_ body: @MainActor () -> Int) -> Int {
        if Thread.isMainThread { return MainActor.assumeIsolated(body) }
        return DispatchQueue.main.sync { MainActor.assumeIsolated(body) }
    }
}
#endif
