import TrackingCore

/// Renders the Kotlin conformance driver (docs/conformance.md, "Running it"):
/// one function that makes any event of a contract from a case's arguments,
/// calling the generated function with named arguments, each converted from
/// JSON by `ConformanceArguments` (Conformance/Kotlin). Names and types come
/// from the same ``KotlinContract`` as the event functions, so the driver
/// cannot drift from them.
package enum KotlinConformanceDriver {
    /// The file name of the driver.
    package static let fileName = "ConformanceDriver.kt"

    /// The driver of a lowered contract, in `packageName`.
    package static func render(_ lowered: LoweredContract, packageName: String?) -> String {
        let contract = lowered.contract
        let model = KotlinContract(lowered, packageName: packageName, shardCount: KotlinGenerator.eventShardCount)
        let renderer = KotlinRenderer(model: model)
        var printer = KotlinPrinter(reusing: [])
        model.printHeader(&printer, imports: ["EventGlobals", "TrackedEvent"])
        printer.line("import io.contractgen.conformance.ConformanceArguments")
        printer.line()
        printer.line("/** Makes any event of contract \(contract.name) from a conformance case's arguments (docs/conformance.md). */")
        printer.block("object ConformanceDriver {") { body in
            body.line("/** The event named [event], made from [arguments] (JSON read by `JsonReader`, keyed by wire name). */")
            body.line("@JvmStatic")
            body.block("fun make(event: kotlin.String, arguments: kotlin.Any?): TrackedEvent {") { make in
                make.line("val a = ConformanceArguments(arguments)")
                make.block("return when (event) {") { cases in
                    for lowered in model.lowered.events {
                        let event = lowered.declaration
                        let parameters = renderer.parameters(of: lowered)
                        cases.block("\(KotlinLiteral.string(event.name)) -> {") { call in
                            call.line("a.only(\(parameters.map { KotlinLiteral.string($0.field.wireName) }.joined(separator: ", ")))")
                            let arguments = parameters.map { argument($0.field, optional: $0.optional, in: model) }
                            call.line("\(model.objectName).\(KotlinNames.escaped(KotlinNames.function(event)))(\(arguments.joined(separator: ", ")))")
                        }
                    }
                    cases.line("else -> throw IllegalArgumentException(\"no event \" + event)")
                }
            }
            // The globals as an app gives them to a sink: the generated class, each value typed (docs/conformance.md, "Globals").
            let globals = contract.globals.filter { $0.wireName != WireNames.contractVersion }
            body.line()
            body.line("/** The contract's globals, made from a case's `globals` (JSON keyed by wire name); a global left out keeps its default. */")
            body.line("@JvmStatic")
            body.block("fun globals(arguments: kotlin.Any?): EventGlobals {") { make in
                make.line("val a = ConformanceArguments(arguments)")
                make.line("a.only(\(globals.map { KotlinLiteral.string($0.wireName) }.joined(separator: ", ")))")
                make.line("\(globals.isEmpty ? "val" : "var") made = \(KotlinNames.escaped(model.globalsClass))()")
                for field in globals {
                    let name = KotlinNames.escaped(KotlinNames.member(field))
                    let conversion = convert(field.spec, "v0", depth: 0, in: model)
                    make.line("a.optional(\(KotlinLiteral.string(field.wireName))) { v0 -> \(conversion) }?.let { made = made.copy(\(name) = it) }")
                }
                make.line("return made")
            }
            for (index, object) in contract.objects.enumerated() {
                let members = object.required.map { ($0, false) } + object.optional.map { ($0, true) }
                let type = model.typeNames[object.name] ?? object.name
                body.line()
                body.block("private fun object\(index)(value: kotlin.Any?): \(KotlinNames.escaped(type)) {") { make in
                    make.line("val a = ConformanceArguments(value)")
                    make.line("a.only(\(members.map { KotlinLiteral.string($0.0.wireName) }.joined(separator: ", ")))")
                    let arguments = members.map { argument($0.0, optional: $0.1, in: model) }
                    make.line("return \(KotlinNames.escaped(type))(\(arguments.joined(separator: ", ")))")
                }
            }
        }
        return String(decoding: printer.bytes, as: UTF8.self)
    }

    /// `name = a.optional("wire") { v0 -> … }`.
    private static func argument(_ field: Field, optional: Bool, in model: KotlinContract) -> String {
        let accessor = optional ? "optional" : "required"
        let conversion = convert(field.spec, "v0", depth: 0, in: model)
        return "\(KotlinNames.escaped(KotlinNames.member(field))) = a.\(accessor)(\(KotlinLiteral.string(field.wireName))) { v0 -> \(conversion) }"
    }

    /// An expression converting the JSON value `value` to a value of `spec`.
    private static func convert(_ spec: ValueSpec, _ value: String, depth: Int, in model: KotlinContract) -> String {
        switch spec.type {
        case .array(let items):
            let item = "v\(depth + 1)"
            return "ConformanceArguments.list(\(value)) { \(item) -> \(convert(items, item, depth: depth + 1, in: model)) }"
        case .valueSet(let name):
            return "ConformanceArguments.member(\(KotlinNames.escaped(model.typeNames[name] ?? name)).fromWire(ConformanceArguments.string(\(value))), \(value))"
        case .object(let name):
            let index = model.contract.objects.firstIndex { $0.name == name } ?? 0
            return "object\(index)(\(value))"
        case .string: return "ConformanceArguments.string(\(value))"
        case .int: return "ConformanceArguments.long(\(value))"
        case .double: return "ConformanceArguments.double(\(value))"
        case .decimal: return "ConformanceArguments.decimal(\(value))"
        case .bool: return "ConformanceArguments.bool(\(value))"
        case .uuid: return "ConformanceArguments.uuid(\(value))"
        case .timestamp: return "ConformanceArguments.instant(\(value))"
        }
    }
}
