/// One event of a contract by name, typed with the kind struct its function
/// returns. Generated code declares one per event (`Shop.Events.homePageView`,
/// an `EventName<Shop.Events.PageView>`), so that tests name events the
/// compiler checks: a misspelt name, or an event of another kind, does not
/// compile (`expectTracked(Shop.Events.homePageView, in: recorder)` in
/// `TrackingTesting`).
public struct EventName<Event: TrackingEvent>: Sendable, Hashable, CustomStringConvertible {
    /// The event's wire name (`"homePageView"`).
    public let wireName: String

    /// The event named `wireName` (generated code makes these).
    public init(_ wireName: String) { self.wireName = wireName }

    public var description: String { wireName }
}
