import TrackingCore

/// The Swift a contract becomes, as a small declaration model: the output of
/// the translate stage and the input of the render stage. It holds names and
/// types already decided, so rendering is only printing.
public struct GeneratedModule: Sendable, Hashable {
    /// The namespace enum that holds the contract's name, version and descriptor.
    public var namespace: String
    public var contractName: String
    public var version: String
    public var doc: String?
    package var names: GeneratedNames
    public var valueSets: [ValueSetDecl]
    public var envelope: ProtocolDecl
    public var kinds: [ProtocolDecl]
    /// Two per curated field: present, then optional.
    public var fieldProtocols: [ProtocolDecl]
    public var objects: [StructDecl]
    /// Shared field checks, in contract order (envelope, kinds, curated fields).
    public var rules: [RuleDecl]
    /// The runtime descriptor the generated code rebuilds.
    public var descriptor: ContractDescriptor
}

/// A value set as a `String`-backed enum.
public struct ValueSetDecl: Sendable, Hashable {
    public var typeName: String
    public var doc: String?
    public var cases: [CaseDecl]
}

/// One enum case and its wire value.
public struct CaseDecl: Sendable, Hashable {
    /// Unescaped identifier.
    public var name: String
    public var wireValue: String
}

/// A stored or constant property of a generated struct, or a protocol requirement.
///
/// Its values live in one shared, copy-on-write box: a contract of thousands
/// of events puts the same few thousand declarations into every event, and
/// copying one reference is much cheaper than copying a dozen strings. Read
/// and write the values as if they were the declaration's own properties
/// (`decl.name`, `decl.rule = …`), through dynamic member lookup.
@dynamicMemberLookup
public struct PropertyDecl: Sendable, Hashable {
    /// What a property declaration holds.
    public struct Values: Sendable, Hashable {
        /// Unescaped identifier.
        public var name: String
        public var wireName: String
        public var type: SwiftType
        public var spec: ValueSpec
        public var doc: String?
        public var deprecated: String?
        /// May hold personal data.
        public var pii: Bool
        public var isOptional: Bool
        /// Set when the event fixes this field to one value set member.
        public var constant: ConstantDecl?
        /// `uuid` / `clientTimestamp`: initializer parameters with fresh defaults.
        public var freshDefault: String?
        /// The shared field code (`<Namespace>.Rules.<rule>`) events call for
        /// this field; `nil` for object members (objects check and write themselves).
        public var rule: String?
        /// The index of ``rule`` in ``GeneratedModule/rules``: a cheap key for
        /// the renderer's per-field snippets.
        public var ruleIndex: Int?
    }

    /// The box; never mutated while shared (see ``subscript(dynamicMember:)``).
    private final class Storage: @unchecked Sendable {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var storage: Storage

    public init(
        name: String, wireName: String, type: SwiftType, spec: ValueSpec, doc: String? = nil, deprecated: String? = nil,
        pii: Bool, isOptional: Bool, constant: ConstantDecl? = nil, freshDefault: String? = nil,
        rule: String? = nil, ruleIndex: Int? = nil
    ) {
        storage = Storage(Values(
            name: name, wireName: wireName, type: type, spec: spec, doc: doc, deprecated: deprecated,
            pii: pii, isOptional: isOptional, constant: constant, freshDefault: freshDefault, rule: rule, ruleIndex: ruleIndex
        ))
    }

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Values, Value>) -> Value {
        get { storage.values[keyPath: keyPath] }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
            storage.values[keyPath: keyPath] = newValue
        }
    }

    public static func == (a: PropertyDecl, b: PropertyDecl) -> Bool {
        a.storage === b.storage || a.storage.values == b.storage.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.values)
    }
}

/// A check function shared by every event that carries a field, so each
/// field's constraints are compiled once however many events use it.
public struct RuleDecl: Sendable, Hashable {
    public enum Scope: Sendable, Hashable { case envelope, kind, curated }
    public var name: String
    public var scope: Scope
    public var property: PropertyDecl
}

/// A field fixed by the event: `viewType` is always `ViewType.wishlist`.
public struct ConstantDecl: Sendable, Hashable {
    public var enumType: String
    public var caseName: String
    public var wireValue: String
}

/// A protocol with property requirements.
public struct ProtocolDecl: Sendable, Hashable {
    /// The type it is declared in: `Omnitracking`, `Omnitracking.Kinds`, `Omnitracking.Fields`.
    public var scope: String
    /// The protocol's own name, unqualified (`PageView`).
    public var name: String
    public var doc: String?
    public var inherits: [String]
    public var requirements: [PropertyDecl]

    /// The name as code outside its scope writes it: `Omnitracking.Kinds.PageView`.
    public var qualifiedName: String { scope + "." + SwiftName.escaped(name) }
}

/// An object type as a struct. (Events have no declaration model: see `EventTable`.)
public struct StructDecl: Sendable, Hashable {
    public var name: String
    public var doc: String?
    public var deprecated: String?
    public var conformances: [String]
    /// In wire order.
    public var properties: [PropertyDecl]
}
