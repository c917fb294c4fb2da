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
    public var names: GeneratedNames
    public var valueSets: [ValueSetDecl]
    public var envelope: ProtocolDecl
    public var kinds: [ProtocolDecl]
    /// Two per curated field: present, then optional.
    public var fieldProtocols: [ProtocolDecl]
    public var objects: [StructDecl]
    public var events: [StructDecl]
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
/// copying one reference is much cheaper than copying a dozen strings.
public struct PropertyDecl: Sendable, Hashable {
    /// The values; never mutated while shared (see ``mutate(_:)``).
    private final class Storage: @unchecked Sendable {
        var name: String
        var wireName: String
        var type: SwiftType
        var spec: ValueSpec
        var doc: String?
        var deprecated: String?
        var pii: Bool
        var isOptional: Bool
        var constant: ConstantDecl?
        var freshDefault: String?
        var rule: String?
        var ruleIndex: Int?

        init(
            name: String, wireName: String, type: SwiftType, spec: ValueSpec, doc: String?, deprecated: String?,
            pii: Bool, isOptional: Bool, constant: ConstantDecl?, freshDefault: String?, rule: String?, ruleIndex: Int?
        ) {
            self.name = name
            self.wireName = wireName
            self.type = type
            self.spec = spec
            self.doc = doc
            self.deprecated = deprecated
            self.pii = pii
            self.isOptional = isOptional
            self.constant = constant
            self.freshDefault = freshDefault
            self.rule = rule
            self.ruleIndex = ruleIndex
        }

        func copy() -> Storage {
            Storage(
                name: name, wireName: wireName, type: type, spec: spec, doc: doc, deprecated: deprecated,
                pii: pii, isOptional: isOptional, constant: constant, freshDefault: freshDefault, rule: rule, ruleIndex: ruleIndex
            )
        }
    }

    private var storage: Storage

    public init(
        name: String, wireName: String, type: SwiftType, spec: ValueSpec, doc: String? = nil, deprecated: String? = nil,
        pii: Bool, isOptional: Bool, constant: ConstantDecl? = nil, freshDefault: String? = nil,
        rule: String? = nil, ruleIndex: Int? = nil
    ) {
        storage = Storage(
            name: name, wireName: wireName, type: type, spec: spec, doc: doc, deprecated: deprecated,
            pii: pii, isOptional: isOptional, constant: constant, freshDefault: freshDefault, rule: rule, ruleIndex: ruleIndex
        )
    }

    private mutating func mutate(_ change: (Storage) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        change(storage)
    }

    /// Unescaped identifier.
    public var name: String {
        get { storage.name }
        set { mutate { $0.name = newValue } }
    }

    public var wireName: String {
        get { storage.wireName }
        set { mutate { $0.wireName = newValue } }
    }

    public var type: SwiftType {
        get { storage.type }
        set { mutate { $0.type = newValue } }
    }

    public var spec: ValueSpec {
        get { storage.spec }
        set { mutate { $0.spec = newValue } }
    }

    public var doc: String? {
        get { storage.doc }
        set { mutate { $0.doc = newValue } }
    }

    public var deprecated: String? {
        get { storage.deprecated }
        set { mutate { $0.deprecated = newValue } }
    }

    /// May hold personal data.
    public var pii: Bool {
        get { storage.pii }
        set { mutate { $0.pii = newValue } }
    }

    public var isOptional: Bool {
        get { storage.isOptional }
        set { mutate { $0.isOptional = newValue } }
    }

    /// Set when the event fixes this field to one value set member.
    public var constant: ConstantDecl? {
        get { storage.constant }
        set { mutate { $0.constant = newValue } }
    }

    /// `uuid` / `clientTimestamp`: initializer parameters with fresh defaults.
    public var freshDefault: String? {
        get { storage.freshDefault }
        set { mutate { $0.freshDefault = newValue } }
    }

    /// The shared field code (`<Namespace>.Rules.<rule>`) events call for
    /// this field; `nil` for object members (objects check and write themselves).
    public var rule: String? {
        get { storage.rule }
        set { mutate { $0.rule = newValue } }
    }

    /// The index of ``rule`` in ``GeneratedModule/rules``: a cheap key for
    /// the renderer's per-field snippets.
    public var ruleIndex: Int? {
        get { storage.ruleIndex }
        set { mutate { $0.ruleIndex = newValue } }
    }

    public static func == (a: PropertyDecl, b: PropertyDecl) -> Bool {
        if a.storage === b.storage { return true }
        return a.name == b.name
            && a.wireName == b.wireName
            && a.type == b.type
            && a.spec == b.spec
            && a.doc == b.doc
            && a.deprecated == b.deprecated
            && a.pii == b.pii
            && a.isOptional == b.isOptional
            && a.constant == b.constant
            && a.freshDefault == b.freshDefault
            && a.rule == b.rule
            && a.ruleIndex == b.ruleIndex
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(wireName)
        hasher.combine(type)
        hasher.combine(spec)
        hasher.combine(doc)
        hasher.combine(deprecated)
        hasher.combine(pii)
        hasher.combine(isOptional)
        hasher.combine(constant)
        hasher.combine(freshDefault)
        hasher.combine(rule)
        hasher.combine(ruleIndex)
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
    public var name: String
    public var doc: String?
    public var inherits: [String]
    public var requirements: [PropertyDecl]
}

/// An object type or an event as a struct.
public struct StructDecl: Sendable, Hashable {
    public enum Role: Sendable, Hashable {
        case object
        /// An event: its wire name, its kind's wire name, and the file shard it goes to.
        case event(name: String, kind: String, shard: Int)
    }

    public var name: String
    public var doc: String?
    public var deprecated: String?
    public var role: Role
    public var conformances: [String]
    /// In wire order.
    public var properties: [PropertyDecl]
}
