import TrackingCore

/// A contract that loaded and validated: the input of the translate stage.
/// Everything keeps the location it was declared at, for diagnostics. Other
/// packages hold it only to hand it on (``ContractTranslator/descriptor(of:)``,
/// ``ContractGenerator/sources(of:)``): its members are `package`.
public struct Contract: Sendable, Hashable {
    /// The contract's name; prefixes generated protocol names (`Omnitracking`).
    package var name: String
    /// The contract's semantic version (`1.3.0`).
    package var version: String
    package var description: String?
    package var valueSets: [ValueSet]
    /// Fields every event of every kind carries (the envelope). Always holds
    /// `uuid` and `clientTimestamp`.
    package var mandatory: [Field]
    package var kinds: [Kind]
    /// Fields the dispatcher adds to every event.
    package var globals: [Field]
    package var objects: [ObjectType]
    /// The curated optional fields events pick from.
    package var fields: [Field]
    package var events: [Event]
    /// Where the file starts; used for contract-wide diagnostics.
    package var location: SourceLocation

    package init(
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
package struct ValueSet: Sendable, Hashable {
    package var name: String
    package var description: String?
    package var cases: [ValueSetCase]
    /// Written as a list (the wire value is the item) rather than a mapping.
    package var isList: Bool
    package var location: SourceLocation

    package init(name: String, description: String? = nil, cases: [ValueSetCase], isList: Bool, location: SourceLocation) {
        self.name = name
        self.description = description
        self.cases = cases
        self.isList = isList
        self.location = location
    }
}

/// One member of a value set: a code name (a case in generated code) and its wire value.
package struct ValueSetCase: Sendable, Hashable {
    package var code: String
    package var wireValue: String
    package var location: SourceLocation

    package init(code: String, wireValue: String, location: SourceLocation) {
        self.code = code
        self.wireValue = wireValue
        self.location = location
    }
}

/// A field: in the envelope, a kind, the globals, an object, or the curated list.
package struct Field: Sendable, Hashable {
    /// The key in the contract, sent as is.
    package var wireName: String
    package var spec: ValueSpec
    package var description: String?
    /// May hold personal data: never logged, removable by consent.
    package var pii: Bool
    /// A deprecation message, when the field is deprecated.
    package var deprecated: String?
    package var defaultValue: JSONValue?
    /// The member name the contract chose per code target (`names:`); empty to derive them.
    package var names: TargetNames
    package var location: SourceLocation

    package init(
        wireName: String, spec: ValueSpec, description: String? = nil, pii: Bool = false,
        deprecated: String? = nil, defaultValue: JSONValue? = nil, names: TargetNames = TargetNames(), location: SourceLocation
    ) {
        self.wireName = wireName
        self.names = names
        self.spec = spec
        self.description = description
        self.pii = pii
        self.deprecated = deprecated
        self.defaultValue = defaultValue
        self.location = location
    }
}

/// An event kind and the further fields it mandates.
package struct Kind: Sendable, Hashable {
    package var name: String
    package var description: String?
    package var mandatory: [Field]
    /// The name the contract chose per code target (`names:`); empty to derive them.
    package var names: TargetNames
    package var location: SourceLocation

    package init(name: String, description: String? = nil, mandatory: [Field] = [], names: TargetNames = TargetNames(), location: SourceLocation) {
        self.name = name
        self.names = names
        self.description = description
        self.mandatory = mandatory
        self.location = location
    }
}

/// A named record type.
package struct ObjectType: Sendable, Hashable {
    package var name: String
    package var description: String?
    package var required: [Field]
    package var optional: [Field]
    /// The name the contract chose per code target (`names:`); empty to derive them.
    package var names: TargetNames
    package var location: SourceLocation

    package init(
        name: String, description: String? = nil, required: [Field] = [], optional: [Field] = [], names: TargetNames = TargetNames(),
        location: SourceLocation
    ) {
        self.name = name
        self.names = names
        self.description = description
        self.required = required
        self.optional = optional
        self.location = location
    }
}

/// An event: a kind, constants fixing some of the kind's value-set fields, and
/// the curated fields it requires or allows.
package struct Event: Sendable, Hashable {
    package var name: String
    package var kind: String
    package var description: String?
    /// A deprecation message, when the event is deprecated.
    package var deprecated: String?
    package var constants: [EventConstant]
    /// Wire names of curated fields (``Contract/fields``).
    package var required: [FieldReference]
    package var optional: [FieldReference]
    /// The name the contract chose per code target (`names:`); empty to derive them.
    package var names: TargetNames
    package var location: SourceLocation

    package init(
        name: String, kind: String, description: String? = nil, deprecated: String? = nil,
        constants: [EventConstant] = [], required: [FieldReference] = [], optional: [FieldReference] = [],
        names: TargetNames = TargetNames(), location: SourceLocation
    ) {
        self.name = name
        self.names = names
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
package struct EventConstant: Sendable, Hashable {
    package var field: String
    /// The member's code name (for list sets, the item itself).
    package var code: String
    package var location: SourceLocation

    package init(field: String, code: String, location: SourceLocation) {
        self.field = field
        self.code = code
        self.location = location
    }
}

/// A mention of a curated field by wire name, with where it was mentioned.
package struct FieldReference: Sendable, Hashable {
    package var name: String
    package var location: SourceLocation

    package init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}
