import Foundation
import TrackingCore

/// Compares two validated contracts and classifies every difference
/// (``ChangeType``), each located in both versions.
///
/// Elements are matched by name. An element removed and another added in the
/// same place that are otherwise identical (a field with the same type and
/// constraints, a value set with the same values, an event with the same kind
/// and fields) is reported once, as renamed, when the match is unambiguous.
/// Order never matters: JSON members and value sets are compared as sets.
package enum ContractDiff {
    /// Every change from `old` to `new`, in the order of the new contract's sections.
    package static func changes(from old: Contract, to new: Contract) -> [ContractChange] {
        var differ = Differ(old: old, new: new)
        differ.run()
        return differ.changes
    }
}

/// One comparison's state: the rename maps found first, then the changes.
private struct Differ {
    let old: Contract
    let new: Contract
    var changes: [ContractChange] = []

    /// Old name -> new name, for elements found renamed.
    var valueSetRenames: [String: String] = [:]
    var objectRenames: [String: String] = [:]
    var kindRenames: [String: String] = [:]
    var fieldRenames: [String: String] = [:]

    init(old: Contract, new: Contract) {
        self.old = old
        self.new = new
    }

    mutating func run() {
        // Types renamed first: every comparison of field types below goes through them.
        valueSetRenames = Self.renames(old.valueSets, new.valueSets, name: \.name) { Self.wireValues($0) }
        objectRenames = Self.renames(old.objects, new.objects, name: \.name, oldKey: { self.membersShape($0, old: true) },
                                     newKey: { self.membersShape($0, old: false) })
        if old.name != new.name {
            report(.contractRenamed, "contract", old.location, new.location,
                   "contract '\(old.name)' renamed to '\(new.name)': the generated code's names change")
        }
        description(old.description, new.description, path: "contract", what: "the contract", old.location, new.location)
        valueSets()
        fieldList(old.mandatory, new.mandatory, section: "mandatory", anchor: new.location, added: .envelopeFieldAdded,
                  removed: .envelopeFieldRemoved, noun: "envelope field")
        kinds()
        fieldList(old.globals, new.globals, section: "globals", anchor: new.location, added: .globalAdded,
                  removed: .globalRemoved, noun: "global")
        objects()
        fieldList(old.fields, new.fields, section: "fields", anchor: new.location, added: .fieldAdded,
                  removed: .fieldRemoved, noun: "field", renames: \.fieldRenames)
        events()
    }

    mutating func report(_ rule: ChangeType, _ path: String, _ oldAt: SourceLocation?, _ newAt: SourceLocation?,
                         anchor: SourceLocation? = nil, _ message: String) {
        changes.append(ContractChange(rule, path: path, old: oldAt, new: newAt, anchor: newAt ?? anchor ?? new.location, message: message))
    }

    // MARK: Descriptions, deprecation, metadata

    mutating func description(_ a: String?, _ b: String?, path: String, what: String, _ oldAt: SourceLocation, _ newAt: SourceLocation) {
        guard a != b else { return }
        let verb = a == nil ? "added" : b == nil ? "removed" : "changed"
        report(.descriptionChanged, path, oldAt, newAt, "description of \(what) \(verb)")
    }

    mutating func deprecation(_ a: String?, _ b: String?, path: String, what: String, _ oldAt: SourceLocation, _ newAt: SourceLocation) {
        switch (a, b) {
        case (nil, let message?):
            report(.deprecationAdded, path, oldAt, newAt, "\(what) deprecated: \(message)")
        case (_?, nil):
            report(.deprecationRemoved, path, oldAt, newAt, "\(what) no longer deprecated")
        case let (x?, y?) where x != y:
            report(.deprecationChanged, path, oldAt, newAt, "deprecation message of \(what) changed")
        default:
            break
        }
    }

    /// Reports, per code target, a kind's, object's or event's name in code
    /// changed (by `names:`) while its contract name stayed: breaking for
    /// that target's source only (``CodeTarget/nameChangeType``).
    mutating func targetNames(_ noun: String, _ a: NamedElement, _ b: NamedElement, oldName: String, newName: String,
                              path: String, _ oldAt: SourceLocation, _ newAt: SourceLocation) {
        guard oldName == newName else { return }  // a rename says so already
        for target in CodeTargets.all {
            let (before, after) = (target.name(of: a, in: old), target.name(of: b, in: new))
            guard before != after else { continue }
            report(target.nameChangeType, path, oldAt, newAt,
                   "\(target.displayName) name of \(noun) '\(newName)' changed from \(before) to \(after) (\(target.chosenNameKey)); the wire name stays")
        }
    }

    // MARK: Value sets

    mutating func valueSets() {
        let oldByName = Dictionary(old.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let removed = old.valueSets.filter { newByName[$0.name] == nil }
        for a in removed {
            guard let newName = valueSetRenames[a.name], let b = newByName[newName] else { continue }
            report(.valueSetRenamed, "valueSets.\(b.name)", a.location, b.location,
                   "value set '\(a.name)' renamed to '\(b.name)' (same values): the generated enum's name changes")
            description(a.description, b.description, path: "valueSets.\(b.name)", what: "value set '\(b.name)'", a.location, b.location)
            cases(a, b)
        }
        let renamedFrom = Self.inverse(valueSetRenames)
        for set in removed where valueSetRenames[set.name] == nil {
            report(.valueSetRemoved, "valueSets.\(set.name)", set.location, nil, "value set '\(set.name)' removed")
        }
        for set in new.valueSets {
            guard let before = oldByName[set.name] else {
                if renamedFrom[set.name] == nil {
                    report(.valueSetAdded, "valueSets.\(set.name)", nil, set.location,
                           "value set '\(set.name)' added (\(set.cases.count) value\(set.cases.count == 1 ? "" : "s"))")
                }
                continue
            }
            description(before.description, set.description, path: "valueSets.\(set.name)", what: "value set '\(set.name)'",
                        before.location, set.location)
            cases(before, set)
        }
    }

    static func wireValues(_ set: ValueSet) -> Set<String> { Set(set.cases.map(\.wireValue)) }

    mutating func cases(_ a: ValueSet, _ b: ValueSet) {
        let path = "valueSets.\(b.name)"
        let oldByCode = Dictionary(a.cases.map { ($0.code, $0) }, uniquingKeysWith: { x, _ in x })
        let newByCode = Dictionary(b.cases.map { ($0.code, $0) }, uniquingKeysWith: { x, _ in x })
        // New codes that are not old codes, by wire value: where a renamed code is found.
        var newCodesByWire: [String: ValueSetCase] = [:]
        for item in b.cases where oldByCode[item.code] == nil { newCodesByWire[item.wireValue] = newCodesByWire[item.wireValue] ?? item }
        var renamedNewCodes = Set<String>()
        for item in a.cases {
            if let now = newByCode[item.code] {
                if now.wireValue != item.wireValue {
                    report(.valueWireValueChanged, "\(path).\(item.code)", item.location, now.location,
                           "value '\(item.code)' of \(b.name) is sent as '\(now.wireValue)' instead of '\(item.wireValue)'")
                }
            } else if let now = newCodesByWire[item.wireValue], !renamedNewCodes.contains(now.code) {
                renamedNewCodes.insert(now.code)
                report(.valueCodeRenamed, "\(path).\(now.code)", item.location, now.location,
                       "code '\(item.code)' of \(b.name) renamed to '\(now.code)' (same wire value '\(now.wireValue)'): the generated enum case changes")
            } else {
                report(.valueRemoved, "\(path).\(item.code)", item.location, nil, anchor: b.location,
                       "value '\(item.wireValue)' removed from \(b.name)")
            }
        }
        for item in b.cases where oldByCode[item.code] == nil && !renamedNewCodes.contains(item.code) {
            report(.valueAdded, "\(path).\(item.code)", nil, item.location,
                   "value '\(item.wireValue)' added to \(b.name): exhaustive switches over \(b.name) stop compiling")
        }
    }

    // MARK: Kinds

    mutating func kinds() {
        let oldByName = Dictionary(old.kinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.kinds.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let removed = old.kinds.filter { newByName[$0.name] == nil }
        let added = new.kinds.filter { oldByName[$0.name] == nil }
        let pairs = Self.uniquePairs(removed, added, oldKey: { $0.mandatory.map { self.namedShape($0, old: true) } },
                                     newKey: { $0.mandatory.map { self.namedShape($0, old: false) } })
        for (a, b) in pairs {
            kindRenames[a.name] = b.name
            report(.kindRenamed, "kinds.\(b.name)", a.location, b.location,
                   "kind '\(a.name)' renamed to '\(b.name)': every event of it sends another 'kind'")
        }
        let renamedFrom = Self.inverse(kindRenames)
        for kind in removed where kindRenames[kind.name] == nil {
            report(.kindRemoved, "kinds.\(kind.name)", kind.location, nil, "kind '\(kind.name)' removed")
        }
        for kind in new.kinds {
            guard let before = oldByName[kind.name] ?? renamedFrom[kind.name].flatMap({ oldByName[$0] }) else {
                report(.kindAdded, "kinds.\(kind.name)", nil, kind.location, "kind '\(kind.name)' added")
                continue
            }
            targetNames("kind", .kind(before), .kind(kind), oldName: before.name, newName: kind.name, path: "kinds.\(kind.name)", before.location, kind.location)
            description(before.description, kind.description, path: "kinds.\(kind.name)", what: "kind '\(kind.name)'", before.location, kind.location)
            fieldList(before.mandatory, kind.mandatory, section: "kinds.\(kind.name)", anchor: kind.location,
                      added: .kindFieldAdded, removed: .kindFieldRemoved, noun: "mandatory field", owner: " of kind '\(kind.name)'")
        }
    }

    // MARK: Objects

    mutating func objects() {
        let oldByName = Dictionary(old.objects.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.objects.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let removed = old.objects.filter { newByName[$0.name] == nil }
        for a in removed {
            guard let newName = objectRenames[a.name], let b = newByName[newName] else { continue }
            report(.objectRenamed, "objects.\(b.name)", a.location, b.location,
                   "object '\(a.name)' renamed to '\(b.name)' (same members): the generated struct's name changes")
        }
        let renamedFrom = Self.inverse(objectRenames)
        for object in removed where objectRenames[object.name] == nil {
            report(.objectRemoved, "objects.\(object.name)", object.location, nil, "object '\(object.name)' removed")
        }
        for object in new.objects {
            guard let before = oldByName[object.name] ?? renamedFrom[object.name].flatMap({ oldByName[$0] }) else {
                report(.objectAdded, "objects.\(object.name)", nil, object.location, "object '\(object.name)' added")
                continue
            }
            targetNames("object", .object(before), .object(object), oldName: before.name, newName: object.name, path: "objects.\(object.name)",
                      before.location, object.location)
            description(before.description, object.description, path: "objects.\(object.name)", what: "object '\(object.name)'",
                        before.location, object.location)
            members(before, object)
        }
    }

    /// An object's members as rename matching sees them.
    func membersShape(_ object: ObjectType, old: Bool) -> [[NamedShape]] {
        [object.required.map { namedShape($0, old: old) }, object.optional.map { namedShape($0, old: old) }]
    }

    mutating func members(_ a: ObjectType, _ b: ObjectType) {
        let section = "objects.\(b.name)"
        let oldRequired = Set(a.required.map(\.wireName))
        let newRequired = Set(b.required.map(\.wireName))
        let oldAll = a.required + a.optional
        let newAll = b.required + b.optional
        let oldByName = Dictionary(oldAll.map { ($0.wireName, $0) }, uniquingKeysWith: { x, _ in x })
        let newByName = Dictionary(newAll.map { ($0.wireName, $0) }, uniquingKeysWith: { x, _ in x })
        let removed = oldAll.filter { newByName[$0.wireName] == nil }
        let added = newAll.filter { oldByName[$0.wireName] == nil }
        let renamed = renames(removed, added, section: section, noun: "member", owner: " of object '\(b.name)'")
        let renamedFrom = Self.inverse(renamed)
        for field in removed where renamed[field.wireName] == nil {
            report(.memberRemoved, "\(section).\(field.wireName)", field.location, nil, anchor: b.location,
                   "member '\(field.wireName)' removed from object '\(b.name)'")
        }
        for field in newAll {
            let beforeName = renamedFrom[field.wireName] ?? field.wireName
            let isRequired = newRequired.contains(field.wireName)
            guard let before = oldByName[beforeName] else {
                if isRequired {
                    report(.memberAddedRequired, "\(section).\(field.wireName)", nil, field.location,
                           "required member '\(field.wireName)' added to object '\(b.name)'")
                } else {
                    report(.memberAddedOptional, "\(section).\(field.wireName)", nil, field.location,
                           "optional member '\(field.wireName)' added to object '\(b.name)'")
                }
                continue
            }
            let wasRequired = oldRequired.contains(beforeName)
            if wasRequired && !isRequired {
                report(.memberBecameOptional, "\(section).\(field.wireName)", before.location, field.location,
                       "member '\(field.wireName)' of object '\(b.name)' became optional: the generated property becomes optional")
            } else if !wasRequired && isRequired {
                report(.memberBecameRequired, "\(section).\(field.wireName)", before.location, field.location,
                       "member '\(field.wireName)' of object '\(b.name)' became required")
            }
            compare(before, field, path: "\(section).\(field.wireName)")
        }
    }

    // MARK: Field lists (envelope, kinds, globals, curated fields)

    mutating func fieldList(_ a: [Field], _ b: [Field], section: String, anchor: SourceLocation, added: ChangeType,
                            removed: ChangeType, noun: String, owner: String = "", renames renameMap: WritableKeyPath<Differ, [String: String]>? = nil) {
        let oldByName = Dictionary(a.map { ($0.wireName, $0) }, uniquingKeysWith: { x, _ in x })
        let newByName = Dictionary(b.map { ($0.wireName, $0) }, uniquingKeysWith: { x, _ in x })
        let gone = a.filter { newByName[$0.wireName] == nil }
        let fresh = b.filter { oldByName[$0.wireName] == nil }
        let renamed = renames(gone, fresh, section: section, noun: noun, owner: owner)
        if let renameMap { self[keyPath: renameMap] = renamed }
        let renamedFrom = Self.inverse(renamed)
        for field in gone where renamed[field.wireName] == nil {
            report(removed, "\(section).\(field.wireName)", field.location, nil, anchor: anchor,
                   "\(noun) '\(field.wireName)'\(owner) removed\(usage(ofRemovedField: field.wireName, rule: removed))")
        }
        for field in b {
            let beforeName = renamedFrom[field.wireName] ?? field.wireName
            guard let before = oldByName[beforeName] else {
                report(added, "\(section).\(field.wireName)", nil, field.location, "\(noun) '\(field.wireName)'\(owner) added")
                continue
            }
            compare(before, field, path: "\(section).\(field.wireName)")
        }
    }

    /// For a curated field: which old events listed it (their references are reported too).
    func usage(ofRemovedField name: String, rule: ChangeType) -> String {
        guard rule == .fieldRemoved else { return "" }
        let users = old.events.filter { event in (event.required + event.optional).contains { $0.name == name } }.map(\.name)
        return users.isEmpty ? "" : " (was used by \(users.joined(separator: ", ")))"
    }

    /// Pairs removed and added fields that are the same but for the wire name, reporting each pair.
    mutating func renames(_ removed: [Field], _ added: [Field], section: String, noun: String, owner: String) -> [String: String] {
        var map: [String: String] = [:]
        for (a, b) in Self.uniquePairs(removed, added, oldKey: { self.shape($0, old: true) }, newKey: { self.shape($0, old: false) }) {
            map[a.wireName] = b.wireName
            // Only the wire changes when every target's name in code stays; the message names the default target's.
            let sameInCode = CodeTargets.all.allSatisfy { $0.name(of: .field(a), in: old) == $0.name(of: .field(b), in: new) }
            if sameInCode {
                let target = CodeTargets.defaultTarget
                report(.wireNameChanged, "\(section).\(b.wireName)", a.location, b.location,
                       "\(noun) '\(a.wireName)'\(owner) is sent as '\(b.wireName)' (same type; the \(target.displayName) name \(target.name(of: .field(b), in: new)) stays)")
            } else {
                report(.fieldRenamed, "\(section).\(b.wireName)", a.location, b.location,
                       "\(noun) '\(a.wireName)'\(owner) renamed to '\(b.wireName)' (same type and constraints)")
            }
        }
        return map
    }

    /// What a field is but for its wire name, location and prose; old
    /// fields' type names are mapped through the renames, so equal shapes
    /// mean the same field.
    struct FieldShape: Hashable {
        var spec: ValueSpec
        var pii: Bool
        var defaultValue: JSONValue?
    }

    struct NamedShape: Hashable {
        var wireName: String
        var shape: FieldShape
    }

    func shape(_ field: Field, old: Bool) -> FieldShape {
        FieldShape(spec: old ? renamed(field.spec) : field.spec, pii: field.pii, defaultValue: field.defaultValue)
    }

    func namedShape(_ field: Field, old: Bool) -> NamedShape {
        NamedShape(wireName: field.wireName, shape: shape(field, old: old))
    }

    /// An old spec with its value set and object names as the new contract calls them.
    func renamed(_ spec: ValueSpec) -> ValueSpec {
        switch spec.type {
        case .valueSet(let name): ValueSpec(.valueSet(valueSetRenames[name] ?? name), spec.constraints)
        case .object(let name): ValueSpec(.object(objectRenames[name] ?? name), spec.constraints)
        case .array(let items): ValueSpec(.array(items: renamed(items)), spec.constraints)
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp: spec
        }
    }

    func sameSpec(_ a: ValueSpec, _ b: ValueSpec) -> Bool {
        renamed(a) == b
    }

    /// Types are equal modulo the value sets and objects found renamed.
    func sameType(_ a: ValueType, _ b: ValueType) -> Bool {
        switch (a, b) {
        case let (.valueSet(x), .valueSet(y)): (valueSetRenames[x] ?? x) == y
        case let (.object(x), .object(y)): (objectRenames[x] ?? x) == y
        case let (.array(x), .array(y)): sameSpec(x, y)
        default: a == b
        }
    }

    // MARK: One field, both versions

    mutating func compare(_ a: Field, _ b: Field, path: String) {
        let what = "'\(path)'"
        if a.wireName == b.wireName {
            for target in CodeTargets.all {
                let (before, after) = (target.name(of: .field(a), in: old), target.name(of: .field(b), in: new))
                guard before != after else { continue }
                report(target.nameChangeType, path, a.location, b.location,
                       "\(target.displayName) name of \(what) changed from \(before) to \(after) (\(target.chosenNameKey)); the wire name stays")
            }
        }
        spec(a.spec, b.spec, path: path, oldAt: a.location, newAt: b.location)
        if a.pii != b.pii {
            if b.pii {
                report(.piiAdded, path, a.location, b.location,
                       "privacy: \(what) now holds personal data: history needs erasure and retention rules, and payloads lose it without consent")
            } else {
                report(.piiRemoved, path, a.location, b.location,
                       "privacy: \(what) no longer marked as personal data: it will be logged and kept without consent; review it")
            }
        }
        switch (a.defaultValue, b.defaultValue) {
        case (nil, let value?):
            report(.defaultAdded, path, a.location, b.location, "default \(Self.json(value)) added to \(what)")
        case (let value?, nil):
            report(.defaultRemoved, path, a.location, b.location, "default \(Self.json(value)) of \(what) removed: the member may now be absent")
        case let (x?, y?) where x != y:
            report(.defaultChanged, path, a.location, b.location, "default of \(what) changed from \(Self.json(x)) to \(Self.json(y))")
        default:
            break
        }
        deprecation(a.deprecated, b.deprecated, path: path, what: what, a.location, b.location)
        description(a.description, b.description, path: path, what: what, a.location, b.location)
    }

    static func json(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        value.write(to: &writer)
        return writer.string
    }

    mutating func spec(_ a: ValueSpec, _ b: ValueSpec, path: String, oldAt: SourceLocation, newAt: SourceLocation) {
        if case .array(let x) = a.type, case .array(let y) = b.type {
            constraints(a.constraints, b.constraints, path: path, oldAt: oldAt, newAt: newAt)
            spec(x, y, path: path + "[]", oldAt: oldAt, newAt: newAt)
            return
        }
        guard sameType(a.type, b.type) else {
            report(.typeChanged, path, oldAt, newAt, "type of '\(path)' changed from \(Self.typeName(a.type)) to \(Self.typeName(b.type))")
            return  // constraints of another type are not comparable
        }
        constraints(a.constraints, b.constraints, path: path, oldAt: oldAt, newAt: newAt)
    }

    static func typeName(_ type: ValueType) -> String {
        if case .array(let items) = type { return "array of \(typeName(items.type))" }
        return type.contractName
    }

    mutating func constraints(_ a: FieldConstraints, _ b: FieldConstraints, path: String, oldAt: SourceLocation, newAt: SourceLocation) {
        func bound<T: Comparable>(_ name: String, _ x: T?, _ y: T?, lowerBound: Bool, text: (T) -> String) {
            let rule: ChangeType
            switch (x, y) {
            case (nil, nil): return
            case (nil, _?): rule = .constraintTightened
            case (_?, nil): rule = .constraintLoosened
            case let (p?, q?):
                guard p != q else { return }
                rule = (q > p) == lowerBound ? .constraintTightened : .constraintLoosened
            }
            let from = x.map(text) ?? "none"
            let to = y.map(text) ?? "none"
            let verb = rule == .constraintTightened ? "tightened" : "loosened"
            report(rule, "\(path).\(name)", oldAt, newAt, "\(name) of '\(path)' \(verb): \(from) -> \(to)")
        }
        bound("minLength", a.minLength, b.minLength, lowerBound: true, text: String.init)
        bound("maxLength", a.maxLength, b.maxLength, lowerBound: false, text: String.init)
        bound("minimum", a.minimum, b.minimum, lowerBound: true, text: { "\($0)" })
        bound("maximum", a.maximum, b.maximum, lowerBound: false, text: { "\($0)" })
        bound("minItems", a.minItems, b.minItems, lowerBound: true, text: String.init)
        bound("maxItems", a.maxItems, b.maxItems, lowerBound: false, text: String.init)
        switch (a.pattern, b.pattern) {
        case (nil, let p?):
            report(.constraintTightened, "\(path).pattern", oldAt, newAt, "pattern '\(p)' added to '\(path)'")
        case (let p?, nil):
            report(.constraintLoosened, "\(path).pattern", oldAt, newAt, "pattern '\(p)' of '\(path)' removed")
        case let (p?, q?) where p != q:
            report(.patternChanged, "\(path).pattern", oldAt, newAt,
                   "pattern of '\(path)' changed from '\(p)' to '\(q)': values the old one accepted may be rejected")
        default:
            break
        }
    }

    // MARK: Events

    mutating func events() {
        let oldByName = Dictionary(old.events.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newByName = Dictionary(new.events.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let removed = old.events.filter { newByName[$0.name] == nil }
        let added = new.events.filter { oldByName[$0.name] == nil }
        let pairs = Self.uniquePairs(removed, added, oldKey: { self.eventShape($0, old: true) }, newKey: { self.eventShape($0, old: false) })
        var eventRenames: [String: String] = [:]
        for (a, b) in pairs {
            eventRenames[a.name] = b.name
            report(.eventRenamed, "events.\(b.name)", a.location, b.location,
                   "event '\(a.name)' renamed to '\(b.name)' (same kind and fields): payloads carry another 'event'")
        }
        let renamedFrom = Self.inverse(eventRenames)
        for event in removed where eventRenames[event.name] == nil {
            report(.eventRemoved, "events.\(event.name)", event.location, nil, "event '\(event.name)' removed")
        }
        for event in new.events {
            guard let before = oldByName[event.name] ?? renamedFrom[event.name].flatMap({ oldByName[$0] }) else {
                report(.eventAdded, "events.\(event.name)", nil, event.location, "event '\(event.name)' (\(event.kind)) added")
                continue
            }
            compare(before, event)
        }
    }

    /// What an event is but for its name, for rename matching.
    struct EventShape: Hashable {
        var kind: String
        var required: Set<String>
        var optional: Set<String>
        var constants: [String: String]
    }

    func eventShape(_ event: Event, old: Bool) -> EventShape {
        func name(_ reference: FieldReference) -> String { old ? fieldRenames[reference.name] ?? reference.name : reference.name }
        return EventShape(kind: old ? kindRenames[event.kind] ?? event.kind : event.kind, required: Set(event.required.map(name)),
                          optional: Set(event.optional.map(name)), constants: constantWireValues(event, in: old ? self.old : new))
    }

    /// The event's constants as wire values, by field: codes may be renamed while the wire stays.
    func constantWireValues(_ event: Event, in contract: Contract) -> [String: String] {
        var result: [String: String] = [:]
        let kind = contract.kinds.first { $0.name == event.kind }
        for constant in event.constants {
            var wire = constant.code
            if let field = kind?.mandatory.first(where: { $0.wireName == constant.field }), case .valueSet(let setName) = field.spec.type,
               let set = contract.valueSets.first(where: { $0.name == setName }),
               let item = set.cases.first(where: { $0.code == constant.code }) {
                wire = item.wireValue
            }
            result[constant.field] = wire
        }
        return result
    }

    mutating func compare(_ a: Event, _ b: Event) {
        let path = "events.\(b.name)"
        targetNames("event", .event(a), .event(b), oldName: a.name, newName: b.name, path: path, a.location, b.location)
        if (kindRenames[a.kind] ?? a.kind) != b.kind {
            report(.eventKindChanged, path, a.location, b.location, "event '\(b.name)' changed kind from \(a.kind) to \(b.kind)")
        }
        // Constants.
        let oldConstants = constantWireValues(a, in: old)
        let newConstants = constantWireValues(b, in: new)
        for constant in b.constants {
            let at = constant.location
            guard let was = oldConstants[constant.field] else {
                report(.eventConstantAdded, "\(path).\(constant.field)", a.location, at,
                       "event '\(b.name)' now always sends \(constant.field) '\(newConstants[constant.field] ?? constant.code)'")
                continue
            }
            let now = newConstants[constant.field] ?? constant.code
            if was != now {
                let oldAt = a.constants.first { $0.field == constant.field }?.location ?? a.location
                report(.eventConstantChanged, "\(path).\(constant.field)", oldAt, at,
                       "event '\(b.name)' sends \(constant.field) '\(now)' instead of '\(was)'")
            }
        }
        for constant in a.constants where newConstants[constant.field] == nil {
            report(.eventConstantRemoved, "\(path).\(constant.field)", constant.location, b.location,
                   "event '\(b.name)' no longer fixes \(constant.field) (was '\(oldConstants[constant.field] ?? constant.code)'): the app supplies it")
        }
        // Field references, through curated fields found renamed.
        let oldRequired = Dictionary(a.required.map { (fieldRenames[$0.name] ?? $0.name, $0) }, uniquingKeysWith: { x, _ in x })
        let oldOptional = Dictionary(a.optional.map { (fieldRenames[$0.name] ?? $0.name, $0) }, uniquingKeysWith: { x, _ in x })
        let newRequired = Set(b.required.map(\.name))
        let newOptional = Set(b.optional.map(\.name))
        for reference in b.required + b.optional {
            let isRequired = newRequired.contains(reference.name)
            let fieldPath = "\(path).\(reference.name)"
            if let before = oldRequired[reference.name] {
                if !isRequired {
                    report(.eventFieldBecameOptional, fieldPath, before.location, reference.location,
                           "field '\(reference.name)' of event '\(b.name)' became optional: the generated property becomes optional")
                }
            } else if let before = oldOptional[reference.name] {
                if isRequired {
                    report(.eventFieldBecameRequired, fieldPath, before.location, reference.location,
                           "field '\(reference.name)' of event '\(b.name)' became required")
                }
            } else if isRequired {
                report(.eventFieldAddedRequired, fieldPath, nil, reference.location, "required field '\(reference.name)' added to event '\(b.name)'")
            } else {
                report(.eventFieldAddedOptional, fieldPath, nil, reference.location, "optional field '\(reference.name)' added to event '\(b.name)'")
            }
        }
        for (name, reference) in (oldRequired.merging(oldOptional) { x, _ in x }).sorted(by: { $0.value.location < $1.value.location })
        where !newRequired.contains(name) && !newOptional.contains(name) {
            report(.eventFieldRemoved, "\(path).\(name)", reference.location, nil, anchor: b.location,
                   "field '\(reference.name)' removed from event '\(b.name)'")
        }
        deprecation(a.deprecated, b.deprecated, path: path, what: "event '\(b.name)'", a.location, b.location)
        description(a.description, b.description, path: path, what: "event '\(b.name)'", a.location, b.location)
    }

    // MARK: Matching

    /// New name -> old name.
    static func inverse(_ renames: [String: String]) -> [String: String] {
        Dictionary(renames.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
    }

    /// Pairs of (removed, added) elements with equal keys, each key held by
    /// exactly one removed and one added element (an ambiguous match is no match).
    static func uniquePairs<T, Key: Hashable>(_ removed: [T], _ added: [T], oldKey: (T) -> Key, newKey: (T) -> Key) -> [(T, T)] {
        guard !removed.isEmpty, !added.isEmpty else { return [] }
        var addedByKey: [Key: [T]] = [:]
        for element in added { addedByKey[newKey(element), default: []].append(element) }
        var removedCount: [Key: Int] = [:]
        let removedKeys = removed.map(oldKey)
        for key in removedKeys { removedCount[key, default: 0] += 1 }
        var pairs: [(T, T)] = []
        for (element, key) in zip(removed, removedKeys) where removedCount[key] == 1 {
            guard let candidates = addedByKey[key], candidates.count == 1 else { continue }
            pairs.append((element, candidates[0]))
        }
        return pairs
    }

    /// Old name -> new name for the elements of a section found renamed.
    static func renames<T, Key: Hashable>(_ old: [T], _ new: [T], name: (T) -> String, oldKey: (T) -> Key, newKey: (T) -> Key) -> [String: String] {
        let oldNames = Set(old.map(name))
        let newNames = Set(new.map(name))
        let removed = old.filter { !newNames.contains(name($0)) }
        let added = new.filter { !oldNames.contains(name($0)) }
        var result: [String: String] = [:]
        for (a, b) in uniquePairs(removed, added, oldKey: oldKey, newKey: newKey) { result[name(a)] = name(b) }
        return result
    }

    static func renames<T, Key: Hashable>(_ old: [T], _ new: [T], name: (T) -> String, key: (T) -> Key) -> [String: String] {
        renames(old, new, name: name, oldKey: key, newKey: key)
    }
}
