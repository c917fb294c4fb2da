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
    /// deprecated accessor (and never warns).
    static func storage(_ property: PropertyDecl) -> String {
        property.deprecated == nil ? "self." + SwiftName.escaped(property.name) : "self._" + property.name
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
    static func encodeMember(_ property: PropertyDecl, into p: inout CodePrinter) {
        let key = "writer.rawKey(\(SwiftLiteral.jsonString(property.wireName)))"
        if let constant = property.constant {
            p.line("writer.rawMembers(\(SwiftLiteral.string(jsonText(property.wireName) + ":" + jsonText(constant.wireValue))))")
            return
        }
        let value = property.isOptional ? "value" : storage(property)
        var body = CodePrinter()
        encode(property.spec, value, depth: 0, into: &body)
        let lines = body.text.split(separator: "\n", omittingEmptySubsequences: true)
        if lines.count == 1 {
            let statement = key + "; " + lines[0]
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
    static func check(_ spec: ValueSpec, _ expression: String, path: String, depth: Int, into p: inout CodePrinter) {
        let c = spec.constraints
        switch spec.type {
        case .string:
            p.line("TrackingCore.ConstraintRules.check(string: \(expression), \(constraints(c)), path: \(path), into: &violations)")
        case .int:
            p.line("TrackingCore.ConstraintRules.check(int: \(expression), \(constraints(c)), path: \(path), into: &violations)")
        case .double:
            p.line("TrackingCore.ConstraintRules.check(double: \(expression), \(constraints(c)), path: \(path), into: &violations)")
        case .decimal:
            p.line("TrackingCore.ConstraintRules.check(decimal: \(expression), \(constraints(c)), path: \(path), into: &violations)")
        case .bool, .uuid, .timestamp, .valueSet:
            break
        case .object:
            p.line("\(expression).collectViolations(at: \(path), into: &violations)")
        case .array(let items):
            if c.minItems != nil || c.maxItems != nil {
                p.line("TrackingCore.ConstraintRules.check(count: \(expression).count, \(constraints(c)), path: \(path), into: &violations)")
            }
            if needsCheck(items) {
                p.block("for (index\(depth), item\(depth)) in \(expression).enumerated()") { p in
                    check(items, "item\(depth)", path: "TrackingCore.GeneratedCodeSupport.path(\(path), index: index\(depth))", depth: depth + 1, into: &p)
                }
            }
        }
    }

    /// Checks `property`; `path` is the Swift expression of its path.
    static func checkMember(_ property: PropertyDecl, path: String, into p: inout CodePrinter) {
        guard property.constant == nil, needsCheck(property.spec) else { return }
        if property.isOptional {
            p.block("if let value = \(storage(property))") { p in
                check(property.spec, "value", path: path, depth: 0, into: &p)
            }
        } else {
            check(property.spec, storage(property), path: path, depth: 0, into: &p)
        }
    }

    /// An event's check of `property` through its shared rule, on one line.
    static func callRule(_ property: PropertyDecl, namespace: String, into p: inout CodePrinter) {
        guard property.constant == nil, needsCheck(property.spec), let rule = property.rule else { return }
        let function = "\(SwiftName.escaped(namespace)).Rules.\(rule)"
        if property.isOptional {
            p.line("if let value = \(storage(property)) { \(function)(value, into: &violations) }")
        } else {
            p.line("\(function)(\(storage(property)), into: &violations)")
        }
    }

    /// The shared check function of a field.
    static func renderRule(_ rule: RuleDecl, into p: inout CodePrinter) {
        var property = rule.property
        property.isOptional = false
        p.block("static func \(rule.name)(_ value: \(typeCode(property)), into violations: inout [TrackingCore.Violation])") { p in
            check(property.spec, "value", path: SwiftLiteral.string(property.wireName), depth: 0, into: &p)
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
