import Foundation
import TrackingCore

/// One way to break a valid payload: the constraint it breaks, what the
/// runtime descriptor should flag and what a JSON Schema validator should say.
struct PayloadMutation: CustomStringConvertible {
    var name: String
    var payload: JSONValue
    /// The violation the runtime must report, at `runtimePath`.
    var code: Violation.Code
    var runtimePath: String
    /// The schema keyword that must fail, at `schemaPath` (instance location, `/`-joined).
    var keyword: String
    var schemaPath: String

    var description: String { "\(name) (\(code.rawValue) at '\(runtimePath)', schema '\(keyword)' at '/\(schemaPath)')" }
}

/// Derives, from the contract descriptor, one mutation per constraint a
/// payload carries: each required member removed, an unknown member added,
/// each constant and `kind` changed, and per value its type, value set,
/// format, length, pattern, range and item count broken, down through
/// objects and arrays.
struct PayloadMutator {
    enum Step {
        case key(String)
        case index(Int)
    }

    let descriptor: ContractDescriptor

    func mutations(of payload: JSONValue) -> [PayloadMutation] {
        guard case .object(let members) = payload, case .string(let eventName)? = payload["event"],
              let event = descriptor.event(named: eventName), let fields = descriptor.payloadFields(forEvent: eventName) else { return [] }
        var result: [PayloadMutation] = []
        func add(_ name: String, _ mutated: JSONValue, _ code: Violation.Code, _ runtimePath: String, _ keyword: String, _ schemaPath: String) {
            result.append(PayloadMutation(name: "\(eventName): \(name)", payload: mutated, code: code, runtimePath: runtimePath,
                                          keyword: keyword, schemaPath: schemaPath))
        }
        add("kind changed", set(payload, [.key("kind")], .string("someOtherKind")), .constantMismatch, "kind", "const", "kind")
        add("contractVersion not a string", set(payload, [.key("contractVersion")], .number("1")), .wrongType, "contractVersion", "type", "contractVersion")
        add("kind removed", set(payload, [.key("kind")], nil), .missingField, "kind", "required", "")
        add("unknown member", appending(payload, [], "notInTheContract", .bool(true)), .unknownField, "notInTheContract", "additionalProperties", "")
        let specs = fields.map { ($0.field.wireName, $0.field.spec, $0.isRequired) } + descriptor.globals.map { ($0.wireName, $0.spec, false) }
        for (wireName, spec, isRequired) in specs {
            if isRequired {
                add("\(wireName) removed", set(payload, [.key(wireName)], nil), .missingField, wireName, "required", "")
            }
            guard let value = members.first(where: { $0.key == wireName })?.value else { continue }
            if let constant = event.constants[wireName] {
                guard case .valueSet(let setName) = spec.type, let other = descriptor.valueSet(named: setName)?.wireValues.first(where: { $0 != constant })
                else { continue }
                add("constant \(wireName) changed", set(payload, [.key(wireName)], .string(other)), .constantMismatch, wireName, "const", wireName)
                continue
            }
            result += valueMutations(payload, [.key(wireName)], spec, value).map { mutation in
                var mutation = mutation
                mutation.name = "\(eventName): \(mutation.name)"
                return mutation
            }
        }
        return result
    }

    /// Mutations of the value at `path`, of type `spec`.
    func valueMutations(_ payload: JSONValue, _ path: [Step], _ spec: ValueSpec, _ value: JSONValue) -> [PayloadMutation] {
        let at = Self.runtimePath(path)
        let pointer = Self.schemaPath(path)
        var result: [PayloadMutation] = []
        func add(_ name: String, _ replacement: JSONValue, _ code: Violation.Code, _ keyword: String) {
            result.append(PayloadMutation(name: "\(at) \(name)", payload: set(payload, path, replacement), code: code, runtimePath: at,
                                          keyword: keyword, schemaPath: pointer))
        }
        let c = spec.constraints
        switch spec.type {
        case .string:
            add("not a string", .number("7"), .wrongType, "type")
            guard case .string(let s) = value else { break }
            if let min = c.minLength, min > 0 { add("too short", .string(String(s.prefix(min - 1))), .tooShort, "minLength") }
            if let max = c.maxLength { add("too long", .string(String(repeating: "x", count: max + 1)), .tooLong, "maxLength") }
            if let pattern = c.pattern,
               let bad = ["", "x", "-", "a b", "!!!!", "http://x", "ZZZZZZZZZZZZZZZZZZZZ"].first(where: { !ContractRegex.matches($0, pattern: pattern) }) {
                add("not matching its pattern", .string(bad), .patternMismatch, "pattern")
            }
        case .int, .double, .decimal:
            add("not a number", .string("7"), .wrongType, "type")
            if case .int = spec.type { add("not an integer", .number("2.5"), .wrongType, "type") }
            let step = Decimal(1)
            if let min = c.minimum { add("below its minimum", .number("\(min - step)"), .belowMinimum, "minimum") }
            if let max = c.maximum { add("above its maximum", .number("\(max + step)"), .aboveMaximum, "maximum") }
        case .bool:
            add("not a bool", .string("true"), .wrongType, "type")
        case .uuid:
            add("not a uuid", .string("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5fg"), .badFormat, "pattern")
            add("not a string", .bool(true), .wrongType, "type")
        case .timestamp:
            add("without milliseconds", .string("2026-11-20T12:00:00Z"), .badFormat, "pattern")
            add("month 13", .string("2026-13-20T12:00:00.000Z"), .badFormat, "pattern")
            add("not a string", .number("1795176000123"), .wrongType, "type")
        case .valueSet:
            add("not in its value set", .string("Not A Member"), .notInValueSet, "enum")
            add("not a string", .number("1"), .wrongType, "type")
        case .array(let items):
            add("not an array", .object([]), .wrongType, "type")
            guard case .array(let elements) = value else { break }
            if let min = c.minItems, min > 0 { add("with too few items", .array(Array(elements.prefix(min - 1))), .tooFewItems, "minItems") }
            if let max = c.maxItems, let first = elements.first {
                add("with too many items", .array(Array(repeating: first, count: max + 1)), .tooManyItems, "maxItems")
            }
            if let first = elements.first { result += valueMutations(payload, path + [.index(0)], items, first) }
        case .object(let name):
            add("not an object", .array([]), .wrongType, "type")
            guard case .object(let members) = value, let object = descriptor.object(named: name) else { break }
            for field in object.required {
                result.append(PayloadMutation(
                    name: "\(at).\(field.wireName) removed", payload: set(payload, path + [.key(field.wireName)], nil), code: .missingField,
                    runtimePath: at + "." + field.wireName, keyword: "required", schemaPath: pointer))
            }
            result.append(PayloadMutation(
                name: "\(at) with an unknown member", payload: appending(payload, path, "notAMember", .number("1")), code: .unknownField,
                runtimePath: at + ".notAMember", keyword: "additionalProperties", schemaPath: pointer))
            for field in object.required + object.optional {
                guard let member = members.first(where: { $0.key == field.wireName })?.value else { continue }
                result += valueMutations(payload, path + [.key(field.wireName)], field.spec, member)
            }
        }
        return result
    }

    static func runtimePath(_ path: [Step]) -> String {
        path.reduce("") { text, step in
            switch step {
            case .key(let key): text.isEmpty ? key : text + "." + key
            case .index(let index): text + "[\(index)]"
            }
        }
    }

    static func schemaPath(_ path: [Step]) -> String {
        path.map { step in
            switch step {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: "/")
    }

    /// `value` with the member or item at `path` replaced (`nil`: removed).
    func set(_ value: JSONValue, _ path: [Step], _ replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? value }
        switch (step, value) {
        case (.key(let key), .object(var members)):
            guard let index = members.firstIndex(where: { $0.key == key }) else {
                if let replacement, path.count == 1 { members.append((key, replacement)) }
                return .object(members)
            }
            if path.count == 1, replacement == nil {
                members.remove(at: index)
            } else {
                members[index].value = set(members[index].value, Array(path.dropFirst()), replacement)
            }
            return .object(members)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            items[index] = set(items[index], Array(path.dropFirst()), replacement)
            return .array(items)
        default:
            return value
        }
    }

    /// `value` with a member added to the object at `path`.
    func appending(_ value: JSONValue, _ path: [Step], _ key: String, _ member: JSONValue) -> JSONValue {
        guard let step = path.first else {
            guard case .object(var members) = value else { return value }
            members.append((key, member))
            return .object(members)
        }
        switch (step, value) {
        case (.key(let name), .object(var members)):
            guard let index = members.firstIndex(where: { $0.key == name }) else { return value }
            members[index].value = appending(members[index].value, Array(path.dropFirst()), key, member)
            return .object(members)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            items[index] = appending(items[index], Array(path.dropFirst()), key, member)
            return .array(items)
        default:
            return value
        }
    }
}
