/// Everything generated code prints for one of a contract's fields, for
/// objects, events and kinds' event structs alike, in the spirit of
/// swift-protobuf's `FieldGenerator`: the declaration, the parameter, its doc
/// line and its assignment. ``StructRenderer`` prints an object's properties
/// with it directly, ``KindEventRenderer`` a kind struct's; ``EventRenderer``
/// prints each field's parameter pieces with it once and copies them into
/// every event function that takes the field. Where the pieces go (parameter
/// order, blank lines, indentation) is ``StructLayout``'s, also shared.
struct PropertyPrinter {
    let property: PropertyDecl
    /// The kinds' event structs store `let`s: an event records what happened,
    /// and a `let` compiles to a getter alone where a `var` adds a setter and a
    /// `_modify` accessor (docs/performance-log.md). Objects' members are `var`.
    let immutable: Bool

    init(_ property: PropertyDecl, immutable: Bool) {
        self.property = property
        self.immutable = immutable
    }

    /// Whether the declaration starts with a doc comment or an attribute:
    /// such a property has a blank line before and after it.
    var hasDoc: Bool { PropertyDoc.hasText(property) || property.deprecated != nil || property.isIndirect }

    /// Where the property's parameter goes in the initializer; `nil` for a
    /// constant, which is not a parameter.
    var parameterGroup: StructLayout.ParameterGroup? {
        if property.constant != nil { return nil }
        if property.freshDefault != nil { return .freshDefault }
        return property.isOptional ? .optional : .required
    }

    /// The declaration, with its doc comment (at the struct's member depth).
    func printDeclaration(into p: inout CodePrinter) {
        let name = SwiftName.escaped(property.name)
        let type = ValueCode.typeCode(property)
        let stored = immutable ? "let" : "var"
        p.doc(PropertyDoc.text(property))
        if let constant = property.constant {
            p.line("public var \(name): \(type) { \(SwiftName.escaped(constant.enumType)).\(SwiftName.escaped(constant.caseName)) }")
        } else if property.deprecated != nil || property.isIndirect {
            // Generated code reads and writes the private storage, so that only the app's uses warn;
            // a member of its own object's type is stored behind a box (ObjectRecursion).
            p.deprecation(property.deprecated)
            let read = ValueCode.storage(property)
            if immutable {
                p.line("public var \(name): \(type) { \(read) }")
            } else {
                p.block("public var \(name): \(type)") { p in
                    p.line("get { \(read) }")
                    p.line("set { self._\(property.name) = \(Self.stored("newValue", property)) }")
                }
            }
            let storageType = property.isIndirect ? "\(Self.indirect)<\(type)>" : type
            p.line("private \(stored) _\(property.name): \(storageType)")
        } else {
            p.line("public \(stored) \(name): \(type)")
        }
    }

    /// The initializer parameter, indented, without the comma and line end.
    /// With `defaults`, an optional defaults to `nil` and `uuid` /
    /// `clientTimestamp` take `nil` for a fresh value; without, the parameter
    /// is the value as stored (a kind struct's initializer, which only event
    /// functions call, with every value resolved).
    func printParameter(defaults: Bool, into p: inout CodePrinter) {
        var text = "\(SwiftName.escaped(property.name)): \(ValueCode.typeCode(property))"
        if defaults, property.freshDefault != nil {
            // `nil` for "a fresh value", filled in by ``printFreshDefault(into:)``: a `nil`
            // default is stored inline; `= Foundation.UUID()` would be a
            // default-argument function per event, compiled by the module
            // interface job on every build (docs/performance-log.md).
            text += "? = nil"
        } else if defaults, property.isOptional {
            text += " = nil"
        }
        p.fragment(text)
    }

    /// The parameter's line in a doc comment: the first line of its
    /// description, or what it is on the wire, and the first line of its
    /// deprecation message.
    func printParameterDoc(into p: inout CodePrinter) {
        var text = "The `\(property.wireName)` field."
        if let doc = property.doc, let first = SwiftLiteral.docLines(doc).first(where: { $0.count > 4 }) {
            text = String(first.dropFirst(4))
        }
        var line = "///   - \(SwiftName.escaped(property.name)): " + text
        // A parameter cannot be marked deprecated in Swift: its doc line says so.
        if let message = property.deprecated, let first = SwiftLiteral.docLines(message).first(where: { $0.count > 4 }) {
            line += " Deprecated: " + first.dropFirst(4)
        }
        // Continuation lines indented under the parameter, as DocC reads them.
        for piece in SwiftLiteral.wrappedDocLine(line, width: LineWrapping.maxColumns - 4 * p.depth, continuation: "///     ") {
            p.line(piece)
        }
    }

    /// The initializer's assignment of the parameter (deprecated fields are stored under `_name`).
    func printAssignment(into p: inout CodePrinter) {
        let name = SwiftName.escaped(property.name)
        let direct = property.deprecated == nil && !property.isIndirect
        let target = direct ? "self.\(name)" : "self._\(property.name)"
        p.line("\(target) = \(Self.stored(name, property))")
    }

    /// `uuid` / `clientTimestamp` in an event function: `nil` (the parameter's
    /// default) means a fresh value. Nothing for other properties.
    func printFreshDefault(into p: inout CodePrinter) {
        guard let fresh = property.freshDefault else { return }
        let name = SwiftName.escaped(property.name)
        let code = switch fresh {
        case .uuid: "Foundation.UUID()"
        case .now: "Foundation.Date()"
        }
        p.line("let \(name) = \(name) ?? \(code)")
    }

    /// The box of a member stored indirectly.
    private static let indirect = "TrackingCore.GeneratedCodeSupport.Indirect"

    /// `value` as the property's private storage holds it.
    private static func stored(_ value: String, _ property: PropertyDecl) -> String {
        property.isIndirect ? "\(indirect)(\(value))" : value
    }
}

/// The layout every generated struct follows, whoever prints its properties:
/// the rules ``StructRenderer`` and ``EventRenderer`` share.
enum StructLayout {
    /// The initializer takes required parameters first, then optional ones
    /// defaulting to `nil`, then `uuid` and `clientTimestamp`, optional and
    /// defaulting to `nil` for a fresh value; contract order within each group.
    enum ParameterGroup: CaseIterable {
        case required, optional, freshDefault
    }

    /// Appends the elements of `properties` that are parameters to `parameters`, in parameter order.
    static func appendInParameterOrder<Element>(
        _ properties: some Collection<Element>, group: (Element) -> ParameterGroup?, to parameters: inout [Element]
    ) {
        for wanted in ParameterGroup.allCases {
            for property in properties where group(property) == wanted { parameters.append(property) }
        }
    }

    /// Prints the properties' declarations with a blank line around documented
    /// ones only. `afterMember`: they follow a member that is not one of them
    /// (a kind struct's `eventName`), as after a documented property.
    static func printDeclarations(_ printers: [PropertyPrinter], afterMember: Bool, into p: inout CodePrinter) {
        var previousHadDoc: Bool? = afterMember ? true : nil  // `nil`: the first member of the body
        for printer in printers {
            if let previous = previousHadDoc, printer.hasDoc || previous { p.line() }
            printer.printDeclaration(into: &p)
            previousHadDoc = printer.hasDoc
        }
    }

    /// The initializer's doc comment after its summary line: the parameters list.
    static let parametersDocStart = "/// - Parameters:"
}
