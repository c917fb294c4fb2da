/// Renders an object type or an event as a struct: properties, initializer,
/// validator and encoder.
struct StructRenderer {
    let decl: StructDecl
    /// The contract's namespace enum (for `version`).
    let namespace: String
    let version: String
    /// Shared across the events of one module.
    var cache = SnippetCache()

    func render(into p: inout CodePrinter) {
        p.doc(decl.doc)
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
            // `kindName` and `contractVersion` come from extensions of the kind
            // and envelope protocols.
            if case .event(let name, _, _) = decl.role {
                p.line("public var eventName: Swift.String { \(SwiftLiteral.string(name)) }")
            }
            // A blank line around documented properties only.
            var previousHadDoc = decl.role != .object
            for (index, property) in decl.properties.enumerated() {
                let hasDoc = PropertyDoc.hasText(property) || property.deprecated != nil
                if (index > 0 || decl.role != .object) && (hasDoc || previousHadDoc) { p.line() }
                cache.emit(property, .declaration, into: &p) { renderProperty(property, into: &$0) }
                previousHadDoc = hasDoc
            }
            p.line()
            if decl.role == .object {
                let lets = decl.properties.filter { $0.constant == nil && ValueCode.needsCheck($0.spec) }.flatMap { property in
                    ValueCode.constraintLets(property.spec) { Self.memberConstraintsName(property, depth: $0) }
                }
                if !lets.isEmpty {
                    p.line("/// The members' constraints, built once.")
                    p.lines(lets.map { "private " + $0 })
                    p.line()
                }
            }
            renderInit(into: &p)
            p.line()
            renderValidation(into: &p)
            p.line()
            renderEncoder(into: &p)
        }
    }

    func renderProperty(_ property: PropertyDecl, into p: inout CodePrinter) {
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

    /// Required parameters first, then optionals defaulting to `nil`, then
    /// `uuid` and `clientTimestamp` defaulting to fresh values.
    func renderInit(into p: inout CodePrinter) {
        let settable = decl.properties.filter { $0.constant == nil }
        let required = settable.filter { !$0.isOptional && $0.freshDefault == nil }
        let optional = settable.filter { $0.isOptional && $0.freshDefault == nil }
        let fresh = settable.filter { $0.freshDefault != nil }
        let parameters = required + optional + fresh
        switch decl.role {
        case .object: p.line("/// Optional members default to `nil`.")
        case .event: p.line("/// Optional fields default to `nil`; `uuid` and `clientTimestamp` to fresh values.")
        }
        let header: String
        if parameters.isEmpty {
            header = "public init()"
        } else {
            p.line("public init(")
            p.indent()
            for (index, property) in parameters.enumerated() {
                // Cached without the line end: only the last parameter has no comma.
                cache.emit(property, .parameter, into: &p) { p in
                    var text = "\(SwiftName.escaped(property.name)): \(ValueCode.typeCode(property))"
                    if let fresh = property.freshDefault {
                        text += " = " + fresh
                    } else if property.isOptional {
                        text += " = nil"
                    }
                    p.fragment(text)
                }
                p.raw(index == parameters.count - 1 ? Self.newline : Self.commaNewline)
            }
            p.outdent()
            header = ")"
        }
        p.block(header) { p in
            for property in required + optional + fresh {
                cache.emit(property, .assignment, into: &p) { p in
                    let target = property.deprecated == nil ? "self.\(SwiftName.escaped(property.name))" : "self._\(property.name)"
                    p.line("\(target) = \(SwiftName.escaped(property.name))")
                }
            }
        }
    }

    func renderValidation(into p: inout CodePrinter) {
        let checked = decl.properties.filter { $0.constant == nil && ValueCode.needsCheck($0.spec) }
        switch decl.role {
        case .event:
            // Documented by `TrackingEvent`, like `writeMembers(to:)`.
            p.block("public func validate() -> [TrackingCore.Violation]") { p in
                if checked.isEmpty {
                    p.line("[]")
                    return
                }
                p.line("var violations: [TrackingCore.Violation] = []")
                for property in checked {
                    cache.emit(property, .check, into: &p) { ValueCode.callRule(property, namespace: namespace, into: &$0) }
                }
                p.line("return violations")
            }
        case .object:
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
    }

    func renderEncoder(into p: inout CodePrinter) {
        switch decl.role {
        case .event(let name, let kind, _):
            p.block("public func writeMembers(to writer: inout TrackingCore.JSONWriter)") { p in
                // Fixed members next to each other are one raw write.
                var fixed = [("event", name), ("kind", kind), ("contractVersion", version)]
                for property in decl.properties {
                    if let constant = property.constant {
                        fixed.append((property.wireName, constant.wireValue))
                        continue
                    }
                    if !fixed.isEmpty {
                        p.line("writer.rawMembers(\(ValueCode.membersLiteral(fixed)))")
                        fixed.removeAll()
                    }
                    cache.emit(property, .encoder, into: &p) { ValueCode.callWriter(property, namespace: namespace, into: &$0) }
                }
                if !fixed.isEmpty {
                    p.line("writer.rawMembers(\(ValueCode.membersLiteral(fixed)))")
                }
            }
        case .object:
            p.line("/// Writes this value as one JSON object, members in contract order.")
            p.block("public func writeJSON(to writer: inout TrackingCore.JSONWriter)") { p in
                p.line("writer.beginObject()")
                for property in decl.properties {
                    ValueCode.encodeMember(property, into: &p)
                }
                p.line("writer.endObject()")
            }
        }
    }

    static let newline: [UInt8] = Array("\n".utf8)
    static let commaNewline: [UInt8] = Array(",\n".utf8)

    /// The name of an object member's constraints at array depth `depth`.
    static func memberConstraintsName(_ property: PropertyDecl, depth: Int) -> String {
        "constraints_" + property.name + String(repeating: "_items", count: depth)
    }
}
