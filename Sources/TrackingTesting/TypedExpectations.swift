import Testing
import TrackingCore

/// Expects at least one event named `name` (a generated constant such as
/// `Shop.Events.homePageView`, which also gives the event's kind struct) that
/// satisfies `predicate` (and exactly `count` of them when given); fails
/// listing what was tracked instead. Returns the matching events.
///
/// ```swift
/// expectTracked(Shop.Events.homePageView, in: recorder, count: 1) {
///     $0.secondsOnScreen == 2.5 && $0.field(Shop.Fields.exitInteraction) == .productTap
/// }
/// ```
@discardableResult
public func expectTracked<Event: TrackingEvent>(
    _ name: EventName<Event>, in recorder: TrackingRecorder, count: Int? = nil,
    where predicate: (Event) -> Bool = { _ in true },
    sourceLocation: SourceLocation = #_sourceLocation
) -> [Event] {
    expectTracked(Event.self, named: name.wireName, in: recorder, count: count, where: predicate, sourceLocation: sourceLocation)
}

extension TrackingRecorder {
    /// The recorded events named `name`, in the order they were tracked.
    public func events<Event: TrackingEvent>(_ name: EventName<Event>) -> [Event] {
        events(of: Event.self).filter { $0.eventName == name.wireName }
    }
}
