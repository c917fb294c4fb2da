import TrackingCore

/// Prints the TypeScript files of one valid contract into byte buffers: the
/// rules as data (`contract.ts`), value sets, objects and kinds (`types.ts`),
/// one function and one properties interface per event (`events<N>.ts`), and
/// `index.ts`. Every name comes from ``TypeScriptNames``.
struct TypeScriptRenderer: TargetFileRenderer {
    static let runtimeModule = "@contractgen/runtime"

    let contract: Contract
    /// The contract's rules, decided once (``LoweredContract``): what `contract.ts` and the event files embed
    /// as data and what each event's properties are (required, optional, fixed, filled by the runtime).
    let lowered: LoweredContract
    /// Event indices per shard, in contract order.
    let shards: [[Int]]
    let valueSets: [String: ValueSet]
    let objects: [String: ObjectType]

    init(_ lowered: LoweredContract, eventShards: Int) {
        let contract = lowered.contract
        self.contract = contract
        self.lowered = lowered
        shards = lowered.eventIndices(inFilesOf: eventShards)
        valueSets = Dictionary(contract.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        objects = Dictionary(contract.objects.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// An event shard no event falls in.
    func isEmpty(file name: String) -> Bool {
        shard(of: name).map { shards[$0].isEmpty } ?? false
    }

    /// The shard `events<N>.ts` holds; `nil` for the other files.
    private func shard(of name: String) -> Int? {
        guard name.hasPrefix("events"), name.hasSuffix(".ts") else { return nil }
        return Int(name.dropFirst("events".count).dropLast(".ts".count))
    }

    func render(file name: String, reusing buffer: consuming [UInt8]) -> GeneratedFile {
        var out = consume buffer
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: TypeScriptGenerator.commentSyntax.generatedHeader.utf8)
        // The name only: the version is in one file (the descriptor), so that a new version rewrites that file alone.
        out.append(contentsOf: "\n// Contract: \(JavaScriptLiteral.string(contract.name))\n".utf8)
        switch name {
        case TypeScriptGenerator.indexFile: index(&out)
        case TypeScriptGenerator.contractFile: rules(&out)
        case TypeScriptGenerator.typesFile: types(&out)
        default: events(shards[shard(of: name)!], &out)
        }
        return GeneratedFile(name: name, bytes: out)
    }

    // MARK: Files

    private func index(_ out: inout [UInt8]) {
        out.append(contentsOf: "\nexport * from \"./types.js\";\n".utf8)
        // Only shards with events: a reviewed copy leaves the others out.
        for shard in shards.indices where !shards[shard].isEmpty { out.append(contentsOf: "export * from \"./events\(shard).js\";\n".utf8) }
        out.append(contentsOf: "export { $contract } from \"./contract.js\";\n".utf8)
    }

    private func rules(_ out: inout [UInt8]) {
        out.append(contentsOf: "\nimport * as $rt from \"\(Self.runtimeModule)\";\nimport type { \(Self.globalsInterface) } from \"./types.js\";\n\n".utf8)
        out.append(contentsOf: """
            /**
             * The contract's rules as data (docs/wire-format.md), which the runtime checks and
             * writes events by; each event's entry is beside its function (`$contract.addEvents`).
             */

            """.utf8)
        out.append(contentsOf: "export const $contract = new $rt.Contract<\(Self.globalsInterface)>(".utf8)
        JavaScriptLiteral.append(ContractRulesData.value(lowered, namesOf: TypeScriptTarget(), includingEvents: false), indent: "", expandedDepth: 2, to: &out)
        out.append(contentsOf: ");\n".utf8)
    }

    private func types(_ out: inout [UInt8]) {
        out.append(contentsOf: "\nimport * as $rt from \"\(Self.runtimeModule)\";\nimport { $contract } from \"./contract.js\";\n".utf8)
        for set in contract.valueSets {
            let name = TypeScriptNames.valueSet(set)
            out.append(UInt8(ascii: "\n"))
            doc(set.description, deprecated: nil, indent: "", &out)
            out.append(contentsOf: "export type \(name) =".utf8)
            if set.cases.isEmpty { out.append(contentsOf: " never".utf8) }
            for member in set.cases {
                out.append(contentsOf: "\n    | ".utf8)
                out.append(contentsOf: JavaScriptLiteral.string(member.wireValue).utf8)
            }
            out.append(contentsOf: ";\n".utf8)
            doc("The wire values of `\(name)` by code.", deprecated: nil, indent: "", &out)
            out.append(contentsOf: "export const \(name) = $rt.valueSet({\n".utf8)
            for member in set.cases {
                out.append(contentsOf: "    \(TypeScriptNames.propertyKey(member.code)): \(JavaScriptLiteral.string(member.wireValue)),\n".utf8)
            }
            out.append(contentsOf: "} as const);\n".utf8)
        }
        for object in contract.objects {
            let name = TypeScriptNames.object(object)
            out.append(UInt8(ascii: "\n"))
            doc(object.description, deprecated: nil, indent: "", &out)
            out.append(contentsOf: "export interface \(name) {\n".utf8)
            for field in object.required { property(field, optional: false, typePrefix: "", &out) }
            for field in object.optional { property(field, optional: true, typePrefix: "", &out) }
            out.append(contentsOf: "}\n".utf8)
            doc("Makes a `\(name)` of exactly its members, in contract order; `\(name).check(value)` lists what breaks the contract.", deprecated: nil, indent: "", &out)
            out.append(contentsOf: "export const \(name) = $contract.objectType<\(name)>(\(JavaScriptLiteral.string(object.name)));\n".utf8)
        }
        for kind in contract.kinds {
            let names = TypeScriptNames.kind(kind)
            out.append(UInt8(ascii: "\n"))
            doc("The fields of every event of kind `\(kind.name)`." + (kind.description.map { "\n\n" + $0 } ?? ""), deprecated: nil, indent: "", &out)
            out.append(contentsOf: "export interface \(names.fields) {\n".utf8)
            for field in kind.mandatory { property(field, optional: false, typePrefix: "", &out) }
            out.append(contentsOf: "}\n".utf8)
            doc("An event of kind `\(kind.name)`, whatever its name.", deprecated: nil, indent: "", &out)
            out.append(contentsOf: "export type \(names.event) = $rt.TrackedEvent<string, \(JavaScriptLiteral.string(kind.name)), \(names.fields)>;\n".utf8)
        }
        // Typed as Kotlin's and Swift's are: a misspelt global does not compile (`new CollectorSink($contract, { globals })`).
        out.append(UInt8(ascii: "\n"))
        doc("The contract's globals, which a sink appends to every event; each may be left out (a default, if any, is used).", deprecated: nil, indent: "", &out)
        out.append(contentsOf: "export interface \(Self.globalsInterface) {\n".utf8)
        for field in contract.globals { property(field, optional: true, typePrefix: "", &out) }
        out.append(contentsOf: "}\n".utf8)
    }

    private func events(_ indices: [Int], _ out: inout [UInt8]) {
        // The header alone (the build's declared-files placeholder); index.ts does not import it.
        guard !indices.isEmpty else { return }
        out.append(contentsOf: "\nimport * as $rt from \"\(Self.runtimeModule)\";\nimport { $contract } from \"./contract.js\";\nimport type * as $types from \"./types.js\";\n".utf8)
        out.append(contentsOf: "\n/** The rules of this file's events (docs/wire-format.md, \"The rules as data\"). */\n$contract.addEvents({\n".utf8)
        let target = TypeScriptTarget()
        for index in indices {
            let event = lowered.events[index]
            out.append(contentsOf: "    ".utf8)
            out.append(contentsOf: JavaScriptLiteral.key(event.name).utf8)
            out.append(contentsOf: ": ".utf8)
            JavaScriptLiteral.append(ContractRulesData.event(event, of: lowered, namesOf: target), indent: "    ", expandedDepth: 0, to: &out)
            out.append(contentsOf: ",\n".utf8)
        }
        out.append(contentsOf: "});\n".utf8)
        for index in indices {
            let lowered = self.lowered.events[index]
            let event = lowered.declaration
            let properties = TypeScriptNames.properties(event)
            let kind = lowered.kindIndex.map { self.lowered.kinds[$0].declaration }
            // The properties: the kind's fields the event does not fix and the event's required fields,
            // its optional fields, then the envelope (optional where the runtime fills it in).
            var required: [Field] = [], optional: [Field] = [], envelope: [(field: Field, optional: Bool)] = []
            for member in lowered.members {
                let field = self.lowered.field(member.field).declaration
                switch (member.field, member.role) {
                case (.envelope, .filled): envelope.append((field, true))
                case (.envelope, _): envelope.append((field, false))
                case (_, .required): required.append(field)
                case (_, .optional): optional.append(field)
                case (_, .fixed), (_, .filled): break
                }
            }
            out.append(UInt8(ascii: "\n"))
            doc("The properties of `\(event.name)`.", deprecated: nil, indent: "", &out)
            out.append(contentsOf: "export interface \(properties) {\n".utf8)
            for field in required { property(field, optional: false, typePrefix: "$types.", &out) }
            for field in optional { property(field, optional: true, typePrefix: "$types.", &out) }
            for (field, isOptional) in envelope { property(field, optional: isOptional, typePrefix: "$types.", &out) }
            out.append(contentsOf: "}\n\n".utf8)
            doc(event.description, deprecated: event.deprecated, indent: "", &out)
            let kindType = kind.map { "$types." + TypeScriptNames.kind($0).fields + " & " } ?? ""
            let optionalArgument = required.isEmpty && envelope.allSatisfy(\.optional) ? "?" : ""
            let eventName = JavaScriptLiteral.string(event.name)
            out.append(contentsOf: """
                export function \(TypeScriptNames.function(event))(properties\(optionalArgument): \(properties)): \
                $rt.TrackedEvent<\(eventName), \(JavaScriptLiteral.string(event.kind)), \(kindType)\(properties)> {
                    return $contract.event(\(eventName), properties\(optionalArgument.isEmpty ? "" : " ?? {}"));
                }

                """.utf8)
        }
    }

    /// The interface of the contract's globals, in `types.ts`.
    static let globalsInterface = "ContractGlobals"

    // MARK: Pieces

    private func property(_ field: Field, optional: Bool, typePrefix: String, _ out: inout [UInt8]) {
        let member = TypeScriptNames.member(field)
        var text = field.description ?? ""
        if field.wireName != member { text += (text.isEmpty ? "" : "\n\n") + "Sent as `\(field.wireName)`." }
        if field.pii { text += (text.isEmpty ? "" : "\n\n") + "Personal data: removed when consent is denied, redacted in logs." }
        doc(text.isEmpty ? nil : text, deprecated: field.deprecated, indent: "    ", &out)
        out.append(contentsOf: "    readonly \(TypeScriptNames.propertyKey(member))\(optional ? "?" : ""): ".utf8)
        out.append(contentsOf: typeName(field.spec, prefix: typePrefix).utf8)
        out.append(contentsOf: ";\n".utf8)
    }

    private func typeName(_ spec: ValueSpec, prefix: String) -> String {
        switch spec.type {
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
            TypeScriptTarget().scalarTypeName(ScalarFieldType(spec.type)!)
        case .valueSet(let name): prefix + (valueSets[name].map(TypeScriptNames.valueSet) ?? name)
        case .object(let name): prefix + (objects[name].map(TypeScriptNames.object) ?? name)
        case .array(let items):
            if case .array = items.type { "readonly (\(typeName(items, prefix: prefix)))[]" } else { "readonly \(typeName(items, prefix: prefix))[]" }
        }
    }

    /// A JSDoc comment (`*/` in the text cannot end it; invisible scalars are shown as `\u{...}`,
    /// ``SourceText/forComment(_:)``).
    private func doc(_ text: String?, deprecated: String?, indent: String, _ out: inout [UInt8]) {
        guard text != nil || deprecated != nil else { return }
        let text = text.map(SourceText.forComment), deprecated = deprecated.map(SourceText.forComment)
        // Most comments are one line without `*/`: written without splitting (descriptions come by the ten thousand).
        if let text, deprecated == nil, Self.isOneSafeLine(text) {
            out.append(contentsOf: indent.utf8)
            out.append(contentsOf: "/** ".utf8)
            out.append(contentsOf: text.utf8)
            out.append(contentsOf: " */\n".utf8)
            return
        }
        out.append(contentsOf: indent.utf8)
        out.append(contentsOf: "/**\n".utf8)
        for line in [text, deprecated.map { "@deprecated " + $0 }].compactMap({ $0 }) {
            docLines(line, indent: indent, &out)
        }
        out.append(contentsOf: indent.utf8)
        out.append(contentsOf: " */\n".utf8)
    }

    /// `text`'s lines as ` * line` (` *` when empty), `*/` written `*\/`.
    private func docLines(_ text: String, indent: String, _ out: inout [UInt8]) {
        var lineStart = true
        var previous: UInt8 = 0
        func startLine(_ out: inout [UInt8]) {
            out.append(contentsOf: indent.utf8)
            out.append(contentsOf: " *".utf8)
        }
        for byte in text.utf8 {
            if byte == 0x0A {
                if lineStart { startLine(&out) }
                out.append(0x0A)
                lineStart = true
                previous = 0
                continue
            }
            if byte == 0x0D { continue }
            if lineStart {
                startLine(&out)
                out.append(0x20)
                lineStart = false
            }
            if previous == 0x2A && byte == 0x2F { out.append(0x5C) }
            out.append(byte)
            previous = byte
        }
        if lineStart { startLine(&out) }
        out.append(0x0A)
    }

    /// No line break, no `*/`.
    static func isOneSafeLine(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x0A || byte == 0x0D || (previous == 0x2A && byte == 0x2F) { return false }
            previous = byte
        }
        return true
    }
}
