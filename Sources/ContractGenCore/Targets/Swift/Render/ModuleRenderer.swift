import TrackingCore

/// Render stage: ``GeneratedModule`` -> the files
/// (``GeneratedFileSet/fileNames``), deterministic byte for byte.
///
/// Each file renders on its own (``render(file:reusing:)``), so the files can be
/// rendered, and written, at the same time.
struct ModuleRenderer: Sendable {
    let module: GeneratedModule
    let events: EventRenderer
    let translated: TranslatedContract

    init(_ translated: TranslatedContract) {
        module = translated.module
        events = EventRenderer(table: translated.events, namespace: translated.module.namespace)
        self.translated = translated
    }

    /// Every file name in the order that renders fastest on several cores: the
    /// large event shards first.
    static let renderOrder: [String] = (0..<GeneratedFileNames.eventShardCount).map(GeneratedFileSet.events(shard:))
        + [GeneratedFileSet.fields, GeneratedFileSet.descriptor, GeneratedFileSet.objects,
           GeneratedFileSet.valueSets, GeneratedFileSet.envelope]

    /// Whether `name` is an event shard that no event of the contract falls in.
    func isEmpty(file name: String) -> Bool {
        GeneratedFileNames.shard(ofFileNamed: name).map(translated.isEmpty(shard:)) ?? false
    }

    /// The file `name` (one of ``GeneratedFileSet/fileNames``), printed into
    /// `buffer`'s storage when it is not shared (see ``CodePrinter/init(reusing:)``).
    func render(file name: String, reusing buffer: consuming [UInt8] = []) -> GeneratedFile {
        switch name {
        case GeneratedFileSet.descriptor:
            return file(name, consume buffer) { p in
                DescriptorRenderer(module: module, eventShards: translated.shardsWithEvents)
                    .render(into: &p)
            }
        case GeneratedFileSet.valueSets:
            return file(name, consume buffer) { p in
                guard !module.valueSets.isEmpty else { return }
                p.block("extension \(namespace)") { p in
                    for (index, set) in module.valueSets.enumerated() {
                        if index > 0 { p.line() }
                        ValueSetRenderer(decl: set).render(into: &p)
                    }
                }
            }
        case GeneratedFileSet.envelope:
            return file(name, consume buffer) { p in renderEnvelope(into: &p) }
        case GeneratedFileSet.fields:
            return file(name, consume buffer) { p in
                // Present and optional protocols alternate in the model (per field): one extension each.
                var printed = false
                for scope in ["\(namespace).Fields", "\(namespace).OptionalFields"] {
                    let decls = module.fieldProtocols.filter { $0.scope == scope }
                    guard !decls.isEmpty else { continue }
                    if printed { p.line() }
                    printed = true
                    p.block("extension \(scope)") { p in
                        for (index, decl) in decls.enumerated() {
                            if index > 0 { p.line() }
                            ProtocolRenderer(decl: decl).render(into: &p)
                        }
                    }
                }
                renderFieldKeys(into: &p)
                Self.renderRules(module, scopes: [.curated], into: &p)
            }
        case GeneratedFileSet.objects:
            return file(name, consume buffer) { p in
                guard !module.objects.isEmpty else { return }
                let constraints = ConstraintTable.objects(module)
                p.block("extension \(namespace)") { p in
                    for (index, object) in module.objects.enumerated() {
                        if index > 0 { p.line() }
                        StructRenderer(decl: object, rules: "\(namespace).Rules", constraints: constraints).render(into: &p)
                    }
                }
                p.line()
                p.block("extension \(namespace).Rules") { p in
                    if !constraints.literals.isEmpty {
                        constraints.renderArray(into: &p)
                        p.line()
                    }
                    p.line("/// `lhs == rhs`, for the objects' `==`: one generic function, whose `==` the compiler solves once.")
                    p.line("static func equal<Value: Swift.Equatable>(_ lhs: Value, _ rhs: Value) -> Swift.Bool { lhs == rhs }")
                }
            }
        default:
            guard let shard = GeneratedFileNames.shard(ofFileNamed: name), shard < translated.shardCount
            else { preconditionFailure("not a generated file: \(name)") }
            // A shard without events (the build plugin still declares it) is the header alone: nothing to
            // compile, and nothing that changes with the contract (its version), so it is never rewritten.
            guard !translated.isEmpty(shard: shard) else {
                var p = CodePrinter(reusing: consume buffer)
                p.line(GeneratedFileSet.header)
                return GeneratedFile(name: name, bytes: p.bytes)
            }
            return file(name, consume buffer) { p in
                p.block("extension \(namespace).Rules") { p in
                    DescriptorRenderer(module: module).renderShard(shard, events: translated.eventDescriptors(inShard: shard), into: &p)
                }
                let entries = Array(translated.eventEntries(inShard: shard))
                p.line()
                p.line("extension \(namespace) {")
                p.withBytes { bytes in events.render(entries, into: &bytes) }
                p.line("}")
                p.line()
                p.block("extension \(namespace).Events") { p in events.renderNames(entries, into: &p) }
            }
        }
    }

    /// One typed key per curated field (`Shop.Fields.exitInteraction`, a `FieldKey<Shop.ExitInteraction>`), for
    /// tests to read any event's field typed: a declaration per field, none per event.
    func renderFieldKeys(into p: inout CodePrinter) {
        let protocols = module.fieldProtocols.filter { $0.scope == "\(namespace).Fields" }
        let fields = protocols.compactMap(\.requirements.first)
        guard !fields.isEmpty else { return }
        let names = GeneratedNames.fieldKeyNames(members: fields.map(\.name), types: protocols.map(\.name))
        p.line()
        p.line("// The curated fields by name, typed, to read them from any event in tests:")
        p.line("// `event.field(\(namespace).Fields.\(SwiftName.escaped(names[0])))`.")
        p.block("extension \(namespace).Fields") { p in
            for (field, name) in zip(fields, names) {
                p.block("public static var \(SwiftName.escaped(name)): TrackingCore.FieldKey<\(field.type.code)>") { p in
                    p.line(".init(\(SwiftLiteral.string(field.wireName)))")
                }
            }
        }
    }

    /// The namespace as written in code.
    var namespace: String { SwiftName.escaped(module.namespace) }

    func renderEnvelope(into p: inout CodePrinter) {
        p.block("extension \(namespace)") { p in
            ProtocolRenderer(decl: module.envelope).render(into: &p)
        }
        p.line()
        p.block("extension \(module.envelope.qualifiedName)") { p in
            p.line("/// The contract's version, sent in every event.")
            p.line("public var contractVersion: Swift.String { \(SwiftName.escaped(module.namespace)).version }")
            p.line()
            p.line("/// Checks the encoded event against the contract's descriptor. Generated events")
            p.line("/// check themselves; this is what models an app composes from the protocols get.")
            p.block("public func validate() -> [TrackingCore.Violation]") { p in
                p.line("\(SwiftName.escaped(module.namespace)).descriptor.validate(event: self)")
            }
            p.line()
            p.line("/// The contract's `pii` fields: what an event's description redacts (built once, `\(module.namespace).piiPolicy`).")
            p.line("public var piiPolicy: TrackingCore.PIIPolicy { \(SwiftName.escaped(module.namespace)).piiPolicy }")
        }
        if !module.kinds.isEmpty {
            p.line()
            p.block("extension \(namespace).Kinds") { p in
                for (index, kind) in module.kinds.enumerated() {
                    if index > 0 { p.line() }
                    ProtocolRenderer(decl: kind).render(into: &p)
                }
            }
        }
        for (kind, descriptor) in zip(module.kinds, module.descriptor.kinds) {
            p.line()
            p.block("extension \(kind.qualifiedName)") { p in
                p.line("/// The kind's wire name, sent in every event of the kind.")
                p.line("public var kindName: Swift.String { \(SwiftLiteral.string(descriptor.name)) }")
            }
        }
        if !events.table.kinds.isEmpty {
            p.line()
            p.block("extension \(namespace).Events") { p in
                for (index, (kind, kindProtocol)) in zip(events.table.kinds, module.kinds).enumerated() {
                    if index > 0 { p.line() }
                    KindEventRenderer(table: events.table, kind: kind, kindProtocol: kindProtocol).render(into: &p)
                }
            }
        }
        Self.renderRules(module, scopes: [.envelope, .kind], into: &p)
    }

    /// The shared field code (constraints, checks, member writers) of
    /// `scopes`, in an extension of `<Namespace>.Rules`.
    ///
    /// The fields' constraints are one array per file (``ConstraintTable``:
    /// `fieldConstraints`, or `envelopeConstraints` for the envelope's and
    /// kinds' fields), each distinct literal once, not a `static let` per
    /// field: each `static let` is a global with its own initializer, accessor
    /// and once-token for every build to compile, and the array's one literal
    /// costs less (docs/performance.md, "Build time of the generated module").
    /// Rule names all hold a `_`, the arrays' do not.
    static func renderRules(_ module: GeneratedModule, scopes: Set<FieldCheckDecl.Scope>, into p: inout CodePrinter) {
        let rules = module.rules.filter { scopes.contains($0.scope) }
        guard !rules.isEmpty else { return }
        let table = ConstraintTable.rules(module, scopes: scopes)
        p.line()
        p.block("extension \(SwiftName.escaped(module.namespace)).Rules") { p in
            if !table.literals.isEmpty {
                table.renderArray(into: &p)
                p.line()
            }
            for (index, rule) in rules.enumerated() {
                if index > 0 { p.line() }
                let values = ValueCode.constraintValues(rule.property.spec)
                ValueCode.renderRule(rule, constraints: { depth in
                    guard let literal = values.first(where: { $0.depth == depth })?.literal,
                        let position = table.position(of: literal)
                    else { preconditionFailure("no constraints at depth \(depth): \(rule.name)") }
                    return "Self.\(table.arrayName)[\(position)]"
                }, into: &p)
            }
        }
    }

    func file(_ name: String, _ buffer: consuming [UInt8], _ body: (inout CodePrinter) -> Void) -> GeneratedFile {
        var p = CodePrinter(reusing: consume buffer)
        p.reserve(estimatedBytes(name))
        p.line(GeneratedFileSet.header)
        // Generated code follows its own layout; linters and formatters leave it alone.
        p.line("// swiftlint:disable all")
        p.line("// swift-format-ignore-file")
        // The name only: the version is in the namespace's file alone, so that a new version rewrites that one file.
        p.line("// Contract: \(SwiftLiteral.string(module.contractName))")
        p.line()
        p.line("import Foundation")
        p.line("import TrackingCore")
        p.line()
        body(&p)
        // Lines were kept within 120 columns as they were printed (`LineWrapping`).
        return GeneratedFile(name: name, bytes: p.bytes)
    }

    /// A generous guess at a file's size, so its buffer grows once at most
    /// (each event shard holds an eighth of the events, rarely over 4 KB each;
    /// reserving more than is used costs nothing: untouched pages are never mapped).
    func estimatedBytes(_ name: String) -> Int {
        switch name {
        case GeneratedFileSet.descriptor: 4_096 + module.rules.count * 320
        case GeneratedFileSet.fields: 4_096 + module.rules.count * 1_024
        case GeneratedFileSet.objects: 4_096 + module.objects.count * 4_096
        case GeneratedFileSet.valueSets, GeneratedFileSet.envelope: 16_384
        default: 4_096 + translated.eventCount / translated.shardCount * 4_096
        }
    }
}
