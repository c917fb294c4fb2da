import Foundation
import TrackingCore

/// The one rule for what the collector shows of the events it received, on
/// every surface: `GET /events`, `GET /rejected`, the monitor's page, snapshot
/// and stream (and so its exports). Every path that shows a stored or rejected
/// event passes the record through here first.
///
/// With `showPII` a record is shown as received. Otherwise its payload is
/// masked by the contract's `PIIPolicy` (`PIIPolicy.masking(_:with:)`,
/// fail-closed: only values the contract declares as not personal are shown),
/// violation messages about personal values are withheld, and a rejected
/// event's uuid is shown only when it is a UUID (it is whatever the sender put
/// there otherwise).
struct DisplayMask: Sendable {
    static let mask = "•••"

    let policy: PIIPolicy
    let showPII: Bool

    init(contract: LoadedContract, showPII: Bool) {
        policy = contract.descriptor.map(PIIPolicy.init(descriptor:)) ?? PIIPolicy(topLevelNames: [])
        self.showPII = showPII
    }

    /// A stored event as it may be shown.
    func callAsFunction(_ event: CollectedEvent) -> CollectedEvent {
        guard !showPII else { return event }
        var shown = event
        shown.payload = payload(event.payload)
        shown.violations = event.violations.map { policy.withholdingDetails(of: $0, event: event.eventName) }
        return shown
    }

    /// A rejected event as it may be shown.
    func callAsFunction(_ event: RejectedEvent) -> RejectedEvent {
        guard !showPII else { return event }
        var shown = event
        shown.payload = payload(event.payload)
        if ParsedUUID(event.uuid) == nil, !event.uuid.isEmpty { shown.uuid = Self.mask }
        return shown
    }

    /// A payload (an event as received, JSON) as it may be shown; one that does
    /// not parse is masked whole.
    private func payload(_ text: String) -> String {
        let parsed = (try? JSONValue.parse(text)) ?? .null
        return String(decoding: policy.masking(parsed, with: .string(Self.mask)).encodedBytes, as: UTF8.self)
    }
}
