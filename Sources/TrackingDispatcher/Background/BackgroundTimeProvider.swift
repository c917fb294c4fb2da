/// Extra time in the background, as the platform grants it: what the app or an
/// adapter supplies to ``TrackingClient`` so that going to the background does not
/// cut the last flush short.
///
/// On iOS, `UIApplicationBackgroundTimeProvider` (the `AppleTrackingAdapters`
/// target) wraps `UIApplication.beginBackgroundTask(withName:expirationHandler:)`.
/// Tests supply a fake. The dispatcher begins at most one grant at a time and
/// ends every grant it began exactly once.
public protocol BackgroundTimeProvider: Sendable {
    /// Asks for extra time. `onExpiration` is called (on any thread) when the
    /// system says the time is up; the dispatcher then stops its work and ends
    /// the grant before returning from it. Returns `nil` when no time was granted.
    func beginBackgroundTime(named name: String, onExpiration: @escaping @Sendable () -> Void) -> BackgroundTimeGrant?
    /// Gives the time back. Called once per grant.
    func endBackgroundTime(_ grant: BackgroundTimeGrant)
}

/// One grant of background time (for UIKit, the background task identifier).
public struct BackgroundTimeGrant: Sendable, Hashable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}
