import Foundation
import TrackingCore

/// An example payload per event, built from the contract (never written by
/// hand): every field the event may carry, the dispatcher's globals, values
/// within their constraints, in wire order. The catalogue shows it; a test
/// checks each against the runtime's descriptor check.
package struct ExamplePayload {
    let contract: Contract
    let valueSets: [String: ValueSet]
    let objects: [String: ObjectType]
    let kinds: [String: Kind]
    let fields: [String: Field]

    package static let uuid = "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6"
    package static let timestamp = "2026-11-20T12:00:00.000Z"

    package init(contract: Contract) {
        self.contract = contract
        valueSets = Dictionary(contract.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        objects = Dictionary(contract.objects.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        kinds = Dictionary(contract.kinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        fields = Dictionary(contract.fields.map { ($0.wireName, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The example for `event`, or `nil` when a value cannot be built (a pattern beyond ``PatternExample``).
    package func payload(for event: Event) -> JSONValue? {
        var members: [(key: String, value: JSONValue)] = [
            (WireNames.event, .string(event.name)), (WireNames.kind, .string(event.kind)), (WireNames.contractVersion, .string(contract.version)),
        ]
        let constants = Dictionary(event.constants.map { ($0.field, $0.code) }, uniquingKeysWith: { a, _ in a })
        var payloadFields = contract.mandatory + (kinds[event.kind]?.mandatory ?? [])
        payloadFields += (event.required + event.optional).compactMap { fields[$0.name] }
        for field in payloadFields {
            if let code = constants[field.wireName], case .valueSet(let setName) = field.spec.type,
               let item = valueSets[setName]?.cases.first(where: { $0.code == code }) {
                members.append((field.wireName, .string(item.wireValue)))
                continue
            }
            guard let value = field.defaultValue ?? value(for: field.spec, named: field.wireName, depth: 0) else { return nil }
            members.append((field.wireName, value))
        }
        let taken = Set(members.map(\.key))
        for global in contract.globals where !taken.contains(global.wireName) {
            guard let value = global.defaultValue ?? value(for: global.spec, named: global.wireName, depth: 0) else { return nil }
            members.append((global.wireName, value))
        }
        return .object(members)
    }

    /// A value of `spec` within its constraints.
    func value(for spec: ValueSpec, named name: String, depth: Int) -> JSONValue? {
        let c = spec.constraints
        switch spec.type {
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
            guard let scalar = ScalarFieldType(spec.type) else { preconditionFailure("\(spec.type) is a scalar type") }
            switch scalar.entry.example {
            case .text: return string(c, named: name).map(JSONValue.string)
            case .number(let candidates, let integral): return number(c, candidates: candidates, integral: integral)
            case .fixed(let value): return value
            }
        case .valueSet(let setName): return (valueSets[setName]?.cases.first?.wireValue).map(JSONValue.string)
        case .object(let objectName):
            guard let object = objects[objectName] else { return nil }
            // Optional members only near the top: recursive objects stay finite.
            let members = depth < 3 ? object.required + object.optional : object.required
            var result: [(key: String, value: JSONValue)] = []
            for member in members {
                guard let value = member.defaultValue ?? value(for: member.spec, named: member.wireName, depth: depth + 1) else { return nil }
                result.append((member.wireName, value))
            }
            return .object(result)
        case .array(let items):
            var count = max(c.minItems ?? 0, depth < 3 ? 1 : 0)
            if let max = c.maxItems { count = min(count, max) }
            guard count > 0 else { return .array([]) }
            guard let item = value(for: items, named: name, depth: depth + 1) else { return nil }
            return .array(Array(repeating: item, count: count))
        }
    }

    /// The field's name as text (`example cart_id`), padded or cut to its
    /// lengths; with a pattern, a string the pattern builds, longer until the
    /// lengths are met.
    func string(_ c: FieldConstraints, named name: String) -> String? {
        func fits(_ s: String) -> Bool {
            var violations: [Violation] = []
            ConstraintRules.check(string: s, c, path: name, into: &violations)
            return violations.isEmpty
        }
        if let pattern = c.pattern {
            for extra in Array(0...64) + [128, 256, 512, 1024] {
                guard let s = PatternExample.string(matching: pattern, extra: extra) else { return nil }
                if fits(s) { return s }
            }
            return nil
        }
        var s = "example \(name)"
        if let min = c.minLength, s.count < min { s += String(repeating: "x", count: min - s.count) }
        if let max = c.maxLength, s.count > max { s = String(s.prefix(max)) }
        return fits(s) ? s : nil
    }

    /// The first candidate within the bounds, else a bound itself.
    func number(_ c: FieldConstraints, candidates: [String], integral: Bool) -> JSONValue? {
        func within(_ d: Decimal) -> Bool { (c.minimum.map { d >= $0 } ?? true) && (c.maximum.map { d <= $0 } ?? true) }
        for text in candidates {
            if let d = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), within(d) { return .number(text) }
        }
        for bound in [c.minimum, c.maximum].compactMap({ $0 }) {
            var value = bound
            if integral {
                var rounded = Decimal()
                NSDecimalRound(&rounded, &value, 0, bound == c.minimum ? .up : .down)
                value = rounded
            }
            if within(value) { return .number(integral ? "\(value)" : Self.text(value)) }
        }
        return nil
    }

    /// A decimal as JSON number text (`Decimal`'s description is plain notation).
    static func text(_ value: Decimal) -> String { "\(value)" }
}
