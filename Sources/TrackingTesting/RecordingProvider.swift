import Foundation
import TrackingDispatcher

/// A provider that remembers everything the dispatcher hands it, for tests of
/// app code wired to a real `TrackingClient`: "did this screen track that
/// event, and what did the dispatcher make of it (flags, violations)?".
/// (``TrackingRecorder`` stands in for the client itself.)
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
    /// Whether the client set this provider up.
    public var isSetUp: Bool { lock.withLock { wasSetUp } }

    public func setup(_ context: ProviderContext) { lock.withLock { wasSetUp = true } }
    public func track(_ event: ProcessedEvent) { lock.withLock { recorded.append(event) } }
    public func associate(user: TrackedUser) { lock.withLock { currentUser = user } }
    public func disassociate() { lock.withLock { currentUser = nil } }

    /// Forgets what was recorded.
    public func reset() { lock.withLock { recorded.removeAll() } }
}
