import Foundation
import ImpressionTracking
import TrackingCore

/// An impression sink that turns each impression into the app's generated
/// impression event, given the `uniqueViewId` of the screen visit it happened
/// in. Made by ``ScreenTracker/impressionSink(events:makeEvent:)``.
public struct ScreenImpressionSink: ImpressionSink {
    let events: any TrackingEventSink
    let directory: ScreenVisitDirectory
    let makeEvent: @Sendable (Impression, UUID) -> any TrackingEvent

    public func receive(_ batch: ImpressionBatch) {
        for impression in batch.impressions {
            // Only a driver the screen never started can produce an impression
            // with no visit id; there is no page to link it to.
            guard let id = directory.uniqueViewId(forImpressionVisit: impression.visit) else { continue }
            events.track(makeEvent(impression, id))
        }
    }
}
