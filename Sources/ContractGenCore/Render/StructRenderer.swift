/// Renders an object type as a struct: properties, initializer, validator and
/// encoder. (Events are printed by ``EventRenderer``, from the same per-property pieces.)
struct StructRenderer {
    let decl: StructDecl

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
            // A blank line around documented properties only.
            var previousHadDoc = false
            for (index, property) in decl.properties.enumerated() {
                let hasDoc = PropertyDoc.hasText(property) || property.deprecated != nil
                if index > 0 && (hasDoc || previousHadDoc) { p.line() }
                Self.renderProperty(property, into: &p)
                previousHadDoc = hasDoc
            }
            p.line()
            let lets = decl.properties.filter { $0.constant == nil && ValueCode.needsCheck($0.spec) }.flatMap { property in
                ValueCode.constraintLets(property.spec) { Self.memberConstraintsName(property, depth: $0) }
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
        }
    }

    static func renderProperty(_ property: PropertyDecl, into p: inout CodePrinter) {
        let name = SwiftName.escaped(property.name)
        let type = ValueCode.typeCode(property)
        p.doc(PropertyDoc.text(property))
        if let constant = property.constant {
            p.line("public var \(name): \(type) { \(SwiftName.escaped(constant.enumType)).\(SwiftName.escaped(constant.caseName)) }")
        } else if property.deprecated != nil {
            p.deprecation(property.deprecated)
            p.block("public var \(name): \(type)") { p in
                p.line("get { self._\(property.name) }")
                p.line("set { self._\(property.name) = newValue }")
            }
            p.line("private var _\(property.name): \(type)")
        } else {
            p.line("public var \(name): \(type)")
        }
    }

    /// Required parameters first, then optionals defaulting to `nil` (and,
    /// for events, `uuid` and `clientTimestamp` defaulting to fresh values).
    func renderInit(into p: inout CodePrinter) {
        let settable = decl.properties.filter { $0.constant == nil }
        let parameters = settable.filter { !$0.isOptional && $0.freshDefault == nil }
            + settable.filter { $0.isOptional && $0.freshDefault == nil } + settable.filter { $0.freshDefault != nil }
        p.line("/// Optional members default to `nil`.")
        if !parameters.isEmpty {
            p.line("///")
            p.line(Self.parametersDocStart)
            for property in parameters { p.line(Self.parameterDoc(property)) }
        }
        let header: String
        if parameters.isEmpty {
            header = "public init()"
        } else {
            p.line("public init(")
            p.indent()
            for (index, property) in parameters.enumerated() {
                p.line(Self.parameter(property) + (index == parameters.count - 1 ? "" : ","))
            }
            p.outdent()
            header = ")"
        }
        p.block(header) { p in
            for property in parameters { p.line(Self.assignment(property)) }
        }
    }

    static let parametersDocStart = "/// - Parameters:"

    /// The doc comment line of an initializer parameter: the first line of
    /// its description, or what it is on the wire.
    static func parameterDoc(_ property: PropertyDecl) -> String {
        var text = "The `\(property.wireName)` field."
        if let doc = property.doc, let first = SwiftLiteral.docLines(doc).first(where: { $0.count > 4 }) {
            text = String(first.dropFirst(4))
        }
        return "///   - \(SwiftName.escaped(property.name)): \(text)"
    }

    /// An initializer parameter, without the comma.
    static func parameter(_ property: PropertyDecl) -> String {
        var text = "\(SwiftName.escaped(property.name)): \(ValueCode.typeCode(property))"
        if let fresh = property.freshDefault {
            text += " = " + fresh
        } else if property.isOptional {
            text += " = nil"
        }
        return text
    }

    /// The initializer's assignment of a parameter (deprecated fields are stored under `_name`).
    static func assignment(_ property: PropertyDecl) -> String {
        let target = property.deprecated == nil ? "self.\(SwiftName.escaped(property.name))" : "self._\(property.name)"
        return "\(target) = \(SwiftName.escaped(property.name))"
    }

    func renderValidation(into p: inout CodePrinter) {
        let checked = decl.properties.filter { $0.constant == nil && ValueCode.needsCheck($0.spec) }
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
                    constraintsName: { "Self." + Self.memberConstraintsName(property, depth: $0) }, into: &p)
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
    static func memberConstraintsName(_ property: PropertyDecl, depth: Int) -> String {
        "constraints_" + property.name + String(repeating: "_items", count: depth)
    }
}
