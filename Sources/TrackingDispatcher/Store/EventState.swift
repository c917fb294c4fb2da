/// Where a stored event is in its delivery.
public enum EventState: Int, Sendable, Hashable {
    /// Waiting for a flush.
    case pending = 0
    /// Part of a request whose answer has not arrived. A crash leaves rows in this
    /// state; opening the store makes them pending again (at-least-once).
    case inFlight = 1
    /// The collector refused the event (or it can never be sent); kept with the
    /// reason for inspection, never retried automatically.
    case setAside = 2
}
