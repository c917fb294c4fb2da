/// Anything that accepts contract events: the dispatcher's `TrackingClient`
/// (which conforms in its own module, so app code needs no conformance of its
/// own), a test recorder, or a sink of the app's.
///
/// The requirement is generic (`some TrackingEvent`) so existentials are opened
/// on the way in and the client's own generic `track(_:)` is the witness. A
/// non-generic `track(_: any TrackingEvent)` would shadow the client's method
/// and call itself.
public protocol TrackingEventSink: Sendable {
    func track(_ event: some TrackingEvent)
}
