import TrackingCore

/// Translate stage: a valid ``Contract`` -> ``GeneratedModule``.
///
/// Expects a contract the validator accepted; references it cannot resolve
/// (which the validator reports) are skipped rather than trapped on.
public enum ContractTranslator {
    /// The number of `ContractEvents<N>.swift` shards.
    public static let eventShardCount = 8

    public static func translate(_ contract: Contract) -> GeneratedModule {
        translate(contract, includingEvents: true).module
    }

    /// The module and its event table; without ``GeneratedModule/events``
    /// unless `includingEvents` (the renderer prints events from the table).
    static func translate(_ contract: Contract, includingEvents: Bool) -> (module: GeneratedModule, events: EventTable) {
        let names = GeneratedNames(contractName: contract.name)

        let envelopeNames = Set(contract.mandatory.map(\.wireName))
        var ruleIndices: [String: Int] = [:]
        func property(_ field: Field, optional: Bool = false, rule: String? = nil) -> PropertyDecl {
            var fresh: String?
            if envelopeNames.contains(field.wireName), contract.mandatory.contains(field) {
                if field.wireName == "uuid", field.spec.type == .uuid { fresh = "Foundation.UUID()" }
                if field.wireName == "clientTimestamp", field.spec.type == .timestamp { fresh = "Foundation.Date()" }
            }
            return PropertyDecl(
                name: GeneratedNames.memberName(field.wireName), wireName: field.wireName,
                type: swiftType(field.spec.type), spec: field.spec, doc: field.description,
                deprecated: field.deprecated, pii: field.pii, isOptional: optional, constant: nil, freshDefault: fresh, rule: rule,
                ruleIndex: rule.flatMap { ruleIndices[$0] }
            )
        }

        func envelopeRule(_ field: Field) -> String { "envelope_" + GeneratedNames.memberName(field.wireName) }
        func kindRule(_ kind: String, _ field: Field) -> String {
            "kind" + SwiftName.upperCamel(kind) + "_" + GeneratedNames.memberName(field.wireName)
        }
        func curatedRule(_ field: Field) -> String { "field_" + GeneratedNames.memberName(field.wireName) }

        var rules: [RuleDecl] = []
        for field in contract.mandatory {
            rules.append(RuleDecl(name: envelopeRule(field), scope: .envelope, property: property(field)))
        }
        for kind in contract.kinds {
            for field in kind.mandatory {
                rules.append(RuleDecl(name: kindRule(kind.name, field), scope: .kind, property: property(field)))
            }
        }
        for field in contract.fields {
            rules.append(RuleDecl(name: curatedRule(field), scope: .curated, property: property(field)))
        }
        for (index, rule) in rules.enumerated() where ruleIndices[rule.name] == nil {
            ruleIndices[rule.name] = index
        }

        let valueSets = contract.valueSets.map { set in
            ValueSetDecl(
                typeName: GeneratedNames.typeName(set.name), doc: set.description,
                cases: zip(set.cases, GeneratedNames.caseNames(set.cases.map(\.code))).map { CaseDecl(name: $1, wireValue: $0.wireValue) }
            )
        }

        // The envelope protocol leaves out what `TrackingEvent` already requires.
        let envelope = ProtocolDecl(
            name: names.envelopeProtocol,
            doc: "An event of the \(contract.name) contract: the fields every event carries.",
            inherits: ["TrackingCore.TrackingEvent"],
            requirements: contract.mandatory.filter { property($0).freshDefault == nil }.map { property($0) }
        )

        let kindProtocols = contract.kinds.map { kind in
            ProtocolDecl(
                name: names.kindProtocol(kind.name), doc: kind.description ?? "An event of kind `\(kind.name)`.",
                inherits: [names.envelopeProtocol], requirements: kind.mandatory.map { property($0) }
            )
        }

        var fieldProtocols: [ProtocolDecl] = []
        for field in contract.fields {
            let present = property(field)
            let wire = SwiftLiteral.string(field.wireName)
            fieldProtocols.append(ProtocolDecl(
                name: names.fieldProtocol(field.wireName), doc: "A model that always carries the curated field \(wire).",
                inherits: [], requirements: [present]))
            var optional = present
            optional.isOptional = true
            fieldProtocols.append(ProtocolDecl(
                name: names.optionalFieldProtocol(field.wireName), doc: "A model that may carry the curated field \(wire).",
                inherits: [], requirements: [optional]))
        }

        let objects = contract.objects.map { object in
            StructDecl(
                name: GeneratedNames.typeName(object.name), doc: object.description, deprecated: nil, role: .object,
                conformances: ["Swift.Sendable", "Swift.Hashable"],
                properties: object.required.map { property($0) } + object.optional.map { property($0, optional: true) }
            )
        }

        let table = eventTable(contract, names: names, envelopeRule: envelopeRule, kindRule: kindRule, curatedRule: curatedRule) {
            property($0, optional: $1, rule: $2)
        }
        let events = includingEvents ? contract.events.map { table.structDecl(of: table.entry(of: $0)) } : []

        let module = GeneratedModule(
            namespace: names.prefix, contractName: contract.name, version: contract.version, doc: contract.description,
            names: names, valueSets: valueSets, envelope: envelope, kinds: kindProtocols, fieldProtocols: fieldProtocols,
            objects: objects, events: events, rules: rules, descriptor: descriptor(of: contract, includingEvents: includingEvents)
        )
        return (module, table)
    }

    /// The field declarations every event reuses, built once (a contract of
    /// thousands of events names each field only once), and each event as indices into them.
    private static func eventTable(
        _ contract: Contract, names: GeneratedNames, envelopeRule: (Field) -> String, kindRule: (String, Field) -> String,
        curatedRule: (Field) -> String, property: (Field, Bool, String) -> PropertyDecl
    ) -> EventTable {
        var fields: [PropertyDecl] = []
        var fieldProtocols: [String?] = []
        func slot(_ decl: PropertyDecl, _ conformance: String? = nil) -> Int {
            fields.append(decl)
            fieldProtocols.append(conformance)
            return fields.count - 1
        }
        let envelope = contract.mandatory.map { slot(property($0, false, envelopeRule($0))) }
        var kinds: [EventTable.KindEntry] = []
        var kindIndices: [String: Int] = [:]
        for kind in contract.kinds where kindIndices[kind.name] == nil {
            kindIndices[kind.name] = kinds.count
            kinds.append(EventTable.KindEntry(
                name: kind.name, protocolName: names.kindProtocol(kind.name),
                fields: kind.mandatory.map { slot(property($0, false, kindRule(kind.name, $0))) }))
        }
        var curated: [String: (present: Int, optional: Int)] = [:]
        for field in contract.fields where curated[field.wireName] == nil {
            curated[field.wireName] = (
                slot(property(field, false, curatedRule(field)), names.fieldProtocol(field.wireName)),
                slot(property(field, true, curatedRule(field)), names.optionalFieldProtocol(field.wireName))
            )
        }
        var constantCases: [String: [String: ConstantDecl]] = [:]  // value set -> code -> constant
        for set in contract.valueSets where constantCases[set.name] == nil {
            let caseNames = GeneratedNames.caseNames(set.cases.map(\.code))
            var byCode: [String: ConstantDecl] = [:]
            for (member, caseName) in zip(set.cases, caseNames) where byCode[member.code] == nil {
                byCode[member.code] = ConstantDecl(enumType: GeneratedNames.typeName(set.name), caseName: caseName, wireValue: member.wireValue)
            }
            constantCases[set.name] = byCode
        }

        return EventTable(
            fields: fields, fieldProtocols: fieldProtocols, kinds: kinds, envelope: envelope, kindIndices: kindIndices,
            curatedSlots: curated, constantCases: constantCases, names: names)
    }

    /// The runtime descriptor of `contract`, as generated code rebuilds it
    /// (events in shard order, see ``shard(ofEvent:)``).
    public static func descriptor(of contract: Contract) -> ContractDescriptor {
        descriptor(of: contract, includingEvents: true)
    }

    /// Without the events' descriptors unless `includingEvents` (the renderer
    /// makes them per shard, with ``EventDescriptors``).
    static func descriptor(of contract: Contract, includingEvents: Bool) -> ContractDescriptor {
        func field(_ f: Field) -> FieldDescriptor {
            FieldDescriptor(f.wireName, f.spec, pii: f.pii, deprecated: f.deprecated, defaultValue: f.defaultValue)
        }
        let events = EventDescriptors(contract)
        return ContractDescriptor(
            name: contract.name, version: contract.version,
            valueSets: contract.valueSets.map { ValueSetDescriptor(name: $0.name, wireValues: $0.cases.map(\.wireValue)) },
            objects: contract.objects.map { ObjectDescriptor(name: $0.name, required: $0.required.map(field), optional: $0.optional.map(field)) },
            mandatory: contract.mandatory.map(field),
            kinds: contract.kinds.map { KindDescriptor(name: $0.name, mandatory: $0.mandatory.map(field)) },
            globals: contract.globals.map(field),
            fields: contract.fields.map(field),
            // Shard order (contract order within a shard): the order generated code lists them in.
            events: !includingEvents ? [] : contract.events.indices.map { (shard: shard(ofEvent: contract.events[$0].name), offset: $0) }
                .sorted { ($0.shard, $0.offset) < ($1.shard, $1.offset) }
                .map { events.descriptor(of: contract.events[$0.offset]) }
        )
    }

    /// Makes events' descriptors (their constants resolved to wire values).
    struct EventDescriptors: Sendable {
        let sets: [String: ValueSet]
        let kinds: [String: Kind]

        init(_ contract: Contract) {
            sets = Dictionary(contract.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            kinds = Dictionary(contract.kinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        }

        /// The event's constants: field wire name -> member wire value.
        func constants(of event: Event) -> [String: String] {
            var constants: [String: String] = [:]
            for constant in event.constants {
                guard let kindField = kinds[event.kind]?.mandatory.first(where: { $0.wireName == constant.field }),
                      case .valueSet(let setName) = kindField.spec.type,
                      let member = sets[setName]?.cases.first(where: { $0.code == constant.code }) else { continue }
                constants[constant.field] = member.wireValue
            }
            return constants
        }

        func descriptor(of event: Event) -> EventDescriptor {
            let constants = constants(of: event)
            return EventDescriptor(
                name: event.name, kind: event.kind, constants: constants,
                required: event.required.map(\.name), optional: event.optional.map(\.name), deprecated: event.deprecated
            )
        }
    }

    static func swiftType(_ type: ValueType) -> SwiftType {
        switch type {
        case .string: .string
        case .int: .int
        case .double: .double
        case .decimal: .decimal
        case .bool: .bool
        case .uuid: .uuid
        case .timestamp: .date
        case .array(let items): .array(swiftType(items.type))
        case .valueSet(let name): .named(GeneratedNames.typeName(name))
        case .object(let name): .named(GeneratedNames.typeName(name))
        }
    }

    /// The events shard of an event: FNV-1a (32 bit) of its UTF-8 name, modulo
    /// ``eventShardCount``. Stable across runs and machines, so adding an event
    /// changes one shard file only.
    public static func shard(ofEvent name: String) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(eventShardCount))
    }
}
