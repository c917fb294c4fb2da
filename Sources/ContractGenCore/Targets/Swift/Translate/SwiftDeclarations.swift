import TrackingCore

/// The Swift a contract becomes, as a small declaration model: the output of
/// the translate stage and the input of the render stage. It holds names and
/// types already decided, so rendering is only printing.
package struct GeneratedModule: Sendable, Hashable {
    /// The namespace enum that holds the contract's name, version and descriptor.
    package var namespace: String
    /// Where the contract names itself: `contract.yaml, line 1`.
    package var source: String?
    package var contractName: String
    package var version: String
    package var doc: String?
    package var names: GeneratedNames
    package var valueSets: [ValueSetDecl]
    package var envelope: ProtocolDecl
    package var kinds: [ProtocolDecl]
    /// Two per curated field: present, then optional.
    package var fieldProtocols: [ProtocolDecl]
    package var objects: [StructDecl]
    /// Shared field checks, in contract order (envelope, kinds, curated fields).
    package var rules: [FieldCheckDecl]
    /// The runtime descriptor the generated code rebuilds.
    package var descriptor: ContractDescriptor
}

/// A value set as a `String`-backed enum.
package struct ValueSetDecl: Sendable, Hashable {
    package var typeName: String
    package var doc: String?
    /// Where the contract declares it: `contract.yaml, line 12`.
    package var source: String?
    package var cases: [CaseDecl]
}

/// One enum case and its wire value.
package struct CaseDecl: Sendable, Hashable {
    /// Unescaped identifier.
    package var name: String
    package var wireValue: String
}

/// A stored or constant property of a generated struct, or a protocol requirement.
///
/// Its values live in one shared, copy-on-write box: a contract of thousands
/// of events puts the same few thousand declarations into every event, and
/// copying one reference is much cheaper than copying a dozen strings. Read
/// and write the values as if they were the declaration's own properties
/// (`decl.name`, `decl.rule = …`), through dynamic member lookup.
@dynamicMemberLookup
package struct PropertyDecl: Sendable, Hashable {
    /// What a property declaration holds.
    package struct Values: Sendable, Hashable {
        /// Unescaped identifier.
        package var name: String
        package var wireName: String
        package var type: SwiftType
        package var spec: ValueSpec
        package var doc: String?
        package var deprecated: String?
        /// May hold personal data.
        package var pii: Bool
        package var isOptional: Bool
        /// Set when the event fixes this field to one value set member.
        package var constant: ConstantDecl?
        /// `uuid` / `clientTimestamp`: initializer parameters with fresh defaults.
        package var freshDefault: FreshValue?
        /// The shared field code (`<Namespace>.Rules.<rule>`) events call for
        /// this field; `nil` for object members (objects check and write themselves).
        package var rule: String?
        /// An object member whose type contains the object itself: stored
        /// behind `GeneratedCodeSupport.Indirect` (a struct cannot hold itself).
        package var isIndirect: Bool = false
    }

    /// The box; never mutated while shared (see ``subscript(dynamicMember:)``).
    private final class Storage: @unchecked Sendable {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var storage: Storage

    package init(
        name: String, wireName: String, type: SwiftType, spec: ValueSpec, doc: String? = nil, deprecated: String? = nil,
        pii: Bool, isOptional: Bool, constant: ConstantDecl? = nil, freshDefault: FreshValue? = nil,
        rule: String? = nil
    ) {
        storage = Storage(Values(
            name: name, wireName: wireName, type: type, spec: spec, doc: doc, deprecated: deprecated,
            pii: pii, isOptional: isOptional, constant: constant, freshDefault: freshDefault, rule: rule
        ))
    }

    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<Values, Value>) -> Value {
        get { storage.values[keyPath: keyPath] }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
            storage.values[keyPath: keyPath] = newValue
        }
    }

    package static func == (a: PropertyDecl, b: PropertyDecl) -> Bool {
        a.storage === b.storage || a.storage.values == b.storage.values
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(storage.values)
    }
}

/// A check function shared by every event that carries a field, so each
/// field's constraints are compiled once however many events use it.
package struct FieldCheckDecl: Sendable, Hashable {
    package enum Scope: Sendable, Hashable { case envelope, kind, curated }
    package var name: String
    package var scope: Scope
    package var property: PropertyDecl
}

/// A field fixed by the event: `viewType` is always `ViewType.wishlist`.
package struct ConstantDecl: Sendable, Hashable {
    package var enumType: String
    package var caseName: String
    package var wireValue: String
}

/// A protocol with property requirements.
package struct ProtocolDecl: Sendable, Hashable {
    /// The type it is declared in: `Omnitracking`, `Omnitracking.Kinds`, `Omnitracking.Fields`.
    package var scope: String
    /// The protocol's own name, unqualified (`PageView`).
    package var name: String
    /// Where the contract declares it: `contract.yaml, line 12`.
    package var source: String?
    package var doc: String?
    package var inherits: [String]
    package var requirements: [PropertyDecl]

    /// The name as code outside its scope writes it: `Omnitracking.Kinds.PageView`.
    package var qualifiedName: String { scope + "." + SwiftName.escaped(name) }
}

/// An object type as a struct. (Events have no declaration model: see `EventTable`.)
package struct StructDecl: Sendable, Hashable {
    package var name: String
    package var doc: String?
    /// Where the contract declares it: `contract.yaml, line 12`.
    package var source: String?
    package var deprecated: String?
    package var conformances: [String]
    /// In wire order.
    package var properties: [PropertyDecl]
}
