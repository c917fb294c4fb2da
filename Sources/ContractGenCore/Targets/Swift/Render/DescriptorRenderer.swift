import Foundation
import TrackingCore

/// Renders the contract's namespace enum with its runtime descriptor, and the
/// per-shard event descriptor lists.
struct DescriptorRenderer {
    let module: GeneratedModule
    /// The event shards that hold events: the descriptor joins their lists (empty shards declare none).
    var eventShards: [Int] = []

    var namespace: String { SwiftName.escaped(module.namespace) }

    /// The namespace's member that event functions write `contractVersion` with.
    static let versionMember = "versionMember"

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
            p.line("/// `version` as the JSON member every event starts with (generated code only).")
            p.line("static let \(Self.versionMember): Swift.StaticString = "
                + SwiftLiteral.string(ValueCode.jsonText(WireNames.contractVersion) + ":" + ValueCode.jsonText(module.version)))
            p.line()
            p.line("/// The whole contract as data: the runtime validates encoded events against it,")
            p.line("/// including models an app composed from the generated protocols.")
            p.line("public static let descriptor: TrackingCore.ContractDescriptor = makeDescriptor()")
            p.line("/// The contract's `pii` fields, found once: what an event's description redacts.")
            p.line("public static let piiPolicy: TrackingCore.PIIPolicy = TrackingCore.PIIPolicy(descriptor: descriptor)")
            p.line()
            renderMakeDescriptor(
                constraints: [
                    ConstraintTable.rules(module, scopes: [.curated]), ConstraintTable.rules(module, scopes: [.envelope, .kind]),
                    ConstraintTable.objects(module),
                ], into: &p)
            p.line()
            p.line("/// Field checks shared by the events' validators (generated code only).")
            p.line("enum Rules {}")
            p.line()
            p.line("/// A protocol per event kind: the fields every event of the kind carries.")
            p.line("public enum Kinds {}")
            p.line()
            p.line("/// A struct per event kind: what the kind's event functions return.")
            p.line("public enum Events {}")
            p.line()
            p.line("/// A protocol per curated field, for models that always carry it.")
            p.line("public enum Fields {}")
            p.line()
            p.line("/// A protocol per curated field, for models that may carry it.")
            p.line("public enum OptionalFields {}")
        }
    }

    /// `makeDescriptor()`: the descriptor built statement by statement in a
    /// function. A function body is type-checked by this file's compile job
    /// only (the module's interface job skips it), where one literal of the
    /// whole contract was type-checked by every job, a rebuild after any edit
    /// included (2.3 s of a 500-event module's 4.4 s interface job). A value
    /// spec's constraints are read from `constraints`' arrays where one holds
    /// them (``ConstraintTable``), built in place otherwise.
    func renderMakeDescriptor(constraints: [ConstraintTable], into p: inout CodePrinter) {
        let d = module.descriptor
        let specs = SpecPrinter(constraints: constraints)
        p.line("/// Builds ``descriptor``, once.")
        p.block("private static func makeDescriptor() -> TrackingCore.ContractDescriptor") { p in
            // `var` only for a list that is appended to: an empty one is a `let`, so the module compiles without warnings.
            func declare(_ name: String, _ type: String, empty: Bool) {
                p.line("\(empty ? "let" : "var") \(name): [TrackingCore.\(type)] = []")
            }
            declare("valueSets", "ValueSetDescriptor", empty: d.valueSets.isEmpty)
            for set in d.valueSets {
                p.wrapped(
                    "valueSets.append(TrackingCore.ValueSetDescriptor(name: \(SwiftLiteral.string(set.name)), wireValues: [",
                    set.wireValues.map(SwiftLiteral.string), "]))")
            }
            declare("objects", "ObjectDescriptor", empty: d.objects.isEmpty)
            for object in d.objects {
                p.line("objects.append(TrackingCore.ObjectDescriptor(")
                p.indent()
                p.line("name: \(SwiftLiteral.string(object.name)),")
                list("required", object.required.map(specs.field), into: &p)
                list("optional", object.optional.map(specs.field), into: &p, last: true)
                p.outdent()
                p.line("))")
            }
            declare("kinds", "KindDescriptor", empty: d.kinds.isEmpty)
            for kind in d.kinds {
                p.line("kinds.append(TrackingCore.KindDescriptor(")
                p.indent()
                p.line("name: \(SwiftLiteral.string(kind.name)),")
                list("mandatory", kind.mandatory.map(specs.field), into: &p, last: true)
                p.outdent()
                p.line("))")
            }
            for (name, fields) in [("mandatory", d.mandatory), ("globals", d.globals), ("fields", d.fields)] {
                declare(name, "FieldDescriptor", empty: fields.isEmpty)
                for field in fields {
                    p.wrapped("\(name).append(TrackingCore.FieldDescriptor(", specs.fieldArguments(field), "))")
                }
            }
            declare("events", "EventDescriptor", empty: eventShards.isEmpty)
            for shard in eventShards { p.line("events += Rules.eventDescriptors\(shard)()") }
            p.line("return TrackingCore.ContractDescriptor(")
            p.indent()
            p.line("name: \(SwiftLiteral.string(d.name)), version: \(SwiftLiteral.string(d.version)),")
            p.line("valueSets: valueSets, objects: objects, mandatory: mandatory, kinds: kinds, globals: globals, fields: fields,")
            p.line("events: events")
            p.outdent()
            p.line(")")
        }
    }

    /// `static func eventDescriptors<shard>()` (printed inside an extension of
    /// `Rules`, where no event function can take its name): the descriptors of `events` (the shard's events, in
    /// order) as JSON text in a multi-line string literal, which
    /// ``TrackingCore/GeneratedCodeSupport/eventDescriptors(_:)`` reads once: an array per event,
    /// `[name, kind, {constants}, [required], [optional], deprecated or null]`. Data, not code: an
    /// initializer call and a literal per name were about a fifth of a shard's compiled code, which every
    /// debug build compiles (docs/performance.md, "Build time of the generated module"). Printed straight
    /// as bytes, within 120 columns (a line breaks after a `,`, which JSON allows; a name longer than a line
    /// gets a line of its own).
    func renderShard(_ shard: Int, events: some Collection<EventDescriptor>, into p: inout CodePrinter) {
        p.line("/// The descriptors of the events in this file, for ``descriptor``: JSON, read once.")
        p.block("static func eventDescriptors\(shard)() -> [TrackingCore.EventDescriptor]") { p in
            p.line("TrackingCore.GeneratedCodeSupport.eventDescriptors(\"\"\"")
            p.withBytes { out in
                var piece: [UInt8] = []
                var lineStart = out.count
                func startLine() {
                    lineStart = out.count
                    out.append(contentsOf: Self.literalIndent)
                }
                // Ends `piece` and places it: on this line when it fits, else on the next.
                func place() {
                    let column = out.count - lineStart
                    if column + piece.count > LineWrapping.maxColumns && column > Self.literalIndent.count {
                        out.append(UInt8(ascii: "\n"))
                        startLine()
                    }
                    out.append(contentsOf: piece)
                    piece.removeAll(keepingCapacity: true)
                }
                func list(_ items: [String]) {
                    piece.append(UInt8(ascii: "["))
                    for (index, item) in items.enumerated() {
                        if index > 0 { place() }
                        Self.appendJSONString(item, to: &piece)
                        if index < items.count - 1 { piece.append(UInt8(ascii: ",")) }
                    }
                    piece.append(contentsOf: Self.listEnd)
                    place()
                }
                startLine()
                out.append(UInt8(ascii: "["))
                for (index, event) in events.enumerated() {
                    out.append(UInt8(ascii: "\n"))
                    startLine()
                    piece.append(UInt8(ascii: "["))
                    Self.appendJSONString(event.name, to: &piece)
                    piece.append(UInt8(ascii: ","))
                    place()
                    Self.appendJSONString(event.kind, to: &piece)
                    piece.append(UInt8(ascii: ","))
                    place()
                    piece.append(UInt8(ascii: "{"))
                    let constants = event.constants.sorted(by: { $0.key < $1.key })
                    for (index, (key, value)) in constants.enumerated() {
                        if index > 0 { place() }
                        Self.appendJSONString(key, to: &piece)
                        piece.append(UInt8(ascii: ":"))
                        Self.appendJSONString(value, to: &piece)
                        if index < constants.count - 1 { piece.append(UInt8(ascii: ",")) }
                    }
                    piece.append(contentsOf: Self.objectEnd)
                    place()
                    list(event.required)
                    list(event.optional)
                    if let deprecated = event.deprecated {
                        Self.appendJSONString(deprecated, to: &piece)
                    } else {
                        piece.append(contentsOf: Self.null)
                    }
                    piece.append(UInt8(ascii: "]"))
                    if index < events.count - 1 { piece.append(UInt8(ascii: ",")) }
                    place()
                }
                out.append(UInt8(ascii: "\n"))
                startLine()
                out.append(contentsOf: Self.literalEnd)
            }
        }
    }

    /// `text` as a JSON string inside a Swift multi-line string literal: its quotes raw (JSON never puts three
    /// together), everything the runtime's writer or Swift would escape escaped for both.
    private static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        if SwiftLiteral.isPlain(text) {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
        } else {
            out.append(contentsOf: SwiftLiteral.jsonString(text).utf8.dropFirst().dropLast())
        }
    }

    private static let literalIndent = Array("            ".utf8)
    private static let listEnd = Array("],".utf8)
    private static let objectEnd = Array("},".utf8)
    private static let null = Array("null".utf8)
    private static let literalEnd = Array("]\n            \"\"\")\n".utf8)

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

    /// Prints the descriptor's field descriptors and value specs.
    struct SpecPrinter {
        /// The arrays whose entries the specs' constraints read.
        let constraints: [ConstraintTable]

        func field(_ f: FieldDescriptor) -> String {
            "TrackingCore.FieldDescriptor(\(fieldArguments(f).joined(separator: ", ")))"
        }

        func fieldArguments(_ f: FieldDescriptor) -> [String] {
            var arguments = [SwiftLiteral.string(f.wireName), spec(f.spec)]
            if f.pii { arguments.append("pii: true") }
            if let message = f.deprecated { arguments.append("deprecated: \(SwiftLiteral.string(message))") }
            if let value = f.defaultValue { arguments.append("defaultValue: \(DescriptorRenderer.json(value))") }
            return arguments
        }

        func spec(_ s: ValueSpec) -> String {
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
            return "TrackingCore.ValueSpec(\(type), \(constraintsCode(s.constraints)))"
        }

        /// The entry of the first array that holds `c`, or `c` built in place.
        func constraintsCode(_ c: FieldConstraints) -> String {
            let literal = ValueCode.constraints(c)
            for table in constraints {
                if let position = table.position(of: literal) { return "Rules.\(table.arrayName)[\(position)]" }
            }
            return literal
        }
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
