import TrackingCore

/// Render stage: ``GeneratedModule`` -> the fixed set of files
/// (``GeneratedFileSet/fileNames``), deterministic byte for byte.
public enum ModuleRenderer {
    public static func render(_ module: GeneratedModule) -> [GeneratedFile] {
        var files: [GeneratedFile] = []

        files.append(file(GeneratedFileSet.descriptor, module) { p in
            DescriptorRenderer(module: module).render(into: &p)
        })

        files.append(file(GeneratedFileSet.valueSets, module) { p in
            for (index, set) in module.valueSets.enumerated() {
                if index > 0 { p.line() }
                ValueSetRenderer(decl: set).render(into: &p)
            }
        })

        files.append(file(GeneratedFileSet.envelope, module) { p in
            ProtocolRenderer(decl: module.envelope).render(into: &p)
            p.line()
            p.block("extension \(module.envelope.name)") { p in
                p.line("/// The contract's version, sent in every event.")
                p.line("public var contractVersion: Swift.String { \(SwiftName.escaped(module.namespace)).version }")
                p.line()
                p.line("/// Checks the encoded event against the contract's descriptor. Generated events")
                p.line("/// check themselves; this is what models an app composes from the protocols get.")
                p.block("public func validate() -> [TrackingCore.Violation]") { p in
                    p.line("\(SwiftName.escaped(module.namespace)).descriptor.validate(event: self)")
                }
            }
            for (kind, descriptor) in zip(module.kinds, module.descriptor.kinds) {
                p.line()
                ProtocolRenderer(decl: kind).render(into: &p)
                p.line()
                p.block("extension \(kind.name)") { p in
                    p.line("/// The kind's wire name, sent in every event of the kind.")
                    p.line("public var kindName: Swift.String { \(SwiftLiteral.string(descriptor.name)) }")
                }
            }
            renderRules(module, scopes: [.envelope, .kind], into: &p)
        })

        files.append(file(GeneratedFileSet.fields, module) { p in
            for (index, decl) in module.fieldProtocols.enumerated() {
                if index > 0 { p.line() }
                ProtocolRenderer(decl: decl).render(into: &p)
            }
            renderRules(module, scopes: [.curated], into: &p)
        })

        files.append(file(GeneratedFileSet.objects, module) { p in
            for (index, object) in module.objects.enumerated() {
                if index > 0 { p.line() }
                StructRenderer(decl: object, namespace: module.namespace, version: module.version).render(into: &p)
            }
        })

        var eventsByShard = Array(repeating: [Int](), count: ContractTranslator.eventShardCount)
        for (index, event) in module.events.enumerated() {
            guard case .event(_, _, let shard) = event.role else { continue }
            eventsByShard[shard].append(index)
        }
        var descriptorsByShard = Array(repeating: [EventDescriptor](), count: ContractTranslator.eventShardCount)
        for event in module.descriptor.events {
            descriptorsByShard[ContractTranslator.shard(ofEvent: event.name)].append(event)
        }
        let cache = SnippetCache()
        for shard in 0..<ContractTranslator.eventShardCount {
            files.append(file(GeneratedFileSet.events(shard: shard), module) { p in
                DescriptorRenderer(module: module).renderShard(shard, events: descriptorsByShard[shard], into: &p)
                for index in eventsByShard[shard] {
                    p.line()
                    StructRenderer(decl: module.events[index], namespace: module.namespace, version: module.version, cache: cache)
                        .render(into: &p)
                }
            })
        }
        return files
    }

    /// The shared field code (constraints, checks, member writers) of
    /// `scopes`, in an extension of `<Namespace>.Rules`.
    static func renderRules(_ module: GeneratedModule, scopes: Set<RuleDecl.Scope>, into p: inout CodePrinter) {
        let rules = module.rules.filter { scopes.contains($0.scope) }
        guard !rules.isEmpty else { return }
        p.line()
        p.block("extension \(SwiftName.escaped(module.namespace)).Rules") { p in
            for (index, rule) in rules.enumerated() {
                if index > 0 { p.line() }
                ValueCode.renderRule(rule, into: &p)
            }
        }
    }

    static func file(_ name: String, _ module: GeneratedModule, _ body: (inout CodePrinter) -> Void) -> GeneratedFile {
        var p = CodePrinter()
        p.reserve(estimatedBytes(name, module))
        p.line(GeneratedFileSet.header)
        p.line("// Contract: \(SwiftLiteral.string(module.contractName)) \(SwiftLiteral.string(module.version))")
        p.line()
        p.line("import Foundation")
        p.line("import TrackingCore")
        p.line()
        body(&p)
        return GeneratedFile(name: name, bytes: p.bytes)
    }

    /// A generous guess at a file's size, so its buffer grows once at most
    /// (each event shard holds an eighth of the events, rarely over 4 KB each;
    /// reserving more than is used costs nothing: untouched pages are never mapped).
    static func estimatedBytes(_ name: String, _ module: GeneratedModule) -> Int {
        switch name {
        case GeneratedFileSet.descriptor: 4_096 + module.descriptor.events.count * 160 + module.rules.count * 160
        case GeneratedFileSet.fields: 4_096 + module.rules.count * 1_024
        case GeneratedFileSet.objects: 4_096 + module.objects.count * 4_096
        case GeneratedFileSet.valueSets, GeneratedFileSet.envelope: 16_384
        default: 4_096 + module.events.count / ContractTranslator.eventShardCount * 4_096
        }
    }
}
