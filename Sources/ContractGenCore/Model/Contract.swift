import TrackingCore

/// A contract that loaded and validated: the input of the translate stage.
/// Everything keeps the location it was declared at, for diagnostics.
public struct Contract: Sendable, Hashable {
    /// The contract's name; prefixes generated protocol names (`Omnitracking`).
    public var name: String
    /// The contract's semantic version (`1.3.0`).
    public var version: String
    public var description: String?
    public var valueSets: [ValueSet]
    /// Fields every event of every kind carries (the envelope). Always holds
    /// `uuid` and `clientTimestamp`.
    public var mandatory: [Field]
    public var kinds: [Kind]
    /// Fields the dispatcher adds to every event.
    public var globals: [Field]
    public var objects: [ObjectType]
    /// The curated optional fields events pick from.
    public var fields: [Field]
    public var events: [Event]
    /// Where the file starts; used for contract-wide diagnostics.
    public var location: SourceLocation

    public init(
        name: String, version: String, description: String? = nil,
        valueSets: [ValueSet] = [], mandatory: [Field] = [], kinds: [Kind] = [], globals: [Field] = [],
        objects: [ObjectType] = [], fields: [Field] = [], events: [Event] = [], location: SourceLocation
    ) {
        self.name = name
        self.version = version
        self.description = description
        self.valueSets = valueSets
        self.mandatory = mandatory
        self.kinds = kinds
        self.globals = globals
        self.objects = objects
        self.fields = fields
        self.events = events
        self.location = location
    }
}

/// A named set of allowed string values.
public struct ValueSet: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var cases: [ValueSetCase]
    /// Written as a list (the wire value is the item) rather than a mapping.
    public var isList: Bool
    public var location: SourceLocation

    public init(name: String, description: String? = nil, cases: [ValueSetCase], isList: Bool, location: SourceLocation) {
        self.name = name
        self.description = description
        self.cases = cases
        self.isList = isList
        self.location = location
    }
}

/// One member of a value set: a code name (the Swift case) and its wire value.
public struct ValueSetCase: Sendable, Hashable {
    public var code: String
    public var wireValue: String
    public var location: SourceLocation

    public init(code: String, wireValue: String, location: SourceLocation) {
        self.code = code
        self.wireValue = wireValue
        self.location = location
    }
}

/// A field: in the envelope, a kind, the globals, an object, or the curated list.
public struct Field: Sendable, Hashable {
    /// The key in the contract, sent as is.
    public var wireName: String
    public var spec: ValueSpec
    public var description: String?
    /// May hold personal data: never logged, removable by consent.
    public var pii: Bool
    /// A deprecation message, when the field is deprecated.
    public var deprecated: String?
    public var defaultValue: JSONValue?
    /// The Swift member name the contract chose (`swiftName:`); `nil` to derive it.
    public var swiftName: String?
    public var location: SourceLocation

    public init(
        wireName: String, spec: ValueSpec, description: String? = nil, pii: Bool = false,
        deprecated: String? = nil, defaultValue: JSONValue? = nil, swiftName: String? = nil, location: SourceLocation
    ) {
        self.wireName = wireName
        self.swiftName = swiftName
        self.spec = spec
        self.description = description
        self.pii = pii
        self.deprecated = deprecated
        self.defaultValue = defaultValue
        self.location = location
    }
}

/// An event kind and the further fields it mandates.
public struct Kind: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var mandatory: [Field]
    /// The Swift protocol name the contract chose (`swiftName:`); `nil` to derive it.
    public var swiftName: String?
    public var location: SourceLocation

    public init(name: String, description: String? = nil, mandatory: [Field] = [], swiftName: String? = nil, location: SourceLocation) {
        self.name = name
        self.swiftName = swiftName
        self.description = description
        self.mandatory = mandatory
        self.location = location
    }
}

/// A named record type.
public struct ObjectType: Sendable, Hashable {
    public var name: String
    public var description: String?
    public var required: [Field]
    public var optional: [Field]
    /// The Swift type name the contract chose (`swiftName:`); `nil` to derive it.
    public var swiftName: String?
    public var location: SourceLocation

    public init(
        name: String, description: String? = nil, required: [Field] = [], optional: [Field] = [], swiftName: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.swiftName = swiftName
        self.description = description
        self.required = required
        self.optional = optional
        self.location = location
    }
}

/// An event: a kind, constants fixing some of the kind's value-set fields, and
/// the curated fields it requires or allows.
public struct Event: Sendable, Hashable {
    public var name: String
    public var kind: String
    public var description: String?
    /// A deprecation message, when the event is deprecated.
    public var deprecated: String?
    public var constants: [EventConstant]
    /// Wire names of curated fields (``Contract/fields``).
    public var required: [FieldReference]
    public var optional: [FieldReference]
    /// The Swift type name the contract chose (`swiftName:`); `nil` to derive it.
    public var swiftName: String?
    public var location: SourceLocation

    public init(
        name: String, kind: String, description: String? = nil, deprecated: String? = nil,
        constants: [EventConstant] = [], required: [FieldReference] = [], optional: [FieldReference] = [],
        swiftName: String? = nil, location: SourceLocation
    ) {
        self.name = name
        self.swiftName = swiftName
        self.kind = kind
        self.description = description
        self.deprecated = deprecated
        self.constants = constants
        self.required = required
        self.optional = optional
        self.location = location
    }
}

/// `viewType: wishlist` in an event: the kind's field `viewType` is always the
/// value set member with code `wishlist`.
public struct EventConstant: Sendable, Hashable {
    public var field: String
    /// The member's code name (for list sets, the item itself).
    public var code: String
    public var location: SourceLocation

    public init(field: String, code: String, location: SourceLocation) {
        self.field = field
        self.code = code
        self.location = location
    }
}

/// A mention of a curated field by wire name, with where it was mentioned.
public struct FieldReference: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation

    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
