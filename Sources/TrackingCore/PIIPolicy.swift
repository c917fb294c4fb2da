import Foundation

/// Which parts of a payload may hold personal data (fields marked `pii`), at
/// every depth: top-level fields, members of objects, items of arrays, nested
/// objects. What removes personal data before an event is stored (consent
/// denied), redacts it before a payload is logged, and tells whether a
/// violation's path lies in it.
///
/// Built from the contract's descriptor, it knows every pii path
/// (``paths(forEvent:)``). Built from top-level names only (rules written by
/// hand), it covers those names at the top level.
public struct PIIPolicy: Sendable {
    /// Boxed: every event the dispatcher processes carries the policy
    /// (`ProcessedEvent.pii`) and is copied several times on its way, and the
    /// descriptor alone holds over a dozen references; a copy of the box is one
    /// retain instead of one per reference.
    private final class Storage: Sendable {
        let descriptor: ContractDescriptor?
        let topLevelNames: Set<String>
        /// Whether no field may hold personal data (asked per event when consent is denied).
        let isEmpty: Bool
        init(descriptor: ContractDescriptor?, topLevelNames: Set<String>) {
            self.descriptor = descriptor
            self.topLevelNames = topLevelNames
            isEmpty = topLevelNames.isEmpty && !(descriptor?.objects.contains {
                $0.required.contains(where: \.pii) || $0.optional.contains(where: \.pii)
            } ?? false)
        }
    }

    private let storage: Storage
    private var descriptor: ContractDescriptor? { storage.descriptor }
    /// Top-level names for payloads whose event the descriptor does not know
    /// (or every name, without a descriptor): any field of the contract marked `pii`.
    public var topLevelNames: Set<String> { storage.topLevelNames }

    /// The policy of a contract: every field marked `pii` in `descriptor`.
    public init(descriptor: ContractDescriptor) {
        var names = Set<String>()
        var fields = descriptor.mandatory + descriptor.fields + descriptor.globals
        for kind in descriptor.kinds { fields += kind.mandatory }
        for field in fields where field.pii { names.insert(field.wireName) }
        storage = Storage(descriptor: descriptor, topLevelNames: names)
    }

    /// A policy of top-level field names only.
    public init(topLevelNames: Set<String>) {
        storage = Storage(descriptor: nil, topLevelNames: topLevelNames)
    }

    /// Whether no field may hold personal data.
    public var isEmpty: Bool { storage.isEmpty }

    // MARK: Paths

    /// Every path of `event`'s payload that may hold personal data, sorted:
    /// `email`, `customer.email`, `lines[].email`. An object that contains
    /// itself is followed once per path.
    public func paths(forEvent event: String) -> [String] {
        guard let descriptor, let fields = descriptor.payloadFields(forEvent: event) else {
            return topLevelNames.sorted()
        }
        var result = Set<String>()
        for field in fields.map(\.field) + descriptor.globals {
            collect(field, path: field.wireName, visiting: [], into: &result)
        }
        return result.sorted()
    }

    private func collect(_ field: FieldDescriptor, path: String, visiting: Set<String>, into result: inout Set<String>) {
        if field.pii { result.insert(path); return }
        collect(field.spec, path: path, visiting: visiting, into: &result)
    }

    private func collect(_ spec: ValueSpec, path: String, visiting: Set<String>, into result: inout Set<String>) {
        switch spec.type {
        case .array(let items):
            collect(items, path: path + "[]", visiting: visiting, into: &result)
        case .object(let name):
            guard !visiting.contains(name), let object = descriptor?.object(named: name) else { return }
            for member in object.required + object.optional {
                collect(member, path: path + "." + member.wireName, visiting: visiting.union([name]), into: &result)
            }
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp, .valueSet:
            return
        }
    }

    /// Whether a violation at `path` (`customer.email`, `lines[2].email`) is
    /// about a value that may hold personal data (or lies inside one).
    /// Paths that do not resolve against the contract count as personal data
    /// when their first name is a pii name (fail-closed).
    public func contains(path: String, event: String) -> Bool {
        let components = Self.components(of: path)
        guard case .name(let first)? = components.first else { return false }
        guard let descriptor, let field = topLevelField(first, event: event) else {
            return topLevelNames.contains(first)
        }
        if field.pii { return true }
        var spec = field.spec
        for component in components.dropFirst() {
            switch (spec.type, component) {
            case (.array(let items), .index):
                spec = items
            case (.object(let name), .name(let member)):
                guard let found = Self.member(member, of: descriptor.object(named: name)) else { return false }
                if found.pii { return true }
                spec = found.spec
            // A path that goes on past a scalar, or does not fit its value's shape, leads to no pii member.
            case (.array, .name), (.object, .index),
                (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.uuid, _), (.timestamp, _), (.valueSet, _):
                return false
            }
        }
        return false
    }

    /// The member `name` of `object` (required first, as the payload check looks it up).
    private static func member(_ name: String, of object: ObjectDescriptor?) -> FieldDescriptor? {
        guard let object else { return nil }
        if let found = object.required.first(where: { $0.wireName == name }) { return found }
        return object.optional.first(where: { $0.wireName == name })
    }

    /// `violation` as it may be shown anywhere: when its path lies in a value
    /// that may hold personal data, its message is replaced by one naming the
    /// rule only (a message the check wrote never quotes a value, but an app's
    /// own `validate()` might).
    public func withholdingDetails(of violation: Violation, event: String) -> Violation {
        guard contains(path: violation.path, event: event) else { return violation }
        return Violation(path: violation.path, code: violation.code,
                         message: "breaks the rule \(violation.code.rawValue) (may hold personal data: details withheld)")
    }

    enum PathComponent: Equatable { case name(String), index }

    /// `lines[2].email` -> name lines, index, name email.
    static func components(of path: String) -> [PathComponent] {
        var result: [PathComponent] = []
        var current = ""
        var inIndex = false
        for character in path {
            switch character {
            case "." where !inIndex:
                if !current.isEmpty { result.append(.name(current)) }
                current = ""
            case "[" where !inIndex:
                if !current.isEmpty { result.append(.name(current)) }
                current = ""
                inIndex = true
            case "]" where inIndex:
                result.append(.index)
                inIndex = false
            default:
                if !inIndex { current.append(character) }
            }
        }
        if !current.isEmpty { result.append(.name(current)) }
        return result
    }

    /// The field a top-level member of `event`'s payload is (the payload
    /// check's precedence: an event's own field over a global of the same name).
    private func topLevelField(_ name: String, event: String) -> FieldDescriptor? {
        guard let descriptor, let fields = descriptor.payloadFields(forEvent: event) else { return nil }
        return fields.first(where: { $0.field.wireName == name })?.field
            ?? descriptor.globals.first(where: { $0.wireName == name })
    }

    // MARK: Removing and redacting

    /// `payload` without any value that may hold personal data (pii members
    /// removed at every depth), and whether anything was removed.
    public func removing(from payload: JSONValue) -> (payload: JSONValue, removed: Bool) {
        var removed = false
        let result = transform(payload, removed: &removed) { _ in nil }
        return (result, removed)
    }

    /// `payload` with every value that may hold personal data replaced by
    /// `"<redacted>"`, at every depth: for logs.
    public func redacting(_ payload: JSONValue) -> JSONValue {
        var removed = false
        return transform(payload, removed: &removed) { _ in .string(RuntimeConstants.redactionMarker) }
    }

    /// An encoded payload as logs may show it: redacted, or, when it does not
    /// parse (an app-composed event that writes broken JSON), a placeholder
    /// that shows none of it (fail-closed).
    public func redactedText(of payload: [UInt8]) -> String {
        guard let parsed = try? JSONValue.parse(payload) else {
            return "<payload of \(payload.count) bytes that is not valid JSON: not shown>"
        }
        var writer = JSONWriter()
        redacting(parsed).write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The one walk behind removing and redacting: `replace` gives what a pii
    /// value becomes (`nil`: the member or item is dropped).
    private func transform(_ payload: JSONValue, removed: inout Bool, replace: (JSONValue) -> JSONValue?) -> JSONValue {
        guard case .object(let members) = payload else { return payload }
        let event: String? = if case .string(let name)? = payload[WireNames.event] { name } else { nil }
        var result: [(key: String, value: JSONValue)] = []
        result.reserveCapacity(members.count)
        for member in members {
            let field = event.flatMap { topLevelField(member.key, event: $0) }
            if field?.pii ?? topLevelNames.contains(member.key) {
                removed = true
                if let replaced = replace(member.value) { result.append((member.key, replaced)) }
            } else if let field {
                result.append((member.key, transform(member.value, spec: field.spec, removed: &removed, replace: replace)))
            } else {
                result.append(member)
            }
        }
        return .object(result)
    }

    private func transform(_ value: JSONValue, spec: ValueSpec, removed: inout Bool, replace: (JSONValue) -> JSONValue?) -> JSONValue {
        switch (spec.type, value) {
        case (.array(let items), .array(let elements)):
            return .array(elements.map { transform($0, spec: items, removed: &removed, replace: replace) })
        case (.object(let name), .object(let members)):
            guard let object = descriptor?.object(named: name) else { return value }
            var result: [(key: String, value: JSONValue)] = []
            for member in members {
                guard let field = Self.member(member.key, of: object) else {
                    result.append(member)
                    continue
                }
                if field.pii {
                    removed = true
                    if let replaced = replace(member.value) { result.append((member.key, replaced)) }
                } else {
                    result.append((member.key, transform(member.value, spec: field.spec, removed: &removed, replace: replace)))
                }
            }
            return .object(result)
        // Scalars hold no nested personal data; every type is listed (no `default:`) so a new one is decided here.
        case (.array, _), (.object, _), (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.uuid, _), (.timestamp, _),
            (.valueSet, _):
            return value
        }
    }
}

// MARK: Masking for display

extension PIIPolicy {
    /// `payload` as someone without access to personal data may see it (the
    /// collector's lists, monitor and exports), fail-closed: a value is shown
    /// only where the contract declares a value that is not personal data, and
    /// only when it has the declared shape. Everything else becomes `mask`:
    /// - pii values, at every depth (members of objects, items of arrays);
    /// - members the contract does not declare, at any depth (an app may put
    ///   anything there);
    /// - for an event the contract does not know (or a policy without a
    ///   descriptor), every member except `event`, `kind`, `contractVersion`,
    ///   and the contract's mandatory fields and globals, which every event
    ///   carries whatever its name;
    /// - an object or array where the contract declares a scalar, a scalar
    ///   where it declares an object or array, and a string that is not of the
    ///   declared form (a uuid, a timestamp, a member of the value set): it is
    ///   whatever the sender put there;
    /// - a payload that is not an object, whole.
    public func masking(_ payload: JSONValue, with mask: JSONValue) -> JSONValue {
        guard case .object(let members) = payload else { return mask }
        let event: String? = if case .string(let name)? = payload[WireNames.event] { name } else { nil }
        let known = event.flatMap { descriptor?.payloadFields(forEvent: $0) } != nil
        return .object(members.map { member -> (key: String, value: JSONValue) in
            if ContractDescriptor.reservedMembers.contains(member.key) {
                guard case .string = member.value else { return (member.key, mask) }
                return member
            }
            let field = if known, let event { topLevelField(member.key, event: event) } else { everyEventField(member.key) }
            guard let field else { return (member.key, mask) }
            return (member.key, masking(member.value, field: field, mask: mask))
        })
    }

    /// A mandatory field or global: what any event carries, whatever its name.
    private func everyEventField(_ name: String) -> FieldDescriptor? {
        guard let descriptor else { return nil }
        return descriptor.mandatory.first(where: { $0.wireName == name })
            ?? descriptor.globals.first(where: { $0.wireName == name })
    }

    private func masking(_ value: JSONValue, field: FieldDescriptor, mask: JSONValue) -> JSONValue {
        field.pii ? mask : masking(value, spec: field.spec, mask: mask)
    }

    private func masking(_ value: JSONValue, spec: ValueSpec, mask: JSONValue) -> JSONValue {
        switch (spec.type, value) {
        case (.array(let items), .array(let elements)):
            return .array(elements.map { masking($0, spec: items, mask: mask) })
        case (.object(let name), .object(let members)):
            guard let object = descriptor?.object(named: name) else { return mask }
            return .object(members.map { member -> (key: String, value: JSONValue) in
                guard let field = Self.member(member.key, of: object) else { return (member.key, mask) }
                return (member.key, masking(member.value, field: field, mask: mask))
            })
        case (.array, _), (.object, _), (_, .array), (_, .object):
            return mask
        case (.uuid, .string(let text)) where UUID(uuidString: text) == nil:
            return mask
        case (.timestamp, .string(let text)) where ISO8601Timestamp.date(from: text) == nil:
            return mask
        case (.valueSet(let name), .string(let text)) where descriptor?.valueSet(named: name)?.contains(text) != true:
            return mask
        // A scalar where the contract declares a scalar that is not personal data. Every type is
        // listed, with no `default:`: a new type must say above which of its values are malformed
        // (and so masked), or the compiler names this switch.
        case (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.uuid, _), (.timestamp, _), (.valueSet, _):
            return value
        }
    }
}
