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
public struct PropertyDecl: Sendable, Hashable {
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
    /// The shared check function (`<Namespace>.Rules.<rule>`) events call for
    /// this field; `nil` for object members (objects check themselves).
    public var rule: String?
    /// The index of ``rule`` in ``GeneratedModule/rules``: a cheap key for
    /// the renderer's per-field snippets.
    public var ruleIndex: Int?
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
