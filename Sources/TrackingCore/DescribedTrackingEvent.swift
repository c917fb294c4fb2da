import Foundation

/// An event that knows which of its fields may hold personal data, and so
/// prints itself safely: `print(event)`, `"\(event)"`, `String(reflecting:)`,
/// `debugPrint` and `dump` show its name, kind, violations and its JSON with
/// every pii value replaced by `"<redacted>"` (as logs show it), never the
/// raw values.
///
/// Every contract's generated envelope protocol (`Shop.Event`) refines it, so
/// generated events and models an app composes from the generated protocols
/// get all of it from this extension; generated code adds only `piiPolicy`.
public protocol DescribedTrackingEvent: TrackingEvent, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Which of the event's fields may hold personal data (the contract's `pii` fields).
    var piiPolicy: PIIPolicy { get }
}

extension TrackingEvent {
    /// The event as one JSON object, without globals, as text: the bytes of
    /// ``encodedJSON()``. Personal data is included; for logs use
    /// ``DescribedTrackingEvent/redactedJSONText()``.
    public func encodedJSONText() -> String {
        String(decoding: encodedJSON(), as: UTF8.self)
    }
}

extension DescribedTrackingEvent {
    /// The event's JSON as logs may show it: every value that may hold
    /// personal data replaced by `"<redacted>"`, at every depth.
    public func redactedJSONText() -> String {
        piiPolicy.redactedText(of: encodedJSON())
    }

    /// The violations as they may be shown: details withheld where a path lies in personal data.
    private func shownViolations(_ policy: PIIPolicy) -> [String] {
        validate().map { policy.withholdingDetails(of: $0, event: eventName).description }
    }

    /// `wishlistPageView (pageView) {"event":"wishlistPageView",…}`, then the
    /// violations, if any: `; violations: [email: …]`.
    public var description: String {
        // Generated code builds `piiPolicy` once per contract; read once per printed form all the same.
        let policy = piiPolicy
        let violations = shownViolations(policy)
        let head = "\(eventName) (\(kindName)) \(policy.redactedText(of: encodedJSON()))"
        return violations.isEmpty ? head : head + "; violations: [" + violations.joined(separator: "; ") + "]"
    }

    /// `PageView(event: "wishlistPageView", kind: "pageView", violations: [], json: {…})`.
    public var debugDescription: String {
        let policy = piiPolicy
        let violations = shownViolations(policy).map { String(reflecting: $0) }.joined(separator: ", ")
        return "\(Self.self)(event: \(String(reflecting: eventName)), kind: \(String(reflecting: kindName)), "
            + "violations: [\(violations)], json: \(policy.redactedText(of: encodedJSON())))"
    }

    /// What `dump` and debuggers show: name, kind, violations and the redacted
    /// JSON, not the stored properties (which hold pii values and encoded bytes).
    public var customMirror: Mirror {
        let policy = piiPolicy
        return Mirror(
            self,
            children: [
                (label: "event", value: eventName as Any),
                (label: "kind", value: kindName as Any),
                (label: "violations", value: shownViolations(policy) as Any),
                (label: "json", value: policy.redactedText(of: encodedJSON()) as Any),
            ],
            displayStyle: .struct
        )
    }
}
