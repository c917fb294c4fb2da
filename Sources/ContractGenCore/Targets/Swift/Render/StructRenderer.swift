/// Renders an object type as a struct: properties, initializer, validator and
/// encoder. Its properties are printed by ``PropertyPrinter`` and laid out by
/// ``StructLayout``, as a kind's event struct's are (``KindEventRenderer``).
struct StructRenderer {
    let decl: StructDecl
    /// `<Namespace>.Rules.equal`, the generic `==` the objects' `==` calls.
    let equal: String
    /// The members with constraints to check, in declaration order.
    private let checkedProperties: [PropertyDecl]
    /// Each checked member's constraints' base name, `constraints_<member>`, distinct once
    /// suffixed per array depth (a member `a` of an array next to `swiftName: a_items`).
    private let constraintsBaseNames: [String: String]

    init(decl: StructDecl, equal: String) {
        self.decl = decl
        self.equal = equal
        checkedProperties = decl.properties.filter { $0.constant == nil && ValueCode.needsCheck($0.spec) }
        var claimed = ItemsSuffixedNames()
        var names: [String: String] = [:]
        for property in checkedProperties { names[property.name] = claimed.claim("constraints_" + property.name) }
        constraintsBaseNames = names
    }

    func render(into p: inout CodePrinter) {
        p.doc(decl.doc, source: decl.source)
        p.deprecation(decl.deprecated)
        p.block(writingHeader: { p in
            p.append("public struct ")
            p.append(SwiftName.escaped(decl.name))
            p.append(": ")
            for (index, conformance) in decl.conformances.enumerated() {
                if index > 0 { p.append(", ") }
                p.append(conformance)
            }
        }) { p in
            StructLayout.printDeclarations(
                decl.properties.map { PropertyPrinter($0, immutable: false) }, afterMember: false, into: &p)
            p.line()
            let lets = checkedProperties.flatMap { property in
                ValueCode.constraintLets(property.spec) { constraintsName(property, depth: $0) }
            }
            if !lets.isEmpty {
                p.line("/// The members' constraints, built once.")
                p.lines(lets.map { "private " + $0 })
                p.line()
            }
            renderInit(into: &p)
            p.line()
            renderValidation(into: &p)
            p.line()
            renderEncoder(into: &p)
            p.line()
            renderEquality(into: &p)
        }
    }

    /// `==` over every stored member in declaration order, as `Hashable`
    /// would derive it, each member compared through the namespace's
    /// `Rules.equal(_:_:)` (``ModuleRenderer``): a derived `==` makes the
    /// compiler solve the `==` operator once per member of every object, about
    /// a third of the objects' type checking (docs/performance.md, "Build time
    /// of the generated module"). `hash(into:)` is still derived.
    func renderEquality(into p: inout CodePrinter) {
        p.line("/// Whether every member of `lhs` equals the same member of `rhs`.")
        p.block("public static func == (lhs: Self, rhs: Self) -> Swift.Bool") { p in
            for property in decl.properties where property.constant == nil {
                let stored = property.deprecated == nil && !property.isIndirect
                    ? SwiftName.escaped(property.name) : "_" + property.name
                p.line("guard \(equal)(lhs.\(stored), rhs.\(stored)) else { return false }")
            }
            p.line("return true")
        }
    }

    /// The initializer, its parameters in ``StructLayout`` order.
    func renderInit(into p: inout CodePrinter) {
        var parameters: [PropertyPrinter] = []
        StructLayout.appendInParameterOrder(
            decl.properties.map { PropertyPrinter($0, immutable: false) }, group: \.parameterGroup, to: &parameters)
        p.line("/// Optional members default to `nil`.")
        if !parameters.isEmpty {
            p.line("///")
            p.line(StructLayout.parametersDocStart)
            for parameter in parameters { parameter.printParameterDoc(into: &p) }
        }
        let header: String
        if parameters.isEmpty {
            header = "public init()"
        } else {
            p.line("public init(")
            p.indent()
            for (index, parameter) in parameters.enumerated() {
                parameter.printParameter(defaults: true, into: &p)
                if index < parameters.count - 1 { p.append(",") }
                p.line()
            }
            p.outdent()
            header = ")"
        }
        p.block(header) { p in
            for parameter in parameters { parameter.printAssignment(into: &p) }
        }
    }

    func renderValidation(into p: inout CodePrinter) {
        let checked = checkedProperties
        p.line("/// Every way this value breaks the contract's constraints; empty when valid.")
        p.block("public func validate() -> [TrackingCore.Violation]") { p in
            p.line("var violations: [TrackingCore.Violation] = []")
            p.line("self.collectViolations(at: \"\", into: &violations)")
            p.line("return violations")
        }
        p.line()
        p.line("/// Appends this value's violations, with paths below `path`.")
        p.block("public func collectViolations(at path: Swift.String, into violations: inout [TrackingCore.Violation])") { p in
            for property in checked {
                ValueCode.checkMember(
                    property, path: "TrackingCore.GeneratedCodeSupport.path(path, \(SwiftLiteral.string(property.wireName)))",
                    constraintsName: { "Self." + constraintsName(property, depth: $0) }, into: &p)
            }
        }
    }

    func renderEncoder(into p: inout CodePrinter) {
        p.line("/// Writes this value as one JSON object, members in contract order.")
        p.block("public func writeJSON(to writer: inout TrackingCore.JSONWriter)") { p in
            p.line("writer.beginObject()")
            for property in decl.properties {
                ValueCode.encodeMember(property, into: &p)
            }
            p.line("writer.endObject()")
        }
    }

    /// The name of an object member's constraints at array depth `depth`.
    private func constraintsName(_ property: PropertyDecl, depth: Int) -> String {
        (constraintsBaseNames[property.name] ?? "constraints_" + property.name) + String(repeating: "_items", count: depth)
    }
}
