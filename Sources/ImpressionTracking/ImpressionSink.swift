import TrackingCore

/// Receives committed batches of impressions. Called synchronously on the
/// driver's isolation domain; an implementation that does I/O hands the batch
/// on (to an actor, a queue) rather than blocking the caller.
public protocol ImpressionSink: Sendable {
    func receive(_ batch: ImpressionBatch)
}

/// Anything that accepts contract events, so impressions flow into the same
/// pipeline as every other event.
///
/// The requirement is generic (`some TrackingEvent`), matching the dispatcher's
/// `TrackingClient.track(_:)`, so the client conforms with an empty extension
/// (`extension TrackingClient: ImpressionEventSink {}`) and existentials are
/// opened on the way in. A non-generic `track(_: any TrackingEvent)` would
/// instead shadow the generic method and call itself.
public protocol ImpressionEventSink: Sendable {
    func track(_ event: some TrackingEvent)
}

/// Maps impressions to events of the contract's `impression` kind with a
/// factory the app supplies (it knows its generated event type, its view type
/// and the view id of each visit), and hands them to an event sink.
///
/// ```swift
/// let adapter = ImpressionEventAdapter(events: trackingClient) { impression in
///     Omnitracking.ProductImpression(viewType: .productListing, uniqueViewId: visitIDs[impression.visit],
///                       itemId: impression.itemID.rawValue, position: impression.position,
///                       visibleSeconds: impression.visibleSeconds, visibleRatio: impression.maxRatio,
///                       sku: impression.itemID.rawValue)
/// }
/// ```
public struct ImpressionEventAdapter: ImpressionSink {
    public let events: any ImpressionEventSink
    public let makeEvent: @Sendable (Impression) -> any TrackingEvent

    public init(events: any ImpressionEventSink, makeEvent: @escaping @Sendable (Impression) -> any TrackingEvent) {
        self.events = events
        self.makeEvent = makeEvent
    }

    public func receive(_ batch: ImpressionBatch) {
        for impression in batch.impressions { events.track(makeEvent(impression)) }
    }
}
