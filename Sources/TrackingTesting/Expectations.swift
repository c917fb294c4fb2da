import Testing
import TrackingCore
import TrackingDispatcher

/// Expects at least one event of type `Event` (a kind's event struct, such as
/// `Shop.Events.PageView`), named `name` when given, that satisfies
/// `predicate` (and exactly `count` of them when given); fails listing what
/// was tracked instead. Returns the matching events for further checks.
///
/// ```swift
/// let views = expectTracked(Shop.Events.PageView.self, named: "homePageView", in: recorder) {
///     ($0.field("secondsOnScreen")?.doubleValue ?? 0) >= 1
/// }
/// ```
@discardableResult
public func expectTracked<Event: TrackingEvent>(
    _ type: Event.Type, named name: String? = nil, in recorder: TrackingRecorder, count: Int? = nil,
    where predicate: (Event) -> Bool = { _ in true },
    sourceLocation: SourceLocation = #_sourceLocation
) -> [Event] {
    let ofType = recorder.events(of: type).filter { name == nil || $0.eventName == name }
    let matching = ofType.filter(predicate)
    let expected = count.map { "exactly \($0)" } ?? "at least one"
    let what = name.map { "\(type) '\($0)'" } ?? "\(type)"
    if count.map({ matching.count != $0 }) ?? matching.isEmpty {
        let tracked = recorder.events.map(\.eventName)
        Issue.record(
            "expected \(expected) \(what) matching the predicate; \(matching.count) of \(ofType.count) of that type matched. Tracked: \(tracked.isEmpty ? "nothing" : tracked.joined(separator: ", "))",
            sourceLocation: sourceLocation)
    }
    return matching
}

/// Expects every event the recorder received to satisfy its contract
/// (each generated event's `validate()`); fails with every violation listed.
public func expectNoContractViolations(in recorder: TrackingRecorder, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = recorder.events.flatMap { event in
        event.validate().map { "\(event.eventName) \(event.uuid.lowercasedString): \($0)" }
    }
    if !lines.isEmpty {
        Issue.record(Comment(rawValue: "contract violations:\n" + lines.joined(separator: "\n")), sourceLocation: sourceLocation)
    }
}

/// Expects the client that reported to `monitor` to have reported no contract
/// violation; fails with every violation listed.
public func expectNoContractViolations(_ monitor: ContractViolationMonitor, sourceLocation: SourceLocation = #_sourceLocation) {
    let reports = monitor.reports
    if !reports.isEmpty {
        Issue.record(Comment(rawValue: "contract violations:\n" + reports.map(\.description).joined(separator: "\n")),
                     sourceLocation: sourceLocation)
    }
}

/// Expects no event a `RecordingProvider` received (processed by the
/// dispatcher) to carry contract violations; fails with every one listed.
public func expectNoContractViolations(in provider: RecordingProvider, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = provider.events.flatMap { event in event.violations.map { "\(event.eventName) \(event.uuid): \($0)" } }
    if !lines.isEmpty {
        Issue.record(Comment(rawValue: "contract violations:\n" + lines.joined(separator: "\n")), sourceLocation: sourceLocation)
    }
}
