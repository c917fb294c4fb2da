import Foundation
import TrackingCore

/// The loopback collector's check of one received event: the envelope only
/// (what a collector can never accept), plus an optional contract validator the
/// test passes in (TrackingCore's `ContractDescriptor.validate(payload:)`). It has
/// no contract rules of its own.
struct EventChecker: Sendable {
    var contractValidator: (@Sendable (JSONValue) -> [Violation])?

    init(contractValidator: (@Sendable (JSONValue) -> [Violation])? = nil) {
        self.contractValidator = contractValidator
    }

    enum Result: Sendable {
        case accepted(uuid: String, event: String, violations: [String])
        case rejected(uuid: String, reason: String)
    }

    func check(_ value: JSONValue) -> Result {
        guard case .object = value else { return .rejected(uuid: "", reason: "an event must be a JSON object") }
        guard let uuid = value["uuid"]?.stringValue, UUID(uuidString: uuid) != nil else {
            return .rejected(uuid: value["uuid"]?.stringValue ?? "", reason: "uuid is missing or not a UUID")
        }
        let id = uuid.lowercased()
        guard let name = value["event"]?.stringValue, !name.isEmpty else { return .rejected(uuid: id, reason: "event is missing") }
        guard let timestamp = value["clientTimestamp"]?.stringValue, ISO8601Timestamp.date(from: timestamp) != nil else {
            return .rejected(uuid: id, reason: "clientTimestamp is missing or not ISO 8601 UTC with milliseconds")
        }
        return .accepted(uuid: id, event: name, violations: contractValidator?(value).map(\.description) ?? [])
    }
}
