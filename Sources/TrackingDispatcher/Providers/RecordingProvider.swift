import Foundation

/// Remembers everything it receives, for tests of app code: "did this screen
/// track that event?".
public final class RecordingProvider: TrackingProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ProcessedEvent] = []
    private var currentUser: TrackedUser?
    private var wasSetUp = false

    public init() {}

    /// Every event tracked so far, in order.
    public var events: [ProcessedEvent] { lock.withLock { recorded } }
    /// The associated user, if any.
    public var user: TrackedUser? { lock.withLock { currentUser } }
    public var isSetUp: Bool { lock.withLock { wasSetUp } }

    public func setup(_ context: ProviderContext) { lock.withLock { wasSetUp = true } }
    public func track(_ event: ProcessedEvent) { lock.withLock { recorded.append(event) } }
    public func associate(user: TrackedUser) { lock.withLock { currentUser = user } }
    public func disassociate() { lock.withLock { currentUser = nil } }

    /// Forgets what was recorded.
    public func reset() { lock.withLock { recorded.removeAll() } }
}
