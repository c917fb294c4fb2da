import TrackingCore

/// A global field the dispatcher appends to every event.
public struct GlobalSpec: Sendable, Hashable {
    /// Wire name (`appVersion`).
    public var name: String
    /// The contract default used when the globals source has no value; with `nil`
    /// the global is left out of the payload (never `null`,
    /// `RuntimeConstants.absentGlobalPolicy`). Either way the event is flagged incomplete.
    public var defaultValue: JSONValue?
    /// Marked `pii` in the contract: never logged, stripped without consent.
    public var isPII: Bool

    public init(name: String, defaultValue: JSONValue? = nil, isPII: Bool = false) {
        self.name = name
        self.defaultValue = defaultValue
        self.isPII = isPII
    }
}

/// What the dispatcher needs to know about the contract at runtime: its globals,
/// which fields are personal data, and an optional check of an encoded payload.
///
/// This is the seam to the contract's runtime descriptor: build one from the
/// descriptor of the generated module (`payloadValidator` runs the descriptor's
/// `validate(payload:)`), or by hand. Every event is also checked by its own
/// generated `validate()`.
public struct DispatcherContract: Sendable {
    public var globals: [GlobalSpec]
    /// Wire names of top-level fields marked `pii` (event fields and globals).
    public var piiFields: Set<String>
    /// Every value that may hold personal data, at every depth (from the
    /// descriptor; rules built by hand know the top-level `piiFields` only).
    public var pii: PIIPolicy
    /// Checks one encoded event (globals included); `nil` skips this check.
    public var payloadValidator: (@Sendable (JSONValue) -> [Violation])?
    /// Checks the values the app's `GlobalsSource` supplied (once per batch, not
    /// per event): generated events skip the payload check, so this is where
    /// their globals are held to the contract. `nil` skips it.
    public var globalsValidator: (@Sendable ([String: JSONValue]) -> [Violation])?

    public init(globals: [GlobalSpec], piiFields: Set<String> = [],
                payloadValidator: (@Sendable (JSONValue) -> [Violation])? = nil,
                globalsValidator: (@Sendable ([String: JSONValue]) -> [Violation])? = nil) {
        self.globals = globals
        self.piiFields = piiFields.union(globals.filter(\.isPII).map(\.name))
        self.pii = PIIPolicy(topLevelNames: self.piiFields)
        self.payloadValidator = payloadValidator
        self.globalsValidator = globalsValidator
    }
}

/// Whether the user agreed to personal data being stored and sent.
public enum PIIConsent: Sendable, Hashable {
    /// Fields marked `pii` are kept (they are still never logged).
    case granted
    /// Fields marked `pii` are removed before the event is persisted.
    case denied
}
