/// A row to insert: the encoded payload (globals included) and its flags.
package struct NewStoredEvent: Sendable {
    package var uuid: String
    package var eventName: String
    package var payload: [UInt8]
    package var flags: EventFlags
    /// Violations, one per line (`path: message`); empty when valid.
    package var violations: [String]
    /// The globals that were missing (absent or null): sent with their default, or left out without one.
    package var missingGlobals: [String]
    package var createdAt: Double

    package init(uuid: String, eventName: String, payload: [UInt8], flags: EventFlags = [],
                violations: [String] = [], missingGlobals: [String] = [], createdAt: Double) {
        self.uuid = uuid
        self.eventName = eventName
        self.payload = payload
        self.flags = flags
        self.violations = violations
        self.missingGlobals = missingGlobals
        self.createdAt = createdAt
    }
}

/// A stored event as the store returns it.
public struct StoredEvent: Sendable, Hashable {
    public var id: Int64
    public var uuid: String
    public var eventName: String
    public var payload: [UInt8]
    public var flags: EventFlags
    public var state: EventState
    /// Why an event was set aside.
    public var reason: String?
    /// How many requests carried it without a confirmation.
    public var attempts: Int

    public var payloadString: String { String(decoding: payload, as: UTF8.self) }
}

/// Row counts by state.
public struct StoreCounts: Sendable, Hashable, CustomStringConvertible {
    public var pending: Int
    public var inFlight: Int
    public var setAside: Int
    public var total: Int { pending + inFlight + setAside }
    public var description: String { "pending \(pending), in flight \(inFlight), set aside \(setAside)" }
}
