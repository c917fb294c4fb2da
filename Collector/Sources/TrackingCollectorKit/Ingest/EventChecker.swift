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
    public func check(_ value: JSONValue) -> Result { checkKeepingUUID(value).result }

    /// The verdict, and for an accepted event its uuid as read for the check: the
    /// storage's in-memory index is keyed by it, so it is not read a second time.
    func checkKeepingUUID(_ value: JSONValue) -> (result: Result, key: ParsedUUID?) {
        guard case .object(let members) = value else { return (.rejected(uuid: "", reason: "an event must be a JSON object"), nil) }
        // The envelope in one pass over the members (the first of a name counts, as the subscript reads it).
        // Encoders write the envelope first: the pass ends once all five are found.
        var uuidValue, nameValue, kindValue, versionValue, timestampValue: JSONValue?
        var found = 0
        for member in members {
            switch member.key {
            case WireNames.event where nameValue == nil: nameValue = member.value
            case WireNames.kind where kindValue == nil: kindValue = member.value
            case WireNames.contractVersion where versionValue == nil: versionValue = member.value
            case WireNames.uuid where uuidValue == nil: uuidValue = member.value
            case WireNames.clientTimestamp where timestampValue == nil: timestampValue = member.value
            default: continue
            }
            found += 1
            if found == 5 { break }
        }
        guard let uuid = uuidValue?.stringValue, let key = ParsedUUID(uuid) else {
            return (.rejected(uuid: uuidValue?.stringValue ?? "", reason: "uuid is missing or not a UUID"), nil)
        }
        // Runtimes send uuids in lowercase: no new string for them.
        let isLowercase = uuid.utf8.withContiguousStorageIfAvailable { !$0.contains(where: Self.isUppercase) }
            ?? !uuid.utf8.contains(where: Self.isUppercase)
        let id = isLowercase ? uuid : uuid.lowercased()
        guard let name = nameValue?.stringValue, !name.isEmpty else {
            return (.rejected(uuid: id, reason: "event is missing"), nil)
        }
        guard let kind = kindValue?.stringValue else { return (.rejected(uuid: id, reason: "kind is missing"), nil) }
        guard versionValue?.stringValue != nil else {
            return (.rejected(uuid: id, reason: "contractVersion is missing"), nil)
        }
        guard let timestamp = timestampValue?.stringValue, ISO8601Timestamp.date(from: timestamp) != nil else {
            return (.rejected(uuid: id, reason: "clientTimestamp is missing or not ISO 8601 UTC with milliseconds"), nil)
        }
        return (.accepted(uuid: id, event: name, kind: kind, violations: contractValidator?(value) ?? []), key)
    }

    private static func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
}
