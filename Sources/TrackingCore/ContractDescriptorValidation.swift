import Foundation

extension ContractDescriptor {
    /// Members every payload has besides its fields, written by the encoder.
    static let reservedMembers: Set<String> = ["event", "kind", "contractVersion"]

    /// Every way an encoded event breaks the contract; empty when it is valid.
    ///
    /// Checks: the event is known and its `kind` matches; every member is known
    /// (envelope, kind, event fields, globals), unknown ones are flagged; the
    /// envelope, the kind's mandatory fields and the event's required fields
    /// are present; constants hold; every value has the right type, is in its
    /// value set, has a valid uuid/timestamp format and meets its constraints
    /// (through ``ConstraintRules``, as generated validators do), down through
    /// objects and arrays (paths like `products[3].price`). Globals may be
    /// absent (the dispatcher appends them) but are checked when present.
    public func validate(payload: JSONValue) -> [Violation] {
        var violations: [Violation] = []
        guard case .object(let members) = payload else {
            return [Violation(path: "", code: .wrongType, message: "a payload must be a JSON object")]
        }
        guard let eventValue = payload["event"] else {
            return [Violation(path: "event", code: .missingField, message: "the event name is missing")]
        }
        guard case .string(let eventName) = eventValue else {
            return [Violation(path: "event", code: .wrongType, message: "the event name must be a string")]
        }
        guard let event = event(named: eventName) else {
            return [Violation(path: "event", code: .unknownEvent, message: "'\(eventName)' is not an event of contract \(name)")]
        }
        switch payload["kind"] {
        case nil:
            violations.append(Violation(path: "kind", code: .missingField, message: "the kind is missing"))
        case .string(let kind)? where kind == event.kind:
            break
        case .string(let kind)?:
            violations.append(Violation(path: "kind", code: .constantMismatch, message: "is '\(kind)', but \(eventName) is a \(event.kind)"))
        default:
            violations.append(Violation(path: "kind", code: .wrongType, message: "the kind must be a string"))
        }
        switch payload["contractVersion"] {
        case nil:
            violations.append(Violation(path: "contractVersion", code: .missingField, message: "the contract version is missing"))
        case .string?:
            break
        default:
            violations.append(Violation(path: "contractVersion", code: .wrongType, message: "the contract version must be a string"))
        }

        // Every field the payload may carry, by wire name.
        var known: [String: (field: FieldDescriptor, isRequired: Bool)] = [:]
        for global in globals where global.wireName != "contractVersion" {
            known[global.wireName] = (global, false)
        }
        let fields = payloadFields(forEvent: eventName) ?? []
        for entry in fields { known[entry.field.wireName] = entry }

        var seen = Set<String>()
        for member in members {
            if !seen.insert(member.key).inserted {
                violations.append(Violation(path: member.key, code: .unknownField, message: "appears more than once"))
                continue
            }
            if Self.reservedMembers.contains(member.key) { continue }
            guard let entry = known[member.key] else {
                violations.append(Violation(path: member.key, code: .unknownField, message: "is not a field of \(eventName)"))
                continue
            }
            if let constant = event.constants[member.key] {
                if case .string(let actual) = member.value, actual != constant {
                    violations.append(Violation(path: member.key, code: .constantMismatch, message: "is '\(actual)', but \(eventName) always sends '\(constant)'"))
                    continue
                }
            }
            check(member.value, against: entry.field.spec, path: member.key, into: &violations)
        }
        for entry in fields where entry.isRequired && !seen.contains(entry.field.wireName) {
            violations.append(Violation(path: entry.field.wireName, code: .missingField, message: "is required by \(eventName) but missing"))
        }
        return violations
    }

    /// Checks one value against its spec; `path` names it in violations.
    public func check(_ value: JSONValue, against spec: ValueSpec, path: String, into violations: inout [Violation]) {
        func wrongType(_ expected: String) {
            violations.append(Violation(path: path, code: .wrongType, message: "must be \(expected), found \(Self.describe(value))"))
        }
        switch spec.type {
        case .string:
            guard case .string(let s) = value else { return wrongType("a string") }
            ConstraintRules.check(string: s, spec.constraints, path: path, into: &violations)
        case .int:
            guard case .number(let text) = value, let n = Int(text) else { return wrongType("an integer") }
            ConstraintRules.check(int: n, spec.constraints, path: path, into: &violations)
        case .double:
            guard case .number(let text) = value, let d = Double(text) else { return wrongType("a number") }
            ConstraintRules.check(double: d, spec.constraints, path: path, into: &violations)
        case .decimal:
            guard case .number(let text) = value else { return wrongType("a number") }
            ConstraintRules.check(decimal: GeneratedCodeSupport.decimal(text), spec.constraints, path: path, into: &violations)
        case .bool:
            guard case .bool = value else { return wrongType("true or false") }
        case .uuid:
            guard case .string(let s) = value else { return wrongType("a uuid string") }
            if s.utf8.count != 36 || UUID(uuidString: s) == nil {
                violations.append(Violation(path: path, code: .badFormat, message: "\(ConstraintRules.quoted(s)) is not a UUID"))
            }
        case .timestamp:
            guard case .string(let s) = value else { return wrongType("a timestamp string") }
            if ISO8601Timestamp.date(from: s) == nil {
                violations.append(Violation(path: path, code: .badFormat, message: "\(ConstraintRules.quoted(s)) is not an ISO 8601 UTC timestamp with milliseconds (2026-11-22T12:00:00.000Z)"))
            }
        case .array(let items):
            guard case .array(let elements) = value else { return wrongType("an array") }
            ConstraintRules.check(count: elements.count, spec.constraints, path: path, into: &violations)
            for (index, element) in elements.enumerated() {
                check(element, against: items, path: GeneratedCodeSupport.path(path, index: index), into: &violations)
            }
        case .valueSet(let setName):
            guard case .string(let s) = value else { return wrongType("a string of \(setName)") }
            if let set = valueSet(named: setName), !set.contains(s) {
                violations.append(Violation(path: path, code: .notInValueSet, message: "\(ConstraintRules.quoted(s)) is not a value of \(setName)"))
            }
        case .object(let objectName):
            guard case .object(let members) = value else { return wrongType("an object \(objectName)") }
            guard let object = object(named: objectName) else { return }
            var seen = Set<String>()
            for member in members {
                let memberPath = GeneratedCodeSupport.path(path, member.key)
                if !seen.insert(member.key).inserted {
                    violations.append(Violation(path: memberPath, code: .unknownField, message: "appears more than once"))
                    continue
                }
                guard let field = object.required.first(where: { $0.wireName == member.key })
                        ?? object.optional.first(where: { $0.wireName == member.key }) else {
                    violations.append(Violation(path: memberPath, code: .unknownField, message: "is not a member of \(objectName)"))
                    continue
                }
                check(member.value, against: field.spec, path: memberPath, into: &violations)
            }
            for field in object.required where !seen.contains(field.wireName) {
                violations.append(Violation(path: GeneratedCodeSupport.path(path, field.wireName), code: .missingField, message: "is required by \(objectName) but missing"))
            }
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a bool"
        case .number(let n): "the number \(n)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension ContractDescriptor {
    /// Encodes `event` and checks the payload: how models an app composed from
    /// the generated protocols are held to the contract.
    public func validate(event: some TrackingEvent) -> [Violation] {
        do {
            return validate(payload: try JSONValue.parse(event.encodedJSON()))
        } catch {
            return [Violation(path: "", code: .badFormat, message: "the event does not encode to valid JSON: \(error)")]
        }
    }
}
