import Foundation
import TrackingCore

/// Code snippets for one value of a given spec: its Swift type, how it is
/// encoded, how it is validated. Shared by every struct renderer, recursive
/// for arrays.
enum ValueCode {
    static func typeCode(_ property: PropertyDecl) -> String {
        property.isOptional ? property.type.code + "?" : property.type.code
    }

    /// How generated code reads the stored value of `property`: deprecated
    /// fields are stored under `_name`, so generated code never uses the
    /// deprecated accessor (and never warns); members of their own object's
    /// type under `_name` in a box.
    static func storage(_ property: PropertyDecl) -> String {
        if property.isIndirect { return "self._" + property.name + ".value" }
        return property.deprecated == nil ? "self." + SwiftName.escaped(property.name) : "self._" + property.name
    }

    // MARK: Encoding

    /// Writes `expression` (of type `spec`) with `writer`.
    static func encode(_ spec: ValueSpec, _ expression: String, depth: Int, into p: inout CodePrinter) {
        switch spec.type {
        case .string, .int, .double, .decimal, .bool, .uuid:
            p.line("writer.value(\(expression))")
        case .timestamp:
            p.line("writer.timestamp(\(expression))")
        case .valueSet:
            p.line("writer.rawValue(\(expression).wireJSON)")
        case .object:
            p.line("\(expression).writeJSON(to: &writer)")
        case .array(let items):
            p.line("writer.beginArray()")
            p.block("for item\(depth) in \(expression)") { p in
                encode(items, "item\(depth)", depth: depth + 1, into: &p)
            }
            p.line("writer.endArray()")
        }
    }

    /// Writes the member for `property` (key, then value); optional members
    /// only when present. Scalars take one line.
    static func encodeMember(_ property: PropertyDecl, value valueExpression: String? = nil, into p: inout CodePrinter) {
        let key = "writer.rawKey(\(SwiftLiteral.jsonString(property.wireName)))"
        if let constant = property.constant {
            p.line("writer.rawMembers(\(SwiftLiteral.string(jsonText(property.wireName) + ":" + jsonText(constant.wireValue))))")
            return
        }
        let value = property.isOptional ? "value" : (valueExpression ?? storage(property))
        if let single = scalarEncode(property.spec, value) {
            let statement = key + "; " + single
            p.line(property.isOptional ? "if let value = \(storage(property)) { \(statement) }" : statement)
        } else if property.isOptional {
            p.block("if let value = \(storage(property))") { p in
                p.line(key)
                encode(property.spec, value, depth: 0, into: &p)
            }
        } else {
            p.line(key)
            encode(property.spec, value, depth: 0, into: &p)
        }
    }

    /// The one-line write of a scalar, or `nil` for arrays.
    static func scalarEncode(_ spec: ValueSpec, _ expression: String) -> String? {
        switch spec.type {
        case .string, .int, .double, .decimal, .bool, .uuid: "writer.value(\(expression))"
        case .timestamp: "writer.timestamp(\(expression))"
        case .valueSet: "writer.rawValue(\(expression).wireJSON)"
        case .object: "\(expression).writeJSON(to: &writer)"
        case .array: nil
        }
    }

    /// A Swift string literal of JSON members `"key":"value",...` (both
    /// strings), equal to `SwiftLiteral.string` of their JSON text: escaping is
    /// per scalar, so the pieces' literals can be joined.
    static func membersLiteral(_ members: [(String, String)]) -> String {
        var out = "\""
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { out += "," }
            appendJSONStringBody(key, to: &out)
            out += ":"
            appendJSONStringBody(value, to: &out)
        }
        return out + "\""
    }

    /// Appends ``SwiftLiteral/jsonString(_:)`` of `text` without its outer quotes.
    static func appendJSONStringBody(_ text: String, to out: inout String) {
        if SwiftLiteral.isPlain(text) {
            out += "\\\""
            out += text
            out += "\\\""
        } else {
            let literal = SwiftLiteral.jsonString(text)
            out.unicodeScalars.append(contentsOf: literal.unicodeScalars.dropFirst().dropLast())
        }
    }

    /// `text` as a JSON string, quotes included, as the runtime writer escapes it.
    static func jsonText(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.value(text)
        return writer.string
    }

    // MARK: Validation

    /// Whether a value of `spec` has anything to check.
    static func needsCheck(_ spec: ValueSpec) -> Bool {
        let c = spec.constraints
        switch spec.type {
        case .string: return !c.isEmpty
        case .int: return c.minimum != nil || c.maximum != nil
        case .double, .decimal: return true  // non-finite values are always reported
        case .bool, .uuid, .timestamp, .valueSet: return false
        case .object: return true
        case .array(let items): return c.minItems != nil || c.maxItems != nil || needsCheck(items)
        }
    }

    /// Checks `expression` (of type `spec`) at `path` (a Swift expression).
    /// `constraintsName(depth)` names the `FieldConstraints` of the value at
    /// array depth `depth` (an entry of a ``ConstraintTable``'s array).
    static func check(
        _ spec: ValueSpec, _ expression: String, path: String, depth: Int,
        constraintsName: (Int) -> String, into p: inout CodePrinter
    ) {
        let c = spec.constraints
        // Named only where read: an object's or an unchecked depth has none.
        var constraints: String { constraintsName(depth) }
        switch spec.type {
        case .string:
            p.line("TrackingCore.ConstraintRules.check(string: \(expression), \(constraints), path: \(path), into: &violations)")
        case .int:
            p.line("TrackingCore.ConstraintRules.check(int: \(expression), \(constraints), path: \(path), into: &violations)")
        case .double:
            p.line("TrackingCore.ConstraintRules.check(double: \(expression), \(constraints), path: \(path), into: &violations)")
        case .decimal:
            p.line("TrackingCore.ConstraintRules.check(decimal: \(expression), \(constraints), path: \(path), into: &violations)")
        case .bool, .uuid, .timestamp, .valueSet:
            break
        case .object:
            p.line("\(expression).collectViolations(at: \(path), into: &violations)")
        case .array(let items):
            if c.minItems != nil || c.maxItems != nil {
                p.line("TrackingCore.ConstraintRules.check(count: \(expression).count, \(constraints), path: \(path), into: &violations)")
            }
            if needsCheck(items) {
                p.block("for (index\(depth), item\(depth)) in \(expression).enumerated()") { p in
                    check(
                        items, "item\(depth)", path: "TrackingCore.GeneratedCodeSupport.path(\(path), index: index\(depth))",
                        depth: depth + 1, constraintsName: constraintsName, into: &p)
                }
            }
        }
    }

    /// Checks `property`; `path` is the Swift expression of its path.
    static func checkMember(_ property: PropertyDecl, path: String, constraintsName: (Int) -> String, into p: inout CodePrinter) {
        guard property.constant == nil, needsCheck(property.spec) else { return }
        if property.isOptional {
            p.block("if let value = \(storage(property))") { p in
                check(property.spec, "value", path: path, depth: 0, constraintsName: constraintsName, into: &p)
            }
        } else {
            check(property.spec, storage(property), path: path, depth: 0, constraintsName: constraintsName, into: &p)
        }
    }

    /// The constraints a check of `spec` reads, as `FieldConstraints` literals
    /// by array depth (0 the value, 1 its items, ...), depths without any left out.
    static func constraintValues(_ spec: ValueSpec) -> [(depth: Int, literal: String)] {
        var values: [(depth: Int, literal: String)] = []
        var current = spec
        var depth = 0
        while true {
            let c = current.constraints
            switch current.type {
            case .string where !c.isEmpty, .int where c.minimum != nil || c.maximum != nil, .double, .decimal:
                values.append((depth, constraints(c)))
                return values
            case .array(let items):
                if c.minItems != nil || c.maxItems != nil {
                    values.append((depth, constraints(c)))
                }
                current = items
                depth += 1
            case .string, .int, .bool, .uuid, .timestamp, .valueSet, .object:
                return values
            }
        }
    }


    /// An event function's check of its parameter `property` through the field's
    /// shared rule, on one line (the rule takes an optional, so present and
    /// optional fields read alike).
    static func callRule(_ property: PropertyDecl, namespace: String, into p: inout CodePrinter) {
        guard property.constant == nil, needsCheck(property.spec), let rule = property.rule else { return }
        p.line("\(SwiftName.escaped(namespace)).Rules.\(rule)(\(SwiftName.escaped(property.name)), into: &_violations)")
    }

    /// An event function's member write of its parameter `property` through the field's shared rule, on one line.
    static func callWriter(_ property: PropertyDecl, namespace: String, into p: inout CodePrinter) {
        guard let rule = property.rule else { preconditionFailure("event fields have rules: \(property.wireName)") }
        p.line("\(SwiftName.escaped(namespace)).Rules.\(rule)(\(SwiftName.escaped(property.name)), to: &_writer)")
    }

    /// The shared code of a field: its check (when it has anything to check)
    /// and its member writer. Both functions take an optional and do nothing
    /// for `nil`. `constraints(depth)` names the field's constraints at array
    /// depth `depth` (in the file's array, ``ModuleRenderer/renderRules(_:scopes:into:)``).
    static func renderRule(_ rule: FieldCheckDecl, constraints name: (Int) -> String, into p: inout CodePrinter) {
        var property = rule.property
        property.isOptional = false
        let type = typeCode(property) + "?"
        p.line("// \(SwiftLiteral.string(property.wireName))")
        if needsCheck(property.spec) {
            p.block("static func \(rule.name)(_ value: \(type), into violations: inout [TrackingCore.Violation])") { p in
                p.line("guard let value else { return }")
                check(property.spec, "value", path: SwiftLiteral.string(property.wireName), depth: 0, constraintsName: name, into: &p)
            }
        }
        p.block("static func \(rule.name)(_ value: \(type), to writer: inout TrackingCore.JSONWriter)") { p in
            p.line("guard let value else { return }")
            encodeMember(property, value: "value", into: &p)
        }
    }

    /// A `FieldConstraints` literal.
    static func constraints(_ c: FieldConstraints) -> String {
        var arguments: [String] = []
        if let v = c.minLength { arguments.append("minLength: \(v)") }
        if let v = c.maxLength { arguments.append("maxLength: \(v)") }
        if let v = c.pattern { arguments.append("pattern: \(SwiftLiteral.string(v))") }
        if let v = c.minimum { arguments.append("minimum: \(decimal(v))") }
        if let v = c.maximum { arguments.append("maximum: \(decimal(v))") }
        if let v = c.minItems { arguments.append("minItems: \(v)") }
        if let v = c.maxItems { arguments.append("maxItems: \(v)") }
        return "TrackingCore.FieldConstraints(" + arguments.joined(separator: ", ") + ")"
    }

    static func decimal(_ value: Decimal) -> String {
        "TrackingCore.GeneratedCodeSupport.decimal(\(SwiftLiteral.string(value.description)))"
    }
}
