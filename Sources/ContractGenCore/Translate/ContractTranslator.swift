import TrackingCore

/// Translate stage: a valid ``Contract`` -> ``GeneratedModule``.
///
/// Expects a contract the validator accepted; references it cannot resolve
/// (which the validator reports) are skipped rather than trapped on.
public enum ContractTranslator {
    /// The number of `ContractEvents<N>.swift` shards.
    public static let eventShardCount = 8

    public static func translate(_ contract: Contract) -> GeneratedModule {
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

        // Every event reuses the declarations of the fields it carries, built once
        // here: a contract of thousands of events names each field only once.
        let envelopeProperties = contract.mandatory.map { property($0, rule: envelopeRule($0)) }
        var kindProperties: [String: [PropertyDecl]] = [:]
        for kind in contract.kinds where kindProperties[kind.name] == nil {
            kindProperties[kind.name] = kind.mandatory.map { property($0, rule: kindRule(kind.name, $0)) }
        }
        var curatedProperties: [String: (present: PropertyDecl, optional: PropertyDecl, protocols: (String, String))] = [:]
        for field in contract.fields where curatedProperties[field.wireName] == nil {
            curatedProperties[field.wireName] = (
                property(field, rule: curatedRule(field)), property(field, optional: true, rule: curatedRule(field)),
                (names.fieldProtocol(field.wireName), names.optionalFieldProtocol(field.wireName))
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

        let events = contract.events.map { event in
            var properties = envelopeProperties
            for var decl in kindProperties[event.kind] ?? [] {
                if let constant = event.constants.first(where: { $0.field == decl.wireName }),
                   case .valueSet(let setName) = decl.spec.type,
                   let fixed = constantCases[setName]?[constant.code] {
                    decl.constant = fixed
                }
                properties.append(decl)
            }
            var conformances = [names.kindProtocol(event.kind)]
            for reference in event.required {
                guard let field = curatedProperties[reference.name] else { continue }
                properties.append(field.present)
                conformances.append(field.protocols.0)
            }
            for reference in event.optional {
                guard let field = curatedProperties[reference.name] else { continue }
                properties.append(field.optional)
                conformances.append(field.protocols.1)
            }
            // Marks the type as generated: the runtime trusts its `validate()`
            // and skips re-checking the encoded payload against the descriptor.
            conformances.append("TrackingCore.ContractGeneratedEvent")
            conformances.append("Swift.Hashable")
            return StructDecl(
                name: GeneratedNames.typeName(event.name), doc: event.description, deprecated: event.deprecated,
                role: .event(name: event.name, kind: event.kind, shard: shard(ofEvent: event.name)),
                conformances: conformances, properties: properties
            )
        }

        return GeneratedModule(
            namespace: names.prefix, contractName: contract.name, version: contract.version, doc: contract.description,
            names: names, valueSets: valueSets, envelope: envelope, kinds: kindProtocols, fieldProtocols: fieldProtocols,
            objects: objects, events: events, rules: rules, descriptor: descriptor(of: contract)
        )
    }

    /// The runtime descriptor of `contract`, as generated code rebuilds it
    /// (events in shard order, see ``shard(ofEvent:)``).
    public static func descriptor(of contract: Contract) -> ContractDescriptor {
        func field(_ f: Field) -> FieldDescriptor {
            FieldDescriptor(f.wireName, f.spec, pii: f.pii, deprecated: f.deprecated, defaultValue: f.defaultValue)
        }
        let sets = Dictionary(contract.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let kinds = Dictionary(contract.kinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        return ContractDescriptor(
            name: contract.name, version: contract.version,
            valueSets: contract.valueSets.map { ValueSetDescriptor(name: $0.name, wireValues: $0.cases.map(\.wireValue)) },
            objects: contract.objects.map { ObjectDescriptor(name: $0.name, required: $0.required.map(field), optional: $0.optional.map(field)) },
            mandatory: contract.mandatory.map(field),
            kinds: contract.kinds.map { KindDescriptor(name: $0.name, mandatory: $0.mandatory.map(field)) },
            globals: contract.globals.map(field),
            fields: contract.fields.map(field),
            // Shard order (contract order within a shard): the order generated code lists them in.
            events: contract.events.indices.map { (shard: shard(ofEvent: contract.events[$0].name), offset: $0) }
                .sorted { ($0.shard, $0.offset) < ($1.shard, $1.offset) }
                .map { contract.events[$0.offset] }.map { event in
                var constants: [String: String] = [:]
                for constant in event.constants {
                    guard let kindField = kinds[event.kind]?.mandatory.first(where: { $0.wireName == constant.field }),
                          case .valueSet(let setName) = kindField.spec.type,
                          let member = sets[setName]?.cases.first(where: { $0.code == constant.code }) else { continue }
                    constants[constant.field] = member.wireValue
                }
                return EventDescriptor(
                    name: event.name, kind: event.kind, constants: constants,
                    required: event.required.map(\.name), optional: event.optional.map(\.name), deprecated: event.deprecated
                )
            }
        )
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
