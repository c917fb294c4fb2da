import Foundation
import TrackingCore

/// A contract's value rules as one language-neutral JSON document
/// (docs/wire-format.md, "The rules as data"): the lowered contract
/// (``LoweredContract``) serialised. Every field's type and constraints, value
/// sets by wire value, objects, kinds and events, each pattern as its compiled
/// program, and the envelope fields the runtime fills in (`"fill"`). A code
/// target can embed it (or the parts it needs) and interpret it with the rules
/// of docs/wire-format.md, so every runtime applies the same rules to the same values.
package enum ContractRulesData {
    static let formatVersion = RuntimeConstants.FormatVersion.rulesDataFormat

    /// The document of a lowered contract, as JSON text with a final newline.
    package static func document(_ lowered: LoweredContract) -> String {
        PrettyJSON.text(value(lowered)) + "\n"
    }

    /// The document as a value. With `target`, each field and event also gets
    /// `"name"`: that target's name for it, where it differs from the contract's
    /// (what a runtime reading arguments by the target's names needs).
    /// `includingEvents: false` leaves `events` empty, for a target that
    /// places each event's entry (``event(_:of:namesOf:)``) beside its code.
    package static func value(_ lowered: LoweredContract, namesOf target: (any CodeTarget)? = nil, includingEvents: Bool = true) -> JSONValue {
        let contract = lowered.contract
        func field(_ field: LoweredField, role: LoweredRole? = nil) -> (key: String, value: JSONValue) {
            var value = spec(field.spec, of: lowered)
            if case .object(var members) = value {
                if field.pii { members.append(("pii", .bool(true))) }
                // In wire form, as the model holds it (a value set's wire value, a number's exact text).
                if let value = field.defaultValue { members.append(("default", value)) }
                if case .filled(let fresh)? = role { members.append(("fill", .string(fillName(fresh)))) }
                if let name = target?.name(of: .field(field.declaration), in: contract), name != field.wireName { members.append(("name", .string(name))) }
                value = .object(members)
            }
            return (field.wireName, value)
        }
        func fields(_ list: [LoweredField]) -> JSONValue { .object(list.map { field($0) }) }
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        let events = includingEvents ? lowered.events.map { ($0.name, event($0, of: lowered, namesOf: target)) } : []
        return .object([
            ("format", .number(String(formatVersion))),
            ("contract", .string(lowered.name)),
            ("version", .string(lowered.version)),
            ("patterns", .array(lowered.patterns.order.map { pattern in
                .object([("source", .string(pattern)), ("program", .array(lowered.patterns.programs[pattern]!.map { .number(String($0)) }))])
            })),
            ("valueSets", .object(lowered.valueSets.map { ($0.name, strings($0.members.map(\.wireValue))) })),
            ("objects", .object(lowered.objects.map { object in
                (object.name, .object([("required", fields(object.required)), ("optional", fields(object.optional))]))
            })),
            ("envelope", .object(lowered.envelope.map { field($0.field, role: $0.role) })),
            ("kinds", .object(lowered.kinds.map { ($0.name, fields($0.fields)) })),
            ("globals", fields(lowered.globals)),
            ("fields", fields(lowered.fields)),
            ("events", .object(events)),
        ])
    }

    /// `"uuid"` (a fresh random uuid) or `"now"` (the current time): what the runtime fills an envelope field with.
    static func fillName(_ value: FreshValue) -> String {
        switch value {
        case .uuid: "uuid"
        case .now: "now"
        }
    }

    /// One entry of `events`: the event's kind, the kind fields it fixes (by
    /// wire value, in the order the event lists them), its required and
    /// optional fields, and with `target` its name there.
    package static func event(_ event: LoweredEvent, of lowered: LoweredContract, namesOf target: (any CodeTarget)? = nil) -> JSONValue {
        func strings(_ list: [String]) -> JSONValue { .array(list.map { .string($0) }) }
        let declaration = event.declaration
        var members: [(key: String, value: JSONValue)] = [("kind", .string(event.kind))]
        if !declaration.constants.isEmpty {
            members.append(("constants", .object(declaration.constants.map { constant in
                var wire = constant.code
                for member in event.members {
                    if case .fixed(_, let value) = member.role, lowered.field(member.field).wireName == constant.field { wire = value }
                }
                return (constant.field, JSONValue.string(wire))
            })))
        }
        var required: [String] = [], optional: [String] = []
        for member in event.members {
            guard case .curated = member.field else { continue }
            switch member.role {
            case .required: required.append(lowered.field(member.field).wireName)
            case .optional: optional.append(lowered.field(member.field).wireName)
            case .fixed, .filled: break
            }
        }
        members.append(("required", strings(required)))
        members.append(("optional", strings(optional)))
        if let name = target?.name(of: .event(declaration), in: lowered.contract), name != event.name { members.append(("name", .string(name))) }
        return .object(members)
    }

    /// `{"type": …, constraints…}`: a type is a scalar's contract name,
    /// `{"valueSet": name}`, `{"object": name}` or `{"array": spec}`; bounds are
    /// exact decimal text; a pattern is its index in `patterns`. A field's spec
    /// (not an array's items) adds `"pii": true` when the field is marked pii.
    static func spec(_ spec: ValueSpec, of lowered: LoweredContract) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        switch spec.type {
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
            members.append(("type", .string(spec.type.contractName)))
        case .valueSet(let name):
            members.append(("type", .object([("valueSet", .string(name))])))
        case .object(let name):
            members.append(("type", .object([("object", .string(name))])))
        case .array(let items):
            members.append(("type", .object([("array", self.spec(items, of: lowered))])))
        }
        let c = spec.constraints
        func number(_ value: Int?) -> JSONValue? { value.map { .number(String($0)) } }
        func exact(_ value: Decimal?) -> JSONValue? { value.map { .string(JSONWriter.wireText(decimal: $0)) } }
        let constraints: [(String, JSONValue?)] = [
            ("minLength", number(c.minLength)), ("maxLength", number(c.maxLength)),
            ("pattern", lowered.patternIndex(of: spec).map { .number(String($0)) }),
            ("minimum", exact(c.minimum)), ("maximum", exact(c.maximum)),
            ("minItems", number(c.minItems)), ("maxItems", number(c.maxItems)),
        ]
        for (key, value) in constraints { if let value { members.append((key, value)) } }
        return .object(members)
    }
}
