import TrackingCore

// The client is where screen trackers and impression adapters send their events;
// declaring the conformance here spares app code a retroactive one.
extension TrackingClient: TrackingEventSink {}
