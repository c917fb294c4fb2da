import TrackingCore

/// Translate stage: a valid ``Contract`` -> ``GeneratedModule``.
///
/// Expects a contract the validator accepted; references it cannot resolve
/// (which the validator reports) are skipped rather than trapped on.
public enum ContractTranslator {
    /// The module with a descriptor that lists no events (the renderer prints
    /// the events' descriptors per shard).
    static func translateWithoutEvents(_ contract: Contract, fields: FieldDeclarations) -> GeneratedModule {
        let names = fields.names
        func property(_ field: Field, optional: Bool = false) -> PropertyDecl {
            fields.property(field, optional: optional)
        }

        var rules: [FieldCheckDecl] = []
        for field in contract.mandatory {
            rules.append(FieldCheckDecl(name: fields.envelopeRule(field), scope: .envelope, property: property(field)))
        }
        for kind in contract.kinds {
            for field in kind.mandatory {
                rules.append(FieldCheckDecl(name: fields.kindRule(kind.name, field), scope: .kind, property: property(field)))
            }
        }
        for field in contract.fields {
            rules.append(FieldCheckDecl(name: fields.curatedRule(field), scope: .curated, property: property(field)))
        }

        let valueSets = contract.valueSets.map { set in
            ValueSetDecl(
                typeName: names.typeName(set.name), doc: set.description, source: Self.source(set.location),
                cases: zip(set.cases, GeneratedNames.caseNames(set.cases.map(\.code))).map { CaseDecl(name: $1, wireValue: $0.wireValue) }
            )
        }

        // The envelope protocol leaves out what `TrackingEvent` already requires;
        // `DescribedTrackingEvent` gives every event a description with pii redacted.
        let envelope = ProtocolDecl(
            scope: names.qualifier, name: "Event", source: nil,
            doc: "An event of the \(contract.name) contract: the fields every event carries.",
            inherits: ["TrackingCore.DescribedTrackingEvent"],
            requirements: contract.mandatory.filter { property($0).freshDefault == nil }.map { property($0) }
        )

        let kindProtocols = contract.kinds.map { kind in
            ProtocolDecl(
                scope: names.qualifier + ".Kinds", name: names.kindName(kind.name), source: Self.source(kind.location), doc: kind.description ?? "An event of kind `\(kind.name)`.",
                inherits: [names.envelopeProtocol], requirements: kind.mandatory.map { property($0) }
            )
        }

        var fieldProtocols: [ProtocolDecl] = []
        for field in contract.fields {
            let present = property(field)
            let wire = SwiftLiteral.string(field.wireName)
            fieldProtocols.append(ProtocolDecl(
                scope: names.qualifier + ".Fields", name: names.fieldName(field.wireName), source: Self.source(field.location), doc: "A model that always carries the curated field \(wire).",
                inherits: [], requirements: [present]))
            var optional = present
            optional.isOptional = true
            fieldProtocols.append(ProtocolDecl(
                scope: names.qualifier + ".OptionalFields", name: names.fieldName(field.wireName), source: Self.source(field.location), doc: "A model that may carry the curated field \(wire).",
                inherits: [], requirements: [optional]))
        }

        let recursion = ObjectRecursion(contract.objects)
        let objects = contract.objects.map { object in
            func member(_ field: Field, optional: Bool) -> PropertyDecl {
                var decl = property(field, optional: optional)
                decl.isIndirect = recursion.isIndirect(object.name, member: field.wireName)
                return decl
            }
            return StructDecl(
                name: names.typeName(object.name), doc: object.description, source: Self.source(object.location), deprecated: nil,
                conformances: ["Swift.Sendable", "Swift.Hashable"],
                properties: object.required.map { member($0, optional: false) } + object.optional.map { member($0, optional: true) }
            )
        }

        let module = GeneratedModule(
            namespace: names.namespace, source: Self.source(contract.location), contractName: contract.name, version: contract.version, doc: contract.description,
            names: names, valueSets: valueSets, envelope: envelope, kinds: kindProtocols, fieldProtocols: fieldProtocols,
            objects: objects, rules: rules, descriptor: descriptor(of: contract, includingEvents: false)
        )
        return module
    }

    /// What generated code declares for fields, and the names of their shared
    /// rules. Member names are made once per field name: fields appear in
    /// rules, protocols and events alike.
    struct FieldDeclarations: Sendable {
        let names: GeneratedNames
        let mandatory: [Field]
        let envelopeNames: Set<String>
        /// Wire name -> member name, for every field of the contract without a `swiftName:`.
        let memberNames: [String: String]
        /// Kind name -> `kind<Kind>_`, the start of its rules' names.
        let kindRulePrefixes: [String: String]

        init(_ contract: Contract) {
            names = GeneratedNames(contract)
            mandatory = contract.mandatory
            envelopeNames = Set(contract.mandatory.map(\.wireName))
            var memberNames: [String: String] = [:]
            func note(_ fields: [Field]) {
                for field in fields where field.names.swift == nil && memberNames[field.wireName] == nil {
                    memberNames[field.wireName] = GeneratedNames.memberName(of: field)
                }
            }
            note(contract.mandatory)
            for kind in contract.kinds { note(kind.mandatory) }
            note(contract.fields)
            for object in contract.objects {
                note(object.required)
                note(object.optional)
            }
            self.memberNames = memberNames
            var kindRulePrefixes: [String: String] = [:]
            for kind in contract.kinds where kindRulePrefixes[kind.name] == nil {
                kindRulePrefixes[kind.name] = "kind" + names.kindName(kind.name) + "_"
            }
            self.kindRulePrefixes = kindRulePrefixes
        }

        func memberName(_ field: Field) -> String {
            field.names.swift == nil ? memberNames[field.wireName] ?? GeneratedNames.memberName(of: field) : GeneratedNames.memberName(of: field)
        }

        func envelopeRule(_ field: Field) -> String { "envelope_" + memberName(field) }
        func kindRule(_ kind: String, _ field: Field) -> String {
            (kindRulePrefixes[kind] ?? "kind" + names.kindName(kind) + "_") + memberName(field)
        }
        func curatedRule(_ field: Field) -> String { "field_" + memberName(field) }

        func property(_ field: Field, optional: Bool = false, rule: String? = nil) -> PropertyDecl {
            var fresh: FreshValue?
            if envelopeNames.contains(field.wireName), mandatory.contains(field) {
                fresh = LoweredContract.filledValue(ofEnvelopeField: field)
            }
            return PropertyDecl(
                name: memberName(field), wireName: field.wireName,
                type: ContractTranslator.swiftType(field.spec.type, names: names), spec: field.spec, doc: field.description,
                deprecated: field.deprecated, pii: field.pii, isOptional: optional, constant: nil, freshDefault: fresh, rule: rule
            )
        }
    }

    /// The field declarations every event reuses, built once (a contract of
    /// thousands of events names each field only once), and each event as indices into them.
    static func eventTable(_ contract: Contract, fields declarations: FieldDeclarations) -> EventTable {
        let names = declarations.names
        func property(_ field: Field, _ optional: Bool, _ rule: String) -> PropertyDecl {
            declarations.property(field, optional: optional, rule: rule)
        }
        let envelopeRule = declarations.envelopeRule
        let kindRule = declarations.kindRule
        let curatedRule = declarations.curatedRule
        var fields: [PropertyDecl] = []
        func slot(_ decl: PropertyDecl) -> Int {
            fields.append(decl)
            return fields.count - 1
        }
        let envelope = contract.mandatory.map { slot(property($0, false, envelopeRule($0))) }
        var kinds: [EventTable.KindEntry] = []
        var kindIndices: [String: Int] = [:]
        for kind in contract.kinds where kindIndices[kind.name] == nil {
            kindIndices[kind.name] = kinds.count
            kinds.append(EventTable.KindEntry(
                name: kind.name, protocolName: names.kindProtocol(kind.name), structName: SwiftName.escaped(names.kindName(kind.name)),
                fields: kind.mandatory.map { slot(property($0, false, kindRule(kind.name, $0))) }))
        }
        var curated: [String: (present: Int, optional: Int)] = [:]
        for field in contract.fields where curated[field.wireName] == nil {
            curated[field.wireName] = (
                slot(property(field, false, curatedRule(field))),
                slot(property(field, true, curatedRule(field)))
            )
        }
        var constantCases: [String: [String: ConstantDecl]] = [:]  // value set -> code -> constant
        for set in contract.valueSets where constantCases[set.name] == nil {
            let caseNames = GeneratedNames.caseNames(set.cases.map(\.code))
            var byCode: [String: ConstantDecl] = [:]
            for (member, caseName) in zip(set.cases, caseNames) where byCode[member.code] == nil {
                byCode[member.code] = ConstantDecl(enumType: names.qualifiedTypeName(set.name), caseName: caseName, wireValue: member.wireValue)
            }
            constantCases[set.name] = byCode
        }

        return EventTable(
            fields: fields, kinds: kinds, envelope: envelope, kindIndices: kindIndices,
            curatedSlots: curated, constantCases: constantCases, names: names,
            sourceFile: contract.location.file.split(separator: "/").last.map(String.init) ?? contract.location.file)
    }

    /// The runtime descriptor of `contract`, as generated code rebuilds it
    /// (events in shard order, see ``shard(ofEvent:shards:)``, among ``GeneratedFileNames/eventShardCount`` shards).
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
            events: !includingEvents ? [] : contract.events.indices
                .map { (shard: shard(ofEvent: contract.events[$0].name, shards: GeneratedFileNames.eventShardCount), offset: $0) }
                .sorted { ($0.shard, $0.offset) < ($1.shard, $1.offset) }
                .map { events.descriptor(of: contract.events[$0.offset]) }
        )
    }

    /// Makes events' descriptors (their constants resolved to wire values).
    struct EventDescriptors: Sendable {
        /// Kind -> field -> its value set's codes -> wire values (the first
        /// declaration of each, as the validator reads them).
        let constantValues: [String: [String: [String: String]]]

        init(_ contract: Contract) {
            var wireValues: [String: [String: String]] = [:]
            for set in contract.valueSets where wireValues[set.name] == nil {
                var byCode: [String: String] = [:]
                for member in set.cases where byCode[member.code] == nil { byCode[member.code] = member.wireValue }
                wireValues[set.name] = byCode
            }
            var constantValues: [String: [String: [String: String]]] = [:]
            for kind in contract.kinds where constantValues[kind.name] == nil {
                var fields: [String: [String: String]] = [:]
                for field in kind.mandatory where fields[field.wireName] == nil {
                    if case .valueSet(let setName) = field.spec.type { fields[field.wireName] = wireValues[setName] ?? [:] }
                }
                constantValues[kind.name] = fields
            }
            self.constantValues = constantValues
        }

        /// The event's constants: field wire name -> member wire value.
        func constants(of event: Event) -> [String: String] {
            var constants: [String: String] = [:]
            guard !event.constants.isEmpty, let fields = constantValues[event.kind] else { return constants }
            for constant in event.constants {
                guard let value = fields[constant.field]?[constant.code] else { continue }
                constants[constant.field] = value
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

    /// Where a declaration is, as generated code says it: `contract.yaml, line 12`.
    /// The file's name only: the path differs from machine to machine and
    /// between the build plugin and the command line, the output must not.
    static func source(_ location: SourceLocation) -> String {
        let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(name), line \(location.line)"
    }

    static func swiftType(_ type: ValueType, names: GeneratedNames) -> SwiftType {
        switch type {
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
            ScalarFieldType(type).map(SwiftType.init) ?? .string
        case .array(let items): .array(swiftType(items.type, names: names))
        case .valueSet(let name): .named(names.qualifiedTypeName(name))
        case .object(let name): .named(names.qualifiedTypeName(name))
        }
    }

    /// The events shard of an event among `shards`: FNV-1a (32 bit) of its UTF-8 name, modulo
    /// `shards` (``GeneratedFileNames``). Stable across runs and machines, so adding an event
    /// changes one shard file only.
    package static func shard(ofEvent name: String, shards: Int) -> Int {
        GeneratedFileNames.eventShard(ofEvent: name, count: shards)
    }
}
