import Foundation
import TrackingCore

/// `default:` values: read as the field's type and checked against the field's
/// own constraints with `TrackingCore.ConstraintRules`, the rules the runtime applies.
extension ContractReader {
    /// Returns `field` with its default read, when it declared one.
    func resolveDefault(_ field: Field) -> Field {
        guard let node = defaultNodes[field.location] else { return field }
        var field = field
        field.defaultValue = value(node, as: field.spec, path: field.wireName, what: "default of field '\(field.wireName)'")
        return field
    }

    /// Reads `node` as a value of `spec`; `nil` after a diagnostic when it is not one.
    func value(_ node: Node, as spec: ValueSpec, path: String, what: String) -> JSONValue? {
        var violations: [Violation] = []
        let result: JSONValue?
        switch spec.type {
        case .string:
            guard case .string(let text)? = node.scalarValue else { return mismatch(node, expected: "a string", what: what) }
            ConstraintRules.check(string: text, spec.constraints, path: path, into: &violations)
            result = .string(text)
        case .int:
            guard case .integer(let number)? = node.scalarValue else { return mismatch(node, expected: "an integer", what: what) }
            ConstraintRules.check(int: number, spec.constraints, path: path, into: &violations)
            result = .number(String(number))
        case .double, .decimal:
            let number: Decimal
            switch node.scalarValue {
            case .integer(let value)?: number = Decimal(value)
            case .number(let value)?: number = value
            default: return mismatch(node, expected: "a number", what: what)
            }
            if spec.type == .double {
                ConstraintRules.check(double: NSDecimalNumber(decimal: number).doubleValue, spec.constraints, path: path, into: &violations)
            } else {
                ConstraintRules.check(decimal: number, spec.constraints, path: path, into: &violations)
            }
            result = .number(number.description)
        case .bool:
            guard case .bool(let flag)? = node.scalarValue else { return mismatch(node, expected: "true or false", what: what) }
            result = .bool(flag)
        case .uuid:
            guard case .string(let text)? = node.scalarValue, UUID(uuidString: text) != nil else {
                return mismatch(node, expected: "a UUID such as 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'", what: what)
            }
            result = .string(text)
        case .timestamp:
            guard case .string(let text)? = node.scalarValue, ISO8601Timestamp.date(from: text) != nil else {
                return mismatch(node, expected: "an ISO 8601 UTC timestamp such as '2026-01-31T12:00:00.000Z'", what: what)
            }
            result = .string(text)
        case .valueSet(let name):
            guard let set = valueSets[name] else { return nil }
            guard case .scalar(let code, _) = node.value, !node.isNull else { return mismatch(node, expected: "a code of value set '\(name)'", what: what) }
            guard let member = set.cases.first(where: { $0.code == code }) else {
                notMember(code, of: set, at: node.location, what: what)
                return nil
            }
            result = .string(member.wireValue)
        case .object(let name):
            guard let object = objects[name] else { return nil }
            let members = object.required + object.optional
            guard let body = entries(of: node, what: what, allowed: members.map(\.wireName)) else { return nil }
            var values: [(key: String, value: JSONValue)] = []
            var complete = true
            for member in object.required where body[member.wireName] == nil {
                error("\(what) has no '\(member.wireName)', required by object '\(name)'", at: node.location)
                complete = false
            }
            for entry in body {
                guard let member = members.first(where: { $0.wireName == entry.name }) else { continue }
                if let item = value(entry.value, as: member.spec, path: "\(path).\(entry.name)", what: "member '\(entry.name)' of \(what)") {
                    values.append((key: entry.name, value: item))
                } else {
                    complete = false
                }
            }
            guard complete else { return nil }
            result = .object(values)
        case .array(let items):
            guard case .sequence(let nodes) = node.value else { return mismatch(node, expected: "a list", what: what) }
            ConstraintRules.check(count: nodes.count, spec.constraints, path: path, into: &violations)
            var values: [JSONValue] = []
            var complete = true
            for (index, item) in nodes.enumerated() {
                // Check every item, so that all bad ones are reported.
                if let value = value(item, as: items, path: "\(path)[\(index)]", what: "item \(index) of \(what)") {
                    values.append(value)
                } else {
                    complete = false
                }
            }
            guard complete else { return nil }
            result = .array(values)
        }
        for violation in violations {
            error("\(what) breaks its constraints: \(violation.path) \(violation.message)", at: node.location)
        }
        return violations.isEmpty ? result : nil
    }

    private func mismatch(_ node: Node, expected: String, what: String) -> JSONValue? {
        var hint: String?
        if case .scalar(let text, .plain) = node.value, expected == "a string", !node.isNull {
            hint = "quote it to make it a string: '\(text)'"
        }
        error("\(what) must be \(expected), found \(describe(node))", at: node.location, hint: hint)
        return nil
    }

    /// Reports `code` as no member of `set`, hinting at the code when a wire value was written.
    func notMember(_ code: String, of set: ValueSet, at location: SourceLocation, what: String) {
        var hint = Suggestions.didYouMean(code, among: set.cases.map(\.code))
        if let byWire = set.cases.first(where: { $0.wireValue == code }) {
            hint = "'\(code)' is the wire value; write its code '\(byWire.code)'"
        }
        if hint == nil {
            let codes = set.cases.prefix(8).map(\.code).joined(separator: ", ")
            hint = "codes of '\(set.name)': \(codes)\(set.cases.count > 8 ? ", …" : "")"
        }
        error("'\(code)' is not a member of value set '\(set.name)' (\(what))", at: location, hint: hint)
    }
}
