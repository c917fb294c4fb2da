import Foundation
import TrackingCore

/// Checks one received event. Rejections (the event can never be accepted) are
/// structural: not an object, no valid `uuid`, `event`, `kind`, `contractVersion`
/// or `clientTimestamp`. Contract violations (unknown fields, broken constraints)
/// do not reject: they are listed per event in the answer and stored with it.
public struct EventChecker: Sendable {
    /// Contract validation of one encoded event (the contract descriptor's
    /// `validate(payload:)`); `nil` checks the envelope only.
    public var contractValidator: (@Sendable (JSONValue) -> [Violation])?

    /// A checker; without a validator it checks the envelope only.
    public init(contractValidator: (@Sendable (JSONValue) -> [Violation])? = nil) {
        self.contractValidator = contractValidator
    }

    /// The verdict on one event.
    public enum Result: Sendable {
        /// Stored, with the contract's violations (none when the event is valid).
        case accepted(uuid: String, event: String, kind: String, violations: [Violation])
        /// Never stored as an event: the envelope is broken.
        case rejected(uuid: String, reason: String)
    }

    /// The verdict on one received event.
    public func check(_ value: JSONValue) -> Result {
        guard case .object = value else { return .rejected(uuid: "", reason: "an event must be a JSON object") }
        guard let uuid = value[WireNames.uuid]?.stringValue, ParsedUUID(uuid) != nil else {
            return .rejected(uuid: value[WireNames.uuid]?.stringValue ?? "", reason: "uuid is missing or not a UUID")
        }
        // Runtimes send uuids in lowercase: no new string for them.
        let id = uuid.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? uuid.lowercased() : uuid
        guard let name = value[WireNames.event]?.stringValue, !name.isEmpty else {
            return .rejected(uuid: id, reason: "event is missing")
        }
        guard let kind = value[WireNames.kind]?.stringValue else { return .rejected(uuid: id, reason: "kind is missing") }
        guard value[WireNames.contractVersion]?.stringValue != nil else {
            return .rejected(uuid: id, reason: "contractVersion is missing")
        }
        guard let timestamp = value[WireNames.clientTimestamp]?.stringValue, ISO8601Timestamp.date(from: timestamp) != nil else {
            return .rejected(uuid: id, reason: "clientTimestamp is missing or not ISO 8601 UTC with milliseconds")
        }
        return .accepted(uuid: id, event: name, kind: kind, violations: contractValidator?(value) ?? [])
    }
}
