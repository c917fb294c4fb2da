import Foundation
import TrackingDispatcher

/// A provider of this example's own, so that it can print what it tracked:
/// it keeps every event the dispatcher hands it (after persisting it), in
/// order. Writing a provider takes no more than this; tests use
/// `TrackingTesting`'s `RecordingProvider` instead.
final class KeptEvents: TrackingProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [ProcessedEvent] = []

    /// Every event so far, in tracking order.
    var events: [ProcessedEvent] { lock.withLock { kept } }

    func setup(_ context: ProviderContext) {}
    func track(_ event: ProcessedEvent) { lock.withLock { kept.append(event) } }
    func associate(user: TrackedUser) {}
    func disassociate() {}
}
