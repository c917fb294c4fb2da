import TrackingCore

/// Receives committed batches of impressions. Called synchronously on the
/// driver's isolation domain; an implementation that does I/O hands the batch
/// on (to an actor, a queue) rather than blocking the caller.
public protocol ImpressionSink: Sendable {
    func receive(_ batch: ImpressionBatch)
}

/// Maps impressions to events of the contract's `impression` kind with a
/// factory the app supplies (it knows its generated event function, its view
/// type and the view id of each visit), and hands them to an event sink
/// (`TrackingEventSink`: the dispatcher's `TrackingClient` is one).
///
/// ```swift
/// let adapter = ImpressionEventAdapter(events: trackingClient) { impression in
///     Shop.productImpression(uniqueViewId: visitId, itemId: impression.itemID.rawValue,
///                            position: impression.position, visibleSeconds: impression.visibleSeconds,
///                            sku: impression.itemID.rawValue)
/// }
/// ```
///
/// Impressions of a tracked screen carry its visit's `uniqueViewId`: use the
/// screen tracker's `impressionSink(events:makeEvent:)` instead (ScreenTracking).
public struct ImpressionEventAdapter: ImpressionSink {
    public let events: any TrackingEventSink
    public let makeEvent: @Sendable (Impression) -> any TrackingEvent

    public init(events: any TrackingEventSink, makeEvent: @escaping @Sendable (Impression) -> any TrackingEvent) {
        self.events = events
        self.makeEvent = makeEvent
    }

    public func receive(_ batch: ImpressionBatch) {
        for impression in batch.impressions { events.track(makeEvent(impression)) }
    }
}
