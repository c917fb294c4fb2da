import TrackingCore

/// Renders the TypeScript conformance driver (docs/conformance.md, "Running it"): one function,
/// `conformanceEvent(event, arguments)`, that makes any event of a contract through its generated
/// function, as an app calls it: each argument read from the case's JSON into its property's TypeScript
/// type by `Conformance/TypeScript/ConformanceArguments.ts`, value sets through their generated constants
/// and objects through their generated constructors. tsc then checks every name and type the calls use
/// against the generated code, which the untyped path (the rules as data, names looked up at run time)
/// cannot. Property names and optionality come from the same lowered members as the event files'
/// properties interfaces (``TypeScriptRenderer``), so the driver cannot drift from them.
///
/// The driver sits beside the generated folder (`./Generated/index.js`), as Swift's does.
enum TypeScriptConformanceDriver {
    /// The file name of the driver.
    static let fileName = "ConformanceDriver.ts"

    /// The driver of a lowered contract.
    static func render(_ lowered: LoweredContract) -> GeneratedFile {
        let contract = lowered.contract
        let valueSets = Dictionary(contract.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let objectIndices = Dictionary(lowered.objects.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let reader = Reader(valueSets: valueSets, objectIndices: objectIndices)
        var out = TypeScriptGenerator.commentSyntax.generatedHeader
        out += "\n// Contract: \(JavaScriptLiteral.string(contract.name))\n"
        out += """

            import type { TrackedEvent } from "\(TypeScriptRenderer.runtimeModule)";
            import * as $g from "./Generated/index.js";
            import { ConformanceArguments as $Arguments, read as $read } from "./ConformanceArguments.js";

            /**
             * Makes the event named `event` through its generated function from a conformance case's arguments
             * (`json`, keyed by wire name, docs/conformance.md), each read into its property's TypeScript type.
             * Throws `Inexpressible` for an argument no value of that type stands for.
             */
            export function conformanceEvent(event: string, json: unknown): TrackedEvent {
                const a = new $Arguments(json);
                switch (event) {

            """
        for event in lowered.events {
            let parameters = Self.parameters(of: event, in: lowered)
            out += "        case \(JavaScriptLiteral.string(event.name)):\n"
            out += "            a.only(\(parameters.map { JavaScriptLiteral.string($0.field.wireName) }.joined(separator: ", ")));\n"
            out += "            return $g.\(TypeScriptNames.function(event.declaration))({\n"
            for (field, optional) in parameters { out += "                " + reader.argument(field, optional: optional) + ",\n" }
            out += "            });\n"
        }
        out += """
                    default:
                        throw new Error("no event " + event);
                }
            }

            /**
             * The contract's globals from a conformance case's `globals` (`json`, keyed by wire name,
             * docs/conformance.md, "Globals"), each read into its property's TypeScript type: what an app
             * gives a sink (`new CollectorSink($contract, { globals })`), so tsc checks every name and type.
             */
            export function conformanceGlobals(json: unknown): $g.\(TypeScriptRenderer.globalsInterface) {
                const a = new $Arguments(json);

            """
        out += "    a.only(\(contract.globals.map { JavaScriptLiteral.string($0.wireName) }.joined(separator: ", ")));\n"
        out += "    return {\n"
        for field in contract.globals { out += "        " + reader.argument(field, optional: true) + ",\n" }
        out += "    };\n}\n"
        for (index, object) in lowered.objects.enumerated() {
            let type = "$g." + TypeScriptNames.object(object.declaration)
            let members = object.required.map { ($0.declaration, false) } + object.optional.map { ($0.declaration, true) }
            out += """

                /** A `\(SourceText.forComment(object.name))` from an object argument, through its generated constructor. */
                function object\(index)(json: unknown, path: string): \(type) {
                    const a = new $Arguments(json, path);
                    a.only(\(members.map { JavaScriptLiteral.string($0.0.wireName) }.joined(separator: ", ")));
                    return \(type)({

                """
            for (field, optional) in members { out += "        " + reader.argument(field, optional: optional) + ",\n" }
            out += "    });\n}\n"
        }
        return GeneratedFile(name: fileName, contents: out)
    }

    /// The properties an event's function takes, in its properties interface's order: the kind's fields it
    /// does not fix and its required fields, its optional fields, then the envelope (optional where the
    /// runtime fills it in).
    private static func parameters(of event: LoweredEvent, in lowered: LoweredContract) -> [(field: Field, optional: Bool)] {
        var required: [(field: Field, optional: Bool)] = [], optional = required, envelope = required
        for member in event.members {
            let field = lowered.field(member.field).declaration
            switch (member.field, member.role) {
            case (.envelope, .filled): envelope.append((field, true))
            case (.envelope, _): envelope.append((field, false))
            case (_, .required): required.append((field, false))
            case (_, .optional): optional.append((field, true))
            case (_, .fixed), (_, .filled): break
            }
        }
        return required + optional + envelope
    }

    /// How the driver reads an argument of each type.
    private struct Reader {
        let valueSets: [String: ValueSet]
        let objectIndices: [String: Int]

        /// `name: a.optional("wire", reader)`.
        func argument(_ field: Field, optional: Bool) -> String {
            let key = TypeScriptNames.propertyKey(TypeScriptNames.member(field))
            return "\(key): a.\(optional ? "optional" : "required")(\(JavaScriptLiteral.string(field.wireName)), \(reader(field.spec)))"
        }

        /// The expression of the `Reader` of a value of `spec`: `$read.<scalar type>` (ConformanceArguments.ts
        /// has one per `ScalarTypeName`, which tsc checks), a value set's generated constants, an object's function.
        func reader(_ spec: ValueSpec) -> String {
            switch spec.type {
            case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
                "$read." + ScalarFieldType(spec.type)!.rawValue
            case .valueSet(let name): "$read.member($g.\(valueSets[name].map(TypeScriptNames.valueSet) ?? name))"
            case .object(let name): "object\(objectIndices[name] ?? 0)"
            case .array(let items): "$read.list(\(reader(items)))"
            }
        }
    }
}
