import Foundation

/// The whole contract as data: what the runtime checks any encoded event
/// against, including models an app composed itself from the generated
/// protocols. Generated code builds one (`<Contract>.descriptor`); tests and
/// tools may build their own.
public struct ContractDescriptor: Sendable, Hashable {
    public let name: String
    /// The contract's semantic version.
    public let version: String
    public let valueSets: [ValueSetDescriptor]
    public let objects: [ObjectDescriptor]
    /// The envelope: fields every event carries (`uuid`, `clientTimestamp`, ...).
    public let mandatory: [FieldDescriptor]
    public let kinds: [KindDescriptor]
    /// Fields the dispatcher appends to every event, with their defaults.
    public let globals: [FieldDescriptor]
    /// The curated optional fields events pick from.
    public let fields: [FieldDescriptor]
    public let events: [EventDescriptor]

    let valueSetsByName: [String: ValueSetDescriptor]
    let objectsByName: [String: ObjectDescriptor]
    let kindsByName: [String: KindDescriptor]
    let fieldsByName: [String: FieldDescriptor]
    let eventsByName: [String: EventDescriptor]
    /// Per-event tables of the payload check, made on first use.
    let payloadTables = PayloadTableCache()

    public init(
        name: String, version: String,
        valueSets: [ValueSetDescriptor] = [], objects: [ObjectDescriptor] = [],
        mandatory: [FieldDescriptor] = [], kinds: [KindDescriptor] = [], globals: [FieldDescriptor] = [],
        fields: [FieldDescriptor] = [], events: [EventDescriptor] = []
    ) {
        self.name = name
        self.version = version
        self.valueSets = valueSets
        self.objects = objects
        self.mandatory = mandatory
        self.kinds = kinds
        self.globals = globals
        self.fields = fields
        self.events = events
        // First declaration wins; the generator never emits duplicates.
        valueSetsByName = Dictionary(valueSets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        objectsByName = Dictionary(objects.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        kindsByName = Dictionary(kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        fieldsByName = Dictionary(fields.map { ($0.wireName, $0) }, uniquingKeysWith: { first, _ in first })
        eventsByName = Dictionary(events.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // Equality compares the declared parts; the lookup tables follow from them.
    public static func == (lhs: ContractDescriptor, rhs: ContractDescriptor) -> Bool {
        lhs.name == rhs.name && lhs.version == rhs.version && lhs.valueSets == rhs.valueSets
            && lhs.objects == rhs.objects && lhs.mandatory == rhs.mandatory && lhs.kinds == rhs.kinds
            && lhs.globals == rhs.globals && lhs.fields == rhs.fields && lhs.events == rhs.events
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(version)
        hasher.combine(events)
    }

    // MARK: Lookup

    public func event(named name: String) -> EventDescriptor? { eventsByName[name] }
    public func kind(named name: String) -> KindDescriptor? { kindsByName[name] }
    public func valueSet(named name: String) -> ValueSetDescriptor? { valueSetsByName[name] }
    public func object(named name: String) -> ObjectDescriptor? { objectsByName[name] }
    /// A curated field by wire name.
    public func field(named wireName: String) -> FieldDescriptor? { fieldsByName[wireName] }

    /// The fields a payload of `event` carries, in wire order: envelope, the
    /// kind's mandatory fields, the event's required then optional fields
    /// (globals not included). `nil` for an unknown event.
    public func payloadFields(forEvent event: String) -> [(field: FieldDescriptor, isRequired: Bool)]? {
        guard let descriptor = eventsByName[event] else { return nil }
        var result: [(field: FieldDescriptor, isRequired: Bool)] = mandatory.map { ($0, true) }
        result += (kindsByName[descriptor.kind]?.mandatory ?? []).map { ($0, true) }
        result += descriptor.required.compactMap { fieldsByName[$0] }.map { ($0, true) }
        result += descriptor.optional.compactMap { fieldsByName[$0] }.map { ($0, false) }
        return result
    }

    /// Wire names of the members of an `event` payload that may hold personal
    /// data (globals included), for consent-based stripping and log redaction.
    /// Empty for an unknown event.
    public func piiFieldNames(forEvent event: String) -> Set<String> {
        guard let fields = payloadFields(forEvent: event) else { return [] }
        var names = Set(globals.filter(\.pii).map(\.wireName))
        for entry in fields where entry.field.pii {
            names.insert(entry.field.wireName)
        }
        return names
    }

    /// The globals with a default, in contract order: what the dispatcher sends
    /// when the app supplies no value.
    public var globalDefaults: [(wireName: String, value: JSONValue)] {
        globals.compactMap { field in field.defaultValue.map { (field.wireName, $0) } }
    }
}

/// A named set of allowed string values.
public struct ValueSetDescriptor: Sendable, Hashable {
    public let name: String
    /// The wire values, in contract order.
    public let wireValues: [String]
    let members: Set<String>

    public init(name: String, wireValues: [String]) {
        self.name = name
        self.wireValues = wireValues
        self.members = Set(wireValues)
    }

    /// Whether `wireValue` is one of the set's wire values, scalar for scalar (``ExactText``).
    public func contains(_ wireValue: String) -> Bool { ExactText.contains(members, wireValue) }
}

/// One field: its wire name, type and constraints, and metadata.
public struct FieldDescriptor: Sendable, Hashable {
    public let wireName: String
    public let spec: ValueSpec
    /// May hold personal data.
    public let pii: Bool
    /// The deprecation message, when the field is deprecated.
    public let deprecated: String?
    /// The value sent when none is given (globals).
    public let defaultValue: JSONValue?

    public init(_ wireName: String, _ spec: ValueSpec, pii: Bool = false, deprecated: String? = nil, defaultValue: JSONValue? = nil) {
        self.wireName = wireName
        self.spec = spec
        self.pii = pii
        self.deprecated = deprecated
        self.defaultValue = defaultValue
    }
}

/// A record type with required and optional members.
public struct ObjectDescriptor: Sendable, Hashable {
    public let name: String
    public let required: [FieldDescriptor]
    public let optional: [FieldDescriptor]

    public init(name: String, required: [FieldDescriptor] = [], optional: [FieldDescriptor] = []) {
        self.name = name
        self.required = required
        self.optional = optional
    }
}

/// An event kind and the fields it mandates.
public struct KindDescriptor: Sendable, Hashable {
    public let name: String
    public let mandatory: [FieldDescriptor]

    public init(name: String, mandatory: [FieldDescriptor] = []) {
        self.name = name
        self.mandatory = mandatory
    }
}

/// An event: its kind, the constants it fixes, and the curated fields it takes.
public struct EventDescriptor: Sendable, Hashable {
    public let name: String
    public let kind: String
    /// Kind fields fixed to one wire value (`viewType` -> `Wishlist`), by wire name.
    public let constants: [String: String]
    /// Wire names of required curated fields, in contract order.
    public let required: [String]
    /// Wire names of optional curated fields, in contract order.
    public let optional: [String]
    public let deprecated: String?

    public init(
        name: String, kind: String, constants: [String: String] = [:],
        required: [String] = [], optional: [String] = [], deprecated: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.constants = constants
        self.required = required
        self.optional = optional
        self.deprecated = deprecated
    }
}
