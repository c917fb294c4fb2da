import Foundation
import Testing
import TrackingCore

@testable import ContractGenCore

/// Every scalar field type in ``ScalarFieldType``'s table is covered by the
/// reader, the JSON Schema, the example payloads, the catalogue and every
/// target that generates code.
@Suite struct FieldTypeTableTests {
    /// A contract with one field of `type`, used by one event.
    func contract(with type: ScalarFieldType) throws -> Contract {
        let result = ContractLoader.load(yaml: """
            \(ContractText.head)
            kinds:
              systemAction:
            fields:
              value: { type: \(type.entry.contractName) }
            events:
              boot: { kind: systemAction, required: [value] }
            """, file: "t.yaml")
        return try #require(result.contract, "\(result.diagnostics.map(\.message))")
    }

    @Test(arguments: ScalarFieldType.allCases)
    func everyTypeIsCoveredEverywhere(type: ScalarFieldType) throws {
        let contract = try contract(with: type)
        let entry = type.entry
        // The reader: the contract name is the type.
        #expect(contract.fields[0].spec.type == type.valueType)
        #expect(ScalarFieldType(type.valueType) == type)
        #expect(type.valueType.contractName == entry.contractName)

        // The schema: the event's schema gives the field a schema of the entry's JSON kind.
        let files = try JSONSchemaGenerator.files(for: contract)
        let schema = try #require(files.first { $0.name == JSONSchemaGenerator.fileName(forEvent: "boot") }).contents
        let schemaType = switch entry.schema {
        case .string, .uuid, .timestamp: "string"
        case .integer64: "integer"
        case .number: "number"
        case .boolean: "boolean"
        }
        #expect(schema.contains("\"value\": {") || schema.contains("\"value\":{"))
        #expect(schema.contains("\"type\": \"\(schemaType)\"") || schema.contains("\"type\":\"\(schemaType)\""))

        // The example payload: a value of the entry's JSON kind.
        let payload = try #require(ExamplePayload(contract: contract).payload(for: contract.events[0]))
        guard case .object(let members) = payload, let value = members.first(where: { $0.key == "value" })?.value else {
            Issue.record("no example value for \(type)")
            return
        }
        switch (entry.jsonKind, value) {
        case (.string, .string), (.number, .number), (.boolean, .bool): break
        default: Issue.record("example \(value) of \(type) is not \(entry.jsonKind)")
        }

        // The catalogue: the field's row names the type.
        let html = CatalogueRenderer(contract: contract).page()
        #expect(html.contains("<td><code>value</code></td><td>\(entry.catalogueText)</td>"))

        // Every target has a type for it, used in its output.
        for target in CodeTargets.all {
            let name = target.scalarTypeName(type)
            let generator = target.generator
            let renderer = generator.renderer(for: ContractGenerator.lower(contract))
            let sources = generator.fileNames.map { renderer.render(file: $0, reusing: []).contents }.joined()
            #expect(sources.contains(name), "\(target.displayName) output lacks \(name)")
        }
    }

    /// Constraints that fit a type are read; others are reported.
    @Test(arguments: ScalarFieldType.allCases)
    func constraintsFollowTheTable(type: ScalarFieldType) {
        for key in ["minLength", "maxLength", "pattern", "minimum", "maximum"] {
            let value = key == "pattern" ? "'^a'" : "1"
            let result = ContractLoader.load(yaml: """
                \(ContractText.head)
                fields:
                  value: { type: \(type.entry.contractName), \(key): \(value) }
                """, file: "t.yaml")
            let misfit = result.diagnostics.contains { $0.message.hasPrefix("'\(key)' does not fit type") }
            #expect(misfit == !type.entry.constraintKeys.contains(key), "\(type) \(key)")
        }
    }

    // MARK: The runtimes

    /// The TypeScript runtime's list of scalar types (`ScalarTypeName` in `rules.ts`) is the table's: its
    /// encoder's table (a mapped type over the list) and its switch over node types (with a `never` check),
    /// and the conformance reader's switch, are then named by tsc for a type added to the table.
    @Test func theTypeScriptRuntimeListsEveryType() throws {
        let rules = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Runtimes/TypeScript/src/rules.ts"), encoding: .utf8)
        let start = try #require(rules.range(of: "export type ScalarTypeName = ")).upperBound
        let end = try #require(rules[start...].firstIndex(of: ";"))
        let names = rules[start..<end].split(separator: "|").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        #expect(names == ScalarFieldType.allCases.map(\.entry.contractName), "Runtimes/TypeScript/src/rules.ts: ScalarTypeName")
    }

    /// The Kotlin runtime declares what the generated code calls for each scalar type: the `JsonWriter`
    /// function that writes it, the `FieldChecks` function that checks it (when the type has constraints) and
    /// the `FieldReaders` reader of its field keys. Read from the runtime's sources, so a type the runtime
    /// lacks is named here without a JVM (the corpus then compiles and runs it: ``theConformanceCorpusCoversEveryType()``).
    @Test(arguments: ScalarFieldType.allCases)
    func theKotlinRuntimeHasEveryTypesFunctions(type: ScalarFieldType) throws {
        let runtime = Fixtures.packageRoot.appendingPathComponent("Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime")
        func source(_ name: String) throws -> String {
            try String(contentsOf: runtime.appendingPathComponent(name), encoding: .utf8)
        }
        let writer = KotlinTarget.writerFunction(type)
        #expect(try source("JsonWriter.kt").contains("    fun \(writer)(value: "), "JsonWriter.\(writer) for \(type)")
        if let check = KotlinTarget.checkFunction(type) {
            #expect(try source("FieldChecks.kt").contains("    fun \(check)(value: "), "FieldChecks.\(check) for \(type)")
        }
        let model = KotlinContract(ContractGenerator.lower(try contract(with: type)), packageName: nil, shardCount: KotlinGenerator.eventShardCount)
        let reader = model.fieldReader(ValueSpec(type.valueType))
        let constant = try #require(reader.split(separator: ".").last.map(String.init))
        #expect(reader == "FieldReaders." + constant)
        #expect(try source("FieldKey.kt").contains("    val \(constant): "), "\(reader) for \(type)")
    }

    /// The conformance contract has a field of every scalar type, and some case of the corpus gives it a value: the
    /// corpus runs through the Swift, TypeScript and Kotlin runtimes, so a type a runtime does not handle (the
    /// Kotlin runtime's readers, checks and writer that generated code calls) fails there.
    @Test func theConformanceCorpusCoversEveryType() throws {
        let contract = try TypeScriptTargetTests.conformanceContract()
        var fieldsOfType: [ScalarFieldType: Set<String>] = [:]
        func visit(_ spec: ValueSpec, wireName: String) {
            if let scalar = ScalarFieldType(spec.type) { fieldsOfType[scalar, default: []].insert(wireName) }
            if case .array(let items) = spec.type { visit(items, wireName: wireName) }
        }
        let scopes = [contract.mandatory, contract.globals, contract.fields] + contract.kinds.map(\.mandatory)
            + contract.objects.map { $0.required + $0.optional }
        for field in scopes.joined() { visit(field.spec, wireName: field.wireName) }
        // The members the cases give values to, at any depth (an object's members, array items).
        var given = Set<String>()
        func collect(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for member in members { given.insert(member.key); collect(member.value) }
            case .array(let items): items.forEach(collect)
            case .null, .bool, .number, .string: break
            }
        }
        for testCase in ConformanceCorpusTests.cases { collect(testCase.arguments) }
        for type in ScalarFieldType.allCases {
            let fields = fieldsOfType[type] ?? []
            #expect(!fields.isEmpty, "Conformance/contract.yaml has no field of type \(type.entry.contractName)")
            #expect(!fields.isDisjoint(with: given), "no case of Conformance/cases gives a field of type \(type.entry.contractName)")
        }
    }

    // MARK: Switches

    /// No switch over a field type in the generator or the Swift runtime has a `default:`: each lists every
    /// case, so that a new type is a compile error at each place that must decide about it (docs/architecture.md,
    /// "Adding a scalar type"). A switch counts as one over field types when its cases name two or more of the
    /// types, one of them `uuid`, `timestamp` or `decimal` (the types no other enum of the sources has).
    @Test func switchesOverFieldTypesHaveNoDefault() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        var switches = 0
        for folder in ["ContractGenCore", "TrackingCore", "TrackingDispatcher", "TrackingTesting"] {
            let directory = sources.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for block in SwitchScanner.switches(in: text) where block.isOverFieldTypes {
                    switches += 1
                    #expect(!block.hasDefault, "Sources/\(folder)/\(file):\(block.line): a switch over field types with a default:")
                }
            }
        }
        // 47 today: a scanner that finds none would check nothing.
        #expect(switches >= 35, "\(switches)")
    }
}

/// Finds `switch` statements in Swift source and what their top level (not nested blocks) says: enough to
/// tell a switch over field types and whether it has a `default:`. Comments and string literals are blanked
/// first, so braces in them do not count.
enum SwitchScanner {
    struct Block {
        var line: Int
        var topLevel: String

        var isOverFieldTypes: Bool {
            let names = ["string", "int", "double", "decimal", "bool", "uuid", "timestamp", "array", "valueSet", "object"]
            let named = names.filter { topLevel.range(of: "\\.\($0)\\b", options: .regularExpression) != nil }
            return named.count >= 2 && named.contains { ["uuid", "timestamp", "decimal"].contains($0) }
        }

        var hasDefault: Bool { topLevel.range(of: "\\bdefault\\s*:", options: .regularExpression) != nil }
    }

    static func switches(in source: String) -> [Block] {
        let code = Array(blanked(source))
        var blocks: [Block] = []
        var index = 0
        let keyword = Array("switch ")
        while index + keyword.count < code.count {
            defer { index += 1 }
            guard code[index] == "s", Array(code[index..<index + keyword.count]) == keyword,
                index == 0 || !(code[index - 1].isLetter || code[index - 1].isNumber || code[index - 1] == "_")
            else { continue }
            guard let open = code[index...].firstIndex(of: "{") else { break }
            var depth = 0
            var topLevel = ""
            var position = open + 1
            while position < code.count {
                let character = code[position]
                if character == "{" { depth += 1 } else if character == "}" {
                    if depth == 0 { break }
                    depth -= 1
                } else if depth == 0 {
                    topLevel.append(character)
                }
                position += 1
            }
            let line = code[..<index].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            blocks.append(Block(line: line, topLevel: topLevel))
        }
        return blocks
    }

    /// `source` without its comments, and with its string literals (single-line and multi-line) emptied.
    static func blanked(_ source: String) -> String {
        var out = ""
        var inMultiline = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var text = String(line)
            if inMultiline {
                if text.contains("\"\"\"") { inMultiline = false }
                out += "\n"
                continue
            }
            if text.components(separatedBy: "\"\"\"").count == 2 {
                inMultiline = true
                text = String(text[..<text.range(of: "\"\"\"")!.lowerBound])
            }
            text = text.replacingOccurrences(of: #""(?:[^"\\]|\\.)*""#, with: "\"\"", options: .regularExpression)
            if let comment = text.range(of: "//") { text = String(text[..<comment.lowerBound]) }
            out += text + "\n"
        }
        return out
    }
}
