import Foundation
import TrackingCore

/// A contract's value rules as one language-neutral JSON document
/// (docs/wire-format.md, "The rules as data"): every field's type and
/// constraints, value sets by wire value, objects, kinds and events, and each
/// pattern as its compiled program. A code target can embed it (or the parts
/// it needs) and interpret it with the rules of docs/wire-format.md, so every
/// runtime applies the same rules to the same values.
package enum ContractRulesData {
    static let formatVersion = RuntimeConstants.FormatVersion.rulesDataFormat

    /// The document for a valid contract, as JSON text with a final newline.
    package static func document(_ contract: Contract) -> String {
        PrettyJSON.text(value(contract)) + "\n"
    }

    /// The document as a value. With `target`, each field and event also gets
    /// `"name"`: that target's name for it, where it differs from the contract's
    /// (what a runtime reading arguments by the target's names needs).
    /// `includingEvents: false` leaves `events` empty, for a target that
    /// places each event's entry (``event(_:of:namesOf:)``) beside its code.
    package static func value(_ contract: Contract, namesOf target: (any CodeTarget)? = nil, includingEvents: Bool = true) -> JSONValue {
        let programs = PatternPrograms(contract)
        let patternIndex = Dictionary(uniqueKeysWithValues: programs.order.enumerated().map { ($1, $0) })
        func fields(_ list: [Field]) -> JSONValue {
            .object(list.map { field in
                var value = spec(field.spec, patternIndex: patternIndex)
                if case .object(var members) = value {
                    if field.pii { members.append(("pii", .bool(true))) }
                    // In wire form, as the model holds it (a value set's wire value, a number's exact text).
                    if let value = field.defaultValue { members.append(("default", value)) }
                    if let name = target?.name(of: .field(field), in: contract), name != field.wireName { members.append(("name", .string(name))) }
                    value = .object(members)
                }
                return (field.wireName, value)
            })
        }
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        let events = includingEvents ? contract.events.map { ($0.name, event($0, of: contract, namesOf: target)) } : []
        return .object([
            ("format", .number(String(formatVersion))),
            ("contract", .string(contract.name)),
            ("version", .string(contract.version)),
            ("patterns", .array(programs.order.map { pattern in
                .object([("source", .string(pattern)), ("program", .array(programs.programs[pattern]!.map { .number(String($0)) }))])
            })),
            ("valueSets", .object(contract.valueSets.map { ($0.name, strings($0.cases.map(\.wireValue))) })),
            ("objects", .object(contract.objects.map { object in
                (object.name, .object([("required", fields(object.required)), ("optional", fields(object.optional))]))
            })),
            ("envelope", fields(contract.mandatory)),
            ("kinds", .object(contract.kinds.map { ($0.name, fields($0.mandatory)) })),
            ("globals", fields(contract.globals)),
            ("fields", fields(contract.fields)),
            ("events", .object(events)),
        ])
    }

    /// One entry of `events`: the event's kind, the kind fields it fixes (by
    /// wire value), its required and optional fields, and with `target` its name there.
    package static func event(_ event: Event, of contract: Contract, namesOf target: (any CodeTarget)? = nil) -> JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        var members: [(key: String, value: JSONValue)] = [("kind", .string(event.kind))]
        if !event.constants.isEmpty {
            members.append(("constants", .object(event.constants.map { constant in
                let field = contract.kinds.first { $0.name == event.kind }?.mandatory.first { $0.wireName == constant.field }
                var wire = constant.code
                if case .valueSet(let setName)? = field?.spec.type,
                   let member = contract.valueSets.first(where: { $0.name == setName })?.cases.first(where: { $0.code == constant.code }) {
                    wire = member.wireValue
                }
                return (constant.field, JSONValue.string(wire))
            })))
        }
        members.append(("required", strings(event.required.map(\.name))))
        members.append(("optional", strings(event.optional.map(\.name))))
        if let name = target?.name(of: .event(event), in: contract), name != event.name { members.append(("name", .string(name))) }
        return .object(members)
    }

    /// `{"type": …, constraints…}`: a type is a scalar's contract name,
    /// `{"valueSet": name}`, `{"object": name}` or `{"array": spec}`; bounds are
    /// exact decimal text; a pattern is its index in `patterns`. A field's spec
    /// (not an array's items) adds `"pii": true` when the field is marked pii.
    static func spec(_ spec: ValueSpec, patternIndex: [String: Int]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        switch spec.type {
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
            members.append(("type", .string(spec.type.contractName)))
        case .valueSet(let name):
            members.append(("type", .object([("valueSet", .string(name))])))
        case .object(let name):
            members.append(("type", .object([("object", .string(name))])))
        case .array(let items):
            members.append(("type", .object([("array", self.spec(items, patternIndex: patternIndex))])))
        }
        let c = spec.constraints
        func number(_ value: Int?) -> JSONValue? { value.map { .number(String($0)) } }
        func exact(_ value: Decimal?) -> JSONValue? { value.map { .string(JSONWriter.wireText(decimal: $0)) } }
        let constraints: [(String, JSONValue?)] = [
            ("minLength", number(c.minLength)), ("maxLength", number(c.maxLength)),
            ("pattern", c.pattern.flatMap { patternIndex[$0] }.map { .number(String($0)) }),
            ("minimum", exact(c.minimum)), ("maximum", exact(c.maximum)),
            ("minItems", number(c.minItems)), ("maxItems", number(c.maxItems)),
        ]
        for (key, value) in constraints { if let value { members.append((key, value)) } }
        return .object(members)
    }
}
