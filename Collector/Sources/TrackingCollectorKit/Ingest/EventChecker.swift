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
        let (result, key, _) = checkForIngest(value)
        return (result, key)
    }

    /// The verdict, the uuid as read for the check, and what the arrival counts read
    /// from the event (`GET /arrivals`), all from the one pass over its members.
    func checkForIngest(_ value: JSONValue) -> (result: Result, key: ParsedUUID?, facts: ArrivalFacts) {
        guard case .object(let members) = value else {
            return (.rejected(uuid: "", reason: "an event must be a JSON object"), nil, ArrivalFacts())
        }
        // The envelope and `appVersion` in one pass over the members (the first of a name
        // counts, as the subscript reads it); it ends once all six are found.
        var uuidValue, nameValue, kindValue, versionValue, timestampValue, appVersionValue: JSONValue?
        var found = 0
        for member in members {
            // Most members are the event's own fields: one test of their length skips them.
            let length = member.key.utf8.count
            guard length < 64, Self.readLengths & (1 << length) != 0 else { continue }
            switch member.key {
            case WireNames.event where nameValue == nil: nameValue = member.value
            case WireNames.kind where kindValue == nil: kindValue = member.value
            case WireNames.contractVersion where versionValue == nil: versionValue = member.value
            case WireNames.uuid where uuidValue == nil: uuidValue = member.value
            case WireNames.clientTimestamp where timestampValue == nil: timestampValue = member.value
            case RuntimeConstants.PayloadMember.appVersion where appVersionValue == nil: appVersionValue = member.value
            default: continue
            }
            found += 1
            if found == 6 { break }
        }
        let facts = ArrivalFacts(event: nameValue?.stringValue, contractVersion: versionValue?.stringValue,
                                 appVersion: appVersionValue?.stringValue)
        guard let uuid = uuidValue?.stringValue, let key = ParsedUUID(uuid) else {
            return (.rejected(uuid: uuidValue?.stringValue ?? "", reason: "uuid is missing or not a UUID"), nil, facts)
        }
        // Runtimes send uuids in lowercase: no new string for them.
        let isLowercase = uuid.utf8.withContiguousStorageIfAvailable { !$0.contains(where: Self.isUppercase) }
            ?? !uuid.utf8.contains(where: Self.isUppercase)
        let id = isLowercase ? uuid : uuid.lowercased()
        guard let name = nameValue?.stringValue, !name.isEmpty else {
            return (.rejected(uuid: id, reason: "event is missing"), nil, facts)
        }
        guard let kind = kindValue?.stringValue else { return (.rejected(uuid: id, reason: "kind is missing"), nil, facts) }
        guard versionValue?.stringValue != nil else {
            return (.rejected(uuid: id, reason: "contractVersion is missing"), nil, facts)
        }
        guard let timestamp = timestampValue?.stringValue, ISO8601Timestamp.date(from: timestamp) != nil else {
            return (.rejected(uuid: id, reason: "clientTimestamp is missing or not ISO 8601 UTC with milliseconds"), nil, facts)
        }
        return (.accepted(uuid: id, event: name, kind: kind, violations: contractValidator?(value) ?? []), key, facts)
    }

    /// The lengths in UTF-8 of the member names the pass reads, as a bit mask.
    private static let readLengths: UInt64 = [
        WireNames.event, WireNames.kind, WireNames.contractVersion, WireNames.uuid, WireNames.clientTimestamp,
        RuntimeConstants.PayloadMember.appVersion,
    ].reduce(0) { mask, name in mask | (1 << name.utf8.count) }

    private static func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
}
