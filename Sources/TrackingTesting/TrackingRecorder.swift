import Foundation
import TrackingCore

/// A ``TrackingEventSink`` for tests: keeps every event it is given, typed, in
/// order. Pass it where the app passes its `TrackingClient` (a screen tracker,
/// an impression adapter) and check what arrived with `expectTracked` and
/// `expectNoContractViolations`.
public final class TrackingRecorder: TrackingEventSink, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [any TrackingEvent] = []

    public init() {}

    public func track(_ event: some TrackingEvent) {
        lock.withLock { recorded.append(event) }
    }

    /// Every event so far, in order.
    public var events: [any TrackingEvent] { lock.withLock { recorded } }

    /// The events of one type (a kind's event struct, such as `Shop.Events.PageView`), in order.
    public func events<Event: TrackingEvent>(of type: Event.Type) -> [Event] {
        events.compactMap { $0 as? Event }
    }

    /// Forgets what was recorded.
    public func reset() { lock.withLock { recorded.removeAll() } }
}
