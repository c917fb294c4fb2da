/// Renders a contract's conformance driver (docs/conformance.md): one function,
/// `<Namespace>.conformanceEvent(_:_:)`, that makes any event of the contract
/// from a conformance case's arguments as JSON, so the corpus in `Conformance/`
/// runs against the generated Swift without a call written by hand per case.
///
/// The driver is not part of the generated module's file set: it is rendered
/// for tests (``ContractGenerator/conformanceDriver(of:)``) and compiled beside
/// the module with `Conformance/Swift/ConformanceArguments.swift`, which reads
/// the JSON. Parameters are passed by label, so the driver follows the event
/// functions' parameter order and names by construction.
enum ConformanceDriverRenderer {
    static let fileName = "ConformanceDriver.swift"

    static func render(_ translated: TranslatedContract) -> GeneratedFile {
        let module = translated.module
        let namespace = module.names.qualifier
        var p = CodePrinter()
        p.line(GeneratedFileSet.header)
        p.line("// swiftlint:disable all")
        p.line("// swift-format-ignore-file")
        p.line("// Contract: \(SwiftLiteral.string(module.contractName)) \(SwiftLiteral.string(module.version))")
        p.line()
        p.line("import Foundation")
        p.line("import TrackingCore")
        p.line()
        p.block("extension \(namespace)") { p in
            p.line("/// Makes the event named `event` from a conformance case's `arguments` (docs/conformance.md).")
            p.block("public static func conformanceEvent(_ event: Swift.String, _ arguments: ConformanceArguments) throws -> any TrackingCore.TrackingEvent") { p in
                p.line("let made: any TrackingCore.TrackingEvent")
                p.switchBlock("event") { p in
                    let table = translated.events
                    var parameters: [(slot: Int, constant: ConstantDecl?)] = []
                    for entry in translated.allEventEntries() {
                        parameters.removeAll()
                        StructLayout.appendInParameterOrder(
                            entry.properties, group: { $0.constant == nil ? PropertyPrinter(table.fields[$0.slot], immutable: true).parameterGroup : nil },
                            to: &parameters)
                        p.line("case \(SwiftLiteral.string(entry.name)):")
                        p.indent()
                        printCall(
                            "made = \(namespace).\(SwiftName.escaped(table.names.eventFunctionName(entry.name)))",
                            parameters.map { table.fields[$0.slot] }, into: &p)
                        p.outdent()
                    }
                    p.line("default:")
                    p.line("    throw ConformanceArguments.Failure(path: event, message: \"no such event\")")
                }
                p.line("try arguments.requireAllRead()")
                p.line("return made")
            }
        }
        for set in module.valueSets {
            p.line()
            p.line("extension \(namespace).\(SwiftName.escaped(set.typeName)): ConformanceValue {}")
        }
        for object in module.objects {
            p.line()
            p.block("extension \(namespace).\(SwiftName.escaped(object.name)): ConformanceValue") { p in
                p.block("init(conformance json: TrackingCore.JSONValue, at path: Swift.String) throws") { p in
                    p.line("let arguments = try ConformanceArguments(json, at: path)")
                    var parameters: [PropertyDecl] = []
                    StructLayout.appendInParameterOrder(
                        object.properties, group: { PropertyPrinter($0, immutable: false).parameterGroup }, to: &parameters)
                    printCall("self.init", parameters, into: &p)
                    p.line("try arguments.requireAllRead()")
                }
            }
        }
        return GeneratedFile(name: fileName, bytes: p.bytes)
    }

    /// `callee(label: try arguments.required("wire"), …)`, one argument a line.
    private static func printCall(_ callee: String, _ parameters: [PropertyDecl], into p: inout CodePrinter) {
        guard !parameters.isEmpty else { return p.line(callee + "()") }
        p.line(callee + "(")
        p.indent()
        for (index, property) in parameters.enumerated() {
            let read = property.isOptional || property.freshDefault != nil ? "optional" : "required"
            let comma = index < parameters.count - 1 ? "," : ""
            p.line("\(SwiftName.argumentLabel(property.name)): try arguments.\(read)(\(SwiftLiteral.string(property.wireName)))\(comma)")
        }
        p.outdent()
        p.line(")")
    }
}

extension ContractGenerator {
    /// The conformance driver for a valid contract (docs/conformance.md): a
    /// Swift file compiled beside the contract's generated module that makes
    /// any of its events from a conformance case's arguments.
    package static func conformanceDriver(of contract: Contract) -> (name: String, text: String) {
        let file = SwiftTarget().conformanceDriver(for: ContractGenerator.lower(contract))!
        return (file.name, file.contents)
    }
}
