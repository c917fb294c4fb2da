import Foundation
import TrackingCore

/// Renders the contract's namespace enum with its runtime descriptor, and the
/// per-shard event descriptor lists.
struct DescriptorRenderer {
    let module: GeneratedModule

    var namespace: String { SwiftName.escaped(module.namespace) }

    func render(into p: inout CodePrinter) {
        p.doc(module.doc, source: module.source)
        p.line("///")
        p.line("/// Every type generated from the contract is nested in this enum, so that none")
        p.line("/// can clash with a type an app imports from Swift, Foundation, SwiftUI or UIKit.")
        p.block("public enum \(namespace)") { p in
            p.line("/// Names the support module version this code was generated for: against any")
            p.line("/// other version of `TrackingCore` it fails to compile instead of misbehaving.")
            p.line("public typealias \(module.names.supportVersionAlias) = TrackingCore.TrackingCoreSupportVersion1")
            p.line()
            p.line("/// The contract's name.")
            p.line("public static let name: Swift.String = \(SwiftLiteral.string(module.contractName))")
            p.line("/// The contract's semantic version, sent as `contractVersion`.")
            p.line("public static let version: Swift.String = \(SwiftLiteral.string(module.version))")
            p.line()
            p.line("/// The whole contract as data: the runtime validates encoded events against it,")
            p.line("/// including models an app composed from the generated protocols.")
            // Typed, so that compile jobs of other files that use `descriptor`
            // do not infer its type from this (large) expression again.
            p.line("public static let descriptor: TrackingCore.ContractDescriptor = TrackingCore.ContractDescriptor(")
            p.indent()
            let d = module.descriptor
            p.line("name: \(SwiftLiteral.string(d.name)),")
            p.line("version: \(SwiftLiteral.string(d.version)),")
            list("valueSets", d.valueSets.map { "TrackingCore.ValueSetDescriptor(name: \(SwiftLiteral.string($0.name)), wireValues: [\($0.wireValues.map(SwiftLiteral.string).joined(separator: ", "))])" }, into: &p)
            p.line("objects: [")
            p.indent()
            for object in d.objects {
                p.line("TrackingCore.ObjectDescriptor(")
                p.indent()
                p.line("name: \(SwiftLiteral.string(object.name)),")
                list("required", object.required.map(Self.field), into: &p)
                list("optional", object.optional.map(Self.field), into: &p, last: true)
                p.outdent()
                p.line("),")
            }
            p.outdent()
            p.line("],")
            list("mandatory", d.mandatory.map(Self.field), into: &p)
            p.line("kinds: [")
            p.indent()
            for kind in d.kinds {
                p.line("TrackingCore.KindDescriptor(")
                p.indent()
                p.line("name: \(SwiftLiteral.string(kind.name)),")
                list("mandatory", kind.mandatory.map(Self.field), into: &p, last: true)
                p.outdent()
                p.line("),")
            }
            p.outdent()
            p.line("],")
            list("globals", d.globals.map(Self.field), into: &p)
            list("fields", d.fields.map(Self.field), into: &p)
            let shards = (0..<ContractTranslator.eventShardCount).map { "Self.eventDescriptors\($0)" }
            p.line("events: Array([\(shards.joined(separator: ", "))].joined())")
            p.outdent()
            p.line(")")
            p.line()
            p.line("/// Field checks shared by the events' validators (generated code only).")
            p.line("enum Rules {}")
            p.line()
            p.line("/// A protocol per event kind: the fields every event of the kind carries.")
            p.line("public enum Kinds {}")
            p.line()
            p.line("/// A protocol per curated field, for models that always carry it.")
            p.line("public enum Fields {}")
            p.line()
            p.line("/// A protocol per curated field, for models that may carry it.")
            p.line("public enum OptionalFields {}")
        }
    }

    /// `static let eventDescriptors<shard>` (printed inside an extension of the
    /// namespace): the descriptors of `events` (the shard's events, in order),
    /// printed straight as bytes.
    func renderShard(
        _ shard: Int, events: some Collection<Event>, descriptors: ContractTranslator.EventDescriptors, into p: inout CodePrinter
    ) {
        do {
            p.line("/// Descriptors of the events in this file.")
            if events.isEmpty {
                p.line("static let eventDescriptors\(shard): [TrackingCore.EventDescriptor] = []")
                return
            }
            p.line("static let eventDescriptors\(shard): [TrackingCore.EventDescriptor] = [")
            p.withBytes { out in
                for event in events {
                    out.append(contentsOf: Self.eventStart)
                    SwiftLiteral.appendString(event.name, to: &out)
                    out.append(contentsOf: Self.kindLabel)
                    SwiftLiteral.appendString(event.kind, to: &out)
                    if !event.constants.isEmpty {
                        let constants = descriptors.constants(of: event)
                        if !constants.isEmpty {
                            out.append(contentsOf: Self.constantsLabel)
                            for (index, (key, value)) in constants.sorted(by: { $0.key < $1.key }).enumerated() {
                                if index > 0 { out.append(contentsOf: Self.separator) }
                                SwiftLiteral.appendString(key, to: &out)
                                out.append(contentsOf: Self.colon)
                                SwiftLiteral.appendString(value, to: &out)
                            }
                            out.append(UInt8(ascii: "]"))
                        }
                    }
                    Self.appendNames(event.required, label: Self.requiredLabel, to: &out)
                    Self.appendNames(event.optional, label: Self.optionalLabel, to: &out)
                    if let deprecated = event.deprecated {
                        out.append(contentsOf: Self.deprecatedLabel)
                        SwiftLiteral.appendString(deprecated, to: &out)
                    }
                    out.append(contentsOf: Self.eventEnd)
                }
            }
            p.line("]")
        }
    }

    private static func appendNames(_ references: [FieldReference], label: [UInt8], to out: inout [UInt8]) {
        guard !references.isEmpty else { return }
        out.append(contentsOf: label)
        for (index, reference) in references.enumerated() {
            if index > 0 { out.append(contentsOf: separator) }
            SwiftLiteral.appendString(reference.name, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    private static let eventStart = Array("        TrackingCore.EventDescriptor(name: ".utf8)
    private static let kindLabel = Array(", kind: ".utf8)
    private static let constantsLabel = Array(", constants: [".utf8)
    private static let requiredLabel = Array(", required: [".utf8)
    private static let optionalLabel = Array(", optional: [".utf8)
    private static let deprecatedLabel = Array(", deprecated: ".utf8)
    private static let separator = Array(", ".utf8)
    private static let colon = Array(": ".utf8)
    private static let eventEnd = Array("),\n".utf8)

    func list(_ label: String, _ items: [String], into p: inout CodePrinter, last: Bool = false) {
        let end = last ? "" : ","
        if items.isEmpty {
            p.line("\(label): []\(end)")
            return
        }
        p.line("\(label): [")
        p.indent()
        for item in items { p.line(item + ",") }
        p.outdent()
        p.line("]\(end)")
    }

    static func field(_ f: FieldDescriptor) -> String {
        var arguments = [SwiftLiteral.string(f.wireName), spec(f.spec)]
        if f.pii { arguments.append("pii: true") }
        if let message = f.deprecated { arguments.append("deprecated: \(SwiftLiteral.string(message))") }
        if let value = f.defaultValue { arguments.append("defaultValue: \(json(value))") }
        return "TrackingCore.FieldDescriptor(\(arguments.joined(separator: ", ")))"
    }

    static func spec(_ s: ValueSpec) -> String {
        let type: String
        switch s.type {
        case .string: type = ".string"
        case .int: type = ".int"
        case .double: type = ".double"
        case .decimal: type = ".decimal"
        case .bool: type = ".bool"
        case .uuid: type = ".uuid"
        case .timestamp: type = ".timestamp"
        case .array(let items): type = ".array(items: \(spec(items)))"
        case .valueSet(let name): type = ".valueSet(\(SwiftLiteral.string(name)))"
        case .object(let name): type = ".object(\(SwiftLiteral.string(name)))"
        }
        if s.constraints.isEmpty { return "TrackingCore.ValueSpec(\(type))" }
        return "TrackingCore.ValueSpec(\(type), \(ValueCode.constraints(s.constraints)))"
    }

    static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: return ".null"
        case .bool(let b): return ".bool(\(b))"
        case .number(let n): return ".number(\(SwiftLiteral.string(n)))"
        case .string(let s): return ".string(\(SwiftLiteral.string(s)))"
        case .array(let items): return ".array([\(items.map(json).joined(separator: ", "))])"
        case .object(let members):
            if members.isEmpty { return ".object([])" }
            return ".object([\(members.map { "(key: \(SwiftLiteral.string($0.key)), value: \(json($0.value)))" }.joined(separator: ", "))])"
        }
    }
}
