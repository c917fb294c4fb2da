import Foundation
import TrackingCore

/// Events handed over together by `track(contentsOf:)`, kept in the caller's
/// array as they are: the caller pays one hand-off (an array is copied on write,
/// so keeping it costs nothing), and each event is boxed into `any TrackingEvent`
/// on the worker thread, not on the caller's.
protocol EventBulk: Sendable {
    var count: Int { get }
    /// The events with the time they were tracked, as the worker prepares them.
    func timed(at date: Date) -> [(any TrackingEvent, Date)]
}

/// Events of one type.
struct TypedEventBulk<Event: TrackingEvent>: EventBulk {
    let events: [Event]
    var count: Int { events.count }
    func timed(at date: Date) -> [(any TrackingEvent, Date)] { events.map { ($0, date) } }
}

/// Events of any types.
struct MixedEventBulk: EventBulk {
    let events: [any TrackingEvent]
    var count: Int { events.count }
    func timed(at date: Date) -> [(any TrackingEvent, Date)] { events.map { ($0, date) } }
}
