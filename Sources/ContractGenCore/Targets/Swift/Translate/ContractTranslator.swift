import TrackingCore

/// Swift's translate stage: a ``LoweredContract`` -> ``GeneratedModule`` and ``EventTable``.
///
/// Reads every rule (roles, fills, wire order, constraints) from the lowered
/// contract and attaches Swift's names and types to it; the declarations
/// (`Field`, `Kind`, ...) are read for names and documentation only.
public enum ContractTranslator {
    /// The module with a descriptor that lists no events (the renderer prints
    /// the events' descriptors per shard).
    static func translateWithoutEvents(_ lowered: LoweredContract, fields: FieldDeclarations) -> GeneratedModule {
        let names = fields.names
        let contract = lowered.contract
        func property(_ field: LoweredField, role: LoweredRole? = nil, optional: Bool = false) -> PropertyDecl {
            fields.property(field, role: role, optional: optional)
        }

        var rules: [FieldCheckDecl] = []
        for (field, role) in lowered.envelope {
            rules.append(FieldCheckDecl(name: fields.envelopeRule(field), scope: .envelope, property: property(field, role: role)))
        }
        for kind in lowered.kinds {
            for field in kind.fields {
                rules.append(FieldCheckDecl(name: fields.kindRule(kind.name, field), scope: .kind, property: property(field)))
            }
        }
        for field in lowered.fields {
            rules.append(FieldCheckDecl(name: fields.curatedRule(field), scope: .curated, property: property(field)))
        }

        let valueSets = lowered.valueSets.map { set in
            ValueSetDecl(
                typeName: names.typeName(set.name), doc: set.declaration.description, source: Self.source(set.declaration.location),
                cases: zip(set.members, GeneratedNames.caseNames(set.members.map(\.code))).map { CaseDecl(name: $1, wireValue: $0.wireValue) }
            )
        }

        // The envelope protocol leaves out what `TrackingEvent` already requires;
        // `DescribedTrackingEvent` gives every event a description with pii redacted.
        let envelope = ProtocolDecl(
            scope: names.qualifier, name: "Event", source: nil,
            doc: "An event of the \(contract.name) contract: the fields every event carries.",
            inherits: ["TrackingCore.DescribedTrackingEvent"],
            // What the runtime fills in is not a requirement: every event has it.
            requirements: lowered.envelope.filter { if case .filled = $0.role { false } else { true } }.map { property($0.field, role: $0.role) }
        )

        let kindProtocols = lowered.kinds.map { kind in
            ProtocolDecl(
                scope: names.qualifier + ".Kinds", name: names.kindName(kind.name), source: Self.source(kind.declaration.location),
                doc: kind.declaration.description ?? "An event of kind `\(kind.name)`.",
                inherits: [names.envelopeProtocol], requirements: kind.fields.map { property($0) }
            )
        }

        var fieldProtocols: [ProtocolDecl] = []
        for field in lowered.fields {
            let present = property(field)
            let wire = SwiftLiteral.string(field.wireName)
            let source = Self.source(field.declaration.location)
            fieldProtocols.append(ProtocolDecl(
                scope: names.qualifier + ".Fields", name: names.fieldName(field.wireName), source: source, doc: "A model that always carries the curated field \(wire).",
                inherits: [], requirements: [present]))
            var optional = present
            optional.isOptional = true
            fieldProtocols.append(ProtocolDecl(
                scope: names.qualifier + ".OptionalFields", name: names.fieldName(field.wireName), source: source, doc: "A model that may carry the curated field \(wire).",
                inherits: [], requirements: [optional]))
        }

        let recursion = ObjectRecursion(lowered.objects.map(\.declaration))
        let objects = lowered.objects.map { object in
            func member(_ field: LoweredField, optional: Bool) -> PropertyDecl {
                var decl = property(field, optional: optional)
                decl.isIndirect = recursion.isIndirect(object.name, member: field.wireName)
                return decl
            }
            return StructDecl(
                name: names.typeName(object.name), doc: object.declaration.description, source: Self.source(object.declaration.location), deprecated: nil,
                conformances: ["Swift.Sendable", "Swift.Hashable"],
                properties: object.required.map { member($0, optional: false) } + object.optional.map { member($0, optional: true) }
            )
        }

        let module = GeneratedModule(
            namespace: names.namespace, source: Self.source(contract.location), contractName: contract.name, version: contract.version, doc: contract.description,
            names: names, valueSets: valueSets, envelope: envelope, kinds: kindProtocols, fieldProtocols: fieldProtocols,
            objects: objects, rules: rules, descriptor: descriptor(of: lowered, includingEvents: false)
        )
        return module
    }

    /// What generated code declares for fields, and the names of their shared
    /// rules. Member names are made once per field name: fields appear in
    /// rules, protocols and events alike.
    struct FieldDeclarations: Sendable {
        let names: GeneratedNames
        /// Wire name -> member name, for every field of the contract without a `swiftName:`.
        let memberNames: [String: String]
        /// The names of the fields' shared rules in `N.Rules` (`envelope_<member>`, `kind<Kind>_<member>`,
        /// `field_<member>`), by wire name (kind rules by kind name, then wire name): see ``ruleNames(_:)``.
        let envelopeRules: [String: String]
        let kindRules: [String: [String: String]]
        let curatedRules: [String: String]

        init(_ lowered: LoweredContract) {
            names = GeneratedNames(lowered.contract)
            var memberNames: [String: String] = [:]
            func note(_ fields: [LoweredField]) {
                for field in fields where field.declaration.names.swift == nil && memberNames[field.wireName] == nil {
                    memberNames[field.wireName] = GeneratedNames.memberName(of: field.declaration)
                }
            }
            note(lowered.envelope.map(\.field))
            for kind in lowered.kinds { note(kind.fields) }
            note(lowered.fields)
            for object in lowered.objects {
                note(object.required)
                note(object.optional)
            }
            self.memberNames = memberNames
            (envelopeRules, kindRules, curatedRules) = Self.ruleNames(lowered, names: names, memberNames: memberNames)
        }

        /// Each rule's name, distinct by construction once suffixed per array depth (``ItemsSuffixedNames``):
        /// members and kinds may hold `_` (`swiftName: a_items`, a kind `A_b`), so `field_a` of an array and
        /// `field_a_items`, or `kindA_` + `b_c` and `kindA_b_` + `c`, would otherwise meet.
        static func ruleNames(
            _ lowered: LoweredContract, names: GeneratedNames, memberNames: [String: String]
        ) -> (envelope: [String: String], kinds: [String: [String: String]], curated: [String: String]) {
            func member(_ field: LoweredField) -> String {
                field.declaration.names.swift == nil
                    ? memberNames[field.wireName] ?? GeneratedNames.memberName(of: field.declaration) : GeneratedNames.memberName(of: field.declaration)
            }
            var claimed = ItemsSuffixedNames()
            func claim(_ plain: String) -> String { claimed.claim(plain) }
            var envelope: [String: String] = [:], kinds: [String: [String: String]] = [:], curated: [String: String] = [:]
            for (field, _) in lowered.envelope where envelope[field.wireName] == nil {
                envelope[field.wireName] = claim("envelope_" + member(field))
            }
            for kind in lowered.kinds where kinds[kind.name] == nil {
                let prefix = "kind" + names.kindName(kind.name) + "_"
                var rules: [String: String] = [:]
                for field in kind.fields where rules[field.wireName] == nil { rules[field.wireName] = claim(prefix + member(field)) }
                kinds[kind.name] = rules
            }
            for field in lowered.fields where curated[field.wireName] == nil {
                curated[field.wireName] = claim("field_" + member(field))
            }
            return (envelope, kinds, curated)
        }

        func memberName(_ field: Field) -> String {
            field.names.swift == nil ? memberNames[field.wireName] ?? GeneratedNames.memberName(of: field) : GeneratedNames.memberName(of: field)
        }

        func envelopeRule(_ field: LoweredField) -> String { envelopeRules[field.wireName] ?? "envelope_" + memberName(field.declaration) }
        func kindRule(_ kind: String, _ field: LoweredField) -> String {
            kindRules[kind]?[field.wireName] ?? "kind" + names.kindName(kind) + "_" + memberName(field.declaration)
        }
        func curatedRule(_ field: LoweredField) -> String { curatedRules[field.wireName] ?? "field_" + memberName(field.declaration) }

        /// The declaration of `field`, its rules as lowered: a field the runtime fills in (`role`
        /// ``LoweredRole/filled(_:)``) gets a fresh default.
        func property(_ field: LoweredField, role: LoweredRole? = nil, optional: Bool = false, rule: String? = nil) -> PropertyDecl {
            var fresh: FreshValue?
            if case .filled(let value)? = role { fresh = value }
            return PropertyDecl(
                name: memberName(field.declaration), wireName: field.wireName,
                type: ContractTranslator.swiftType(field.spec.type, names: names), spec: field.spec, doc: field.declaration.description,
                deprecated: field.declaration.deprecated, pii: field.pii, isOptional: optional, constant: nil, freshDefault: fresh, rule: rule
            )
        }
    }

    /// The field declarations every event reuses, built once (a contract of
    /// thousands of events names each field only once), and each event as indices into them.
    static func eventTable(_ lowered: LoweredContract, fields declarations: FieldDeclarations) -> EventTable {
        let names = declarations.names
        func property(_ field: LoweredField, _ optional: Bool, _ rule: String, role: LoweredRole? = nil) -> PropertyDecl {
            declarations.property(field, role: role, optional: optional, rule: rule)
        }
        let envelopeRule = declarations.envelopeRule
        let kindRule = declarations.kindRule
        let curatedRule = declarations.curatedRule
        var fields: [PropertyDecl] = []
        func slot(_ decl: PropertyDecl) -> Int {
            fields.append(decl)
            return fields.count - 1
        }
        let envelope = lowered.envelope.map { slot(property($0.field, false, envelopeRule($0.field), role: $0.role)) }
        var kinds: [EventTable.KindEntry] = []
        var kindIndices: [String: Int] = [:]
        for kind in lowered.kinds where kindIndices[kind.name] == nil {
            kindIndices[kind.name] = kinds.count
            kinds.append(EventTable.KindEntry(
                name: kind.name, protocolName: names.kindProtocol(kind.name), structName: SwiftName.escaped(names.kindName(kind.name)),
                fields: kind.fields.map { slot(property($0, false, kindRule(kind.name, $0))) }))
        }
        var curated: [String: (present: Int, optional: Int)] = [:]
        for field in lowered.fields where curated[field.wireName] == nil {
            curated[field.wireName] = (
                slot(property(field, false, curatedRule(field))),
                slot(property(field, true, curatedRule(field)))
            )
        }
        var constantCases: [String: [String: ConstantDecl]] = [:]  // value set -> code -> constant
        for set in lowered.valueSets where constantCases[set.name] == nil {
            let caseNames = GeneratedNames.caseNames(set.members.map(\.code))
            var byCode: [String: ConstantDecl] = [:]
            for (member, caseName) in zip(set.members, caseNames) where byCode[member.code] == nil {
                byCode[member.code] = ConstantDecl(enumType: names.qualifiedTypeName(set.name), caseName: caseName, wireValue: member.wireValue)
            }
            constantCases[set.name] = byCode
        }

        return EventTable(
            fields: fields, kinds: kinds, envelope: envelope, kindIndices: kindIndices,
            curatedSlots: curated, constantCases: constantCases, names: names,
            sourceFile: lowered.contract.location.file.split(separator: "/").last.map(String.init) ?? lowered.contract.location.file)
    }

    /// The runtime descriptor of `contract`, as generated code rebuilds it
    /// (events in shard order, see ``shard(ofEvent:shards:)``, among ``GeneratedFileNames/eventShardCount`` shards):
    /// the contract lowered (``ContractGenerator/lower(_:)``), read as ``descriptor(of:includingEvents:)`` reads it.
    public static func descriptor(of contract: Contract) -> ContractDescriptor {
        descriptor(of: ContractGenerator.lower(contract), includingEvents: true)
    }

    /// The runtime descriptor of a lowered contract: its fields as lowered; without the events'
    /// descriptors unless `includingEvents` (the renderer makes them per shard, with ``eventDescriptor(ofEvent:in:)``).
    static func descriptor(of lowered: LoweredContract, includingEvents: Bool) -> ContractDescriptor {
        func field(_ f: LoweredField) -> FieldDescriptor {
            FieldDescriptor(f.wireName, f.spec, pii: f.pii, deprecated: f.declaration.deprecated, defaultValue: f.defaultValue)
        }
        return ContractDescriptor(
            name: lowered.name, version: lowered.version,
            valueSets: lowered.valueSets.map { ValueSetDescriptor(name: $0.name, wireValues: $0.members.map(\.wireValue)) },
            objects: lowered.objects.map { ObjectDescriptor(name: $0.name, required: $0.required.map(field), optional: $0.optional.map(field)) },
            mandatory: lowered.envelope.map { field($0.field) },
            kinds: lowered.kinds.map { KindDescriptor(name: $0.name, mandatory: $0.fields.map(field)) },
            globals: lowered.globals.map(field),
            fields: lowered.fields.map(field),
            // Shard order (contract order within a shard): the order generated code lists them in.
            events: !includingEvents ? [] : lowered.eventIndices(inFilesOf: GeneratedFileNames.eventShardCount)
                .joined().map { eventDescriptor(ofEvent: $0, in: lowered) }
        )
    }

    /// The runtime descriptor of the lowered event at `index` in `lowered.events`: the kind fields it fixes
    /// (by the member's wire value, for a field of a value set), its required and optional fields, as its
    /// members' roles say. (By index: the event's parts are read in place, not the whole event copied.)
    static func eventDescriptor(ofEvent index: Int, in lowered: LoweredContract) -> EventDescriptor {
        var constants: [String: String] = [:]
        var required: [String] = [], optional: [String] = []
        for member in lowered.events[index].members {
            switch (member.field, member.role) {
            case (.kind(let kind, let position), .fixed(_, let wireValue)):
                if case .valueSet = lowered.kinds[kind].fields[position].spec.type { constants[lowered.kinds[kind].fields[position].wireName] = wireValue }
            case (.curated(let field), .required): required.append(lowered.fields[field].wireName)
            case (.curated(let field), .optional): optional.append(lowered.fields[field].wireName)
            case (.envelope, _), (.kind, .required), (.kind, .optional), (.kind, .filled), (.curated, .fixed), (.curated, .filled):
                continue
            }
        }
        return EventDescriptor(
            name: lowered.events[index].name, kind: lowered.events[index].kind, constants: constants, required: required,
            optional: optional, deprecated: lowered.events[index].declaration.deprecated)
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
