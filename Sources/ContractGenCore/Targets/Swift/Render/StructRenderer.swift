/// Renders an object type as a struct: properties, initializer, validator and
/// encoder. Its properties are printed by ``PropertyPrinter`` and laid out by
/// ``StructLayout``, as a kind's event struct's are (``KindEventRenderer``).
struct StructRenderer {
    let decl: StructDecl
    /// `<Namespace>.Rules`: its `equal`, the generic `==` the objects' `==` calls, and its
    /// `objectConstraints`, the array the members' checks read (``ConstraintTable``).
    let rules: String
    /// The objects' file's constraints (``ConstraintTable/objects(_:)``).
    let constraints: ConstraintTable
    /// The members with constraints to check, in declaration order.
    private let checkedProperties: [PropertyDecl]

    init(decl: StructDecl, rules: String, constraints: ConstraintTable) {
        self.decl = decl
        self.rules = rules
        self.constraints = constraints
        checkedProperties = Self.checkedProperties(of: decl)
    }

    /// The members of `decl` with constraints to check, in declaration order.
    static func checkedProperties(of decl: StructDecl) -> [PropertyDecl] {
        decl.properties.filter { $0.constant == nil && ValueCode.needsCheck($0.spec) }
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
                p.line("guard \(rules).equal(lhs.\(stored), rhs.\(stored)) else { return false }")
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
                    constraintsName: { constraintsName(property, depth: $0) }, into: &p)
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

    /// An object member's constraints at array depth `depth`: their entry in the objects' array.
    private func constraintsName(_ property: PropertyDecl, depth: Int) -> String {
        guard let literal = ValueCode.constraintValues(property.spec).first(where: { $0.depth == depth })?.literal,
            let position = constraints.position(of: literal)
        else { preconditionFailure("no constraints at depth \(depth): \(decl.name).\(property.name)") }
        return "\(rules).\(constraints.arrayName)[\(position)]"
    }
}
