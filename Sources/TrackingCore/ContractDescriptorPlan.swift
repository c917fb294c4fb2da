import Foundation

// The payload check's precomputed form. `validate(payload:)` runs for every
// event an app composed itself, so what depends only on the contract (which
// members an event knows, their specs, value sets and objects by name,
// compiled patterns) is worked out once per event and kept with the descriptor.

/// A value spec resolved against its descriptor: value set and object looked
/// up, pattern compiled, and which constraints can apply decided.
final class SpecPlan: Sendable {
    enum Kind: Sendable {
        case string, int, double, decimal, bool, uuid, timestamp
        case array(SpecPlan)
        /// The set's wire values (not the descriptor: one reference to copy per check, not three).
        case valueSet(Set<String>?)
        case object(ObjectPlan.Reference?)
    }

    let kind: Kind
    /// The spec itself: values the plan cannot accept outright are checked
    /// against it the general way, which reports them.
    let spec: ValueSpec
    let hasLengthBounds: Bool
    let hasNumberBounds: Bool
    /// Item counts an array may have (empty when the bounds contradict each
    /// other): counts inside need no look at the constraints.
    let itemCounts: Range<Int>
    let pattern: ContractRegex.Compiled?

    init(kind: Kind, spec: ValueSpec) {
        self.kind = kind
        self.spec = spec
        let constraints = spec.constraints
        hasLengthBounds = constraints.minLength != nil || constraints.maxLength != nil
        hasNumberBounds = constraints.minimum != nil || constraints.maximum != nil
        let fewest = max(constraints.minItems ?? 0, 0)
        let most = constraints.maxItems ?? .max
        itemCounts = fewest..<max(most == .max ? .max : most + 1, fewest)
        pattern = constraints.pattern.map(ContractRegex.compiled)
    }
}

/// An object type's members resolved to plans. Filled right after it is made
/// (objects may contain themselves), before any other thread can see it.
final class ObjectPlan: @unchecked Sendable {
    /// An object plan as spec plans hold it: the cache owns every object plan
    /// (recursive objects would otherwise keep themselves alive).
    struct Reference: @unchecked Sendable {
        unowned(unsafe) let plan: ObjectPlan
    }

    let name: String
    /// Required members, then optional ones: the first of a name is the one checked.
    private(set) var members: [(name: String, plan: SpecPlan)] = []
    private(set) var required: [String] = []

    init(name: String) { self.name = name }

    func fill(_ object: ObjectDescriptor, plan: (ValueSpec) -> SpecPlan) {
        members = (object.required + object.optional).map { ($0.wireName, plan($0.spec)) }
        required = object.required.map(\.wireName)
    }
}

/// What the payload check needs of one event: every member name the event
/// knows in wire order (a slot each), its plan and constant by slot, and the
/// required fields by slot. Saves building a dictionary of the known fields
/// and hashing every name into sets per payload.
final class PayloadTable: Sendable {
    let event: EventDescriptor
    /// Slot names: `event`, `kind`, `contractVersion`, then the event's
    /// payload fields in wire order, then the globals.
    let names: [String]
    let slots: [String: Int]
    /// `nil` for the envelope members the encoder writes itself.
    let plans: [SpecPlan?]
    let constants: [String?]
    /// Required fields in payload-field order (a name listed twice is reported twice).
    let required: [(slot: Int, wireName: String)]

    init(descriptor: ContractDescriptor, event: EventDescriptor, plan: (ValueSpec) -> SpecPlan) {
        self.event = event
        // The same precedence as a dictionary filled with the globals and then the
        // payload fields: a later entry of the same name wins.
        var known: [String: FieldDescriptor] = [:]
        for global in descriptor.globals where global.wireName != WireNames.contractVersion {
            known[global.wireName] = global
        }
        let fields = descriptor.payloadFields(forEvent: event.name) ?? []
        for entry in fields { known[entry.field.wireName] = entry.field }

        var names = ContractDescriptor.reservedMembers
        var slots = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
        var plans = [SpecPlan?](repeating: nil, count: names.count)
        var constants = [String?](repeating: nil, count: names.count)
        let candidates = fields.map(\.field.wireName) + descriptor.globals.map(\.wireName)
        for name in candidates where slots[name] == nil {
            guard let field = known[name] else { continue }  // `contractVersion` as a global
            slots[name] = names.count
            names.append(name)
            plans.append(plan(field.spec))
            constants.append(event.constants[name])
        }
        self.names = names
        self.slots = slots
        self.plans = plans
        self.constants = constants
        // Every payload field has a slot (its name is known, or is reserved).
        required = fields.filter(\.isRequired).map { (slots[$0.field.wireName]!, $0.field.wireName) }
    }
}

/// The descriptor's payload tables by event name, and the object plans they
/// share; shared by copies of the descriptor.
final class PayloadTableCache: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var tables: [String: PayloadTable] = [:]
    private var objects: [String: ObjectPlan] = [:]

    func table(forEvent name: String, in descriptor: ContractDescriptor) -> PayloadTable? {
        lock.lock()
        defer { lock.unlock() }
        if let table = tables[name] { return table }
        guard let event = descriptor.event(named: name) else { return nil }
        let table = PayloadTable(descriptor: descriptor, event: event) { plan(lockedFor: $0, in: descriptor) }
        tables[name] = table
        return table
    }

    /// The plan of one spec (object plans shared with the tables): for checks
    /// of single values, such as the globals.
    func plan(for spec: ValueSpec, in descriptor: ContractDescriptor) -> SpecPlan {
        lock.lock()
        defer { lock.unlock() }
        return plan(lockedFor: spec, in: descriptor)
    }

    /// Called with `lock` held.
    private func plan(lockedFor spec: ValueSpec, in descriptor: ContractDescriptor) -> SpecPlan {
        let kind: SpecPlan.Kind
        switch spec.type {
        case .string: kind = .string
        case .int: kind = .int
        case .double: kind = .double
        case .decimal: kind = .decimal
        case .bool: kind = .bool
        case .uuid: kind = .uuid
        case .timestamp: kind = .timestamp
        case .array(let items): kind = .array(plan(lockedFor: items, in: descriptor))
        case .valueSet(let name): kind = .valueSet(descriptor.valueSet(named: name)?.members)
        case .object(let name):
            if let known = objects[name] {
                kind = .object(ObjectPlan.Reference(plan: known))
            } else if let object = descriptor.object(named: name) {
                let made = ObjectPlan(name: name)
                objects[name] = made  // before its members, which may refer to it
                made.fill(object) { plan(lockedFor: $0, in: descriptor) }
                kind = .object(ObjectPlan.Reference(plan: made))
            } else {
                kind = .object(nil)
            }
        }
        return SpecPlan(kind: kind, spec: spec)
    }
}

extension ContractDescriptor {
    /// The one walk of the payload check, for every value at every depth: the
    /// payload's members, the globals, array items and object members. Each
    /// kind first tries to accept the value outright (the fast path: a plain
    /// string without length bounds that matches its pattern, a canonical
    /// uuid, a known value-set member...); what it does not accept goes to
    /// ``checkLeaf(_:against:path:into:)``, which words every violation. Arrays
    /// and objects are walked here only, so a constraint cannot be accepted by
    /// one path and rejected by another.
    func check(_ value: JSONValue, plan: SpecPlan, path: () -> String, into violations: inout [Violation]) {
        switch plan.kind {
        case .string:
            if case .string(let s) = value, !plan.hasLengthBounds, plan.pattern?.matches(s) ?? true { return }
        case .int:
            if case .number(let text) = value, !plan.hasNumberBounds, Int(text) != nil { return }
        case .double:
            if case .number(let text) = value, !plan.hasNumberBounds, let d = Double(text), d.isFinite { return }
        case .bool:
            if case .bool = value { return }
        case .uuid:
            if case .string(let s) = value, Self.isCanonicalUUIDText(s) { return }
        case .valueSet(let set):
            // An unknown value set accepts every string, as the leaf check does.
            if case .string(let s) = value, set.map({ ExactText.contains($0, s) }) ?? true { return }
        case .array(let items):
            guard case .array(let elements) = value else { break }
            if !plan.itemCounts.contains(elements.count) {
                ConstraintRules.check(count: elements.count, plan.spec.constraints, path: path, into: &violations)
            }
            for index in elements.indices {
                check(elements[index], plan: items, path: { GeneratedCodeSupport.path(path(), index: index) }, into: &violations)
            }
            return
        case .object(let reference):
            guard case .object(let members) = value else { break }
            // An object the descriptor does not know: any members (as before).
            guard let object = reference?.plan else { return }
            var seen = Set<String>()
            for member in members {
                func memberPath() -> String { GeneratedCodeSupport.path(path(), member.key) }
                if !seen.insert(member.key).inserted {
                    violations.append(Violation(path: memberPath(), code: .unknownField, message: RuntimeConstants.ViolationText.duplicateMember))
                    continue
                }
                guard let field = object.members.first(where: { ExactText.sameName(member.key, $0.name) }) else {
                    violations.append(Violation(path: memberPath(), code: .unknownField, message: ViolationMessage.unknownField(owner: object.name)))
                    continue
                }
                check(member.value, plan: field.plan, path: memberPath, into: &violations)
            }
            for name in object.required where !seen.contains(name) {
                violations.append(Violation(path: GeneratedCodeSupport.path(path(), name), code: .missingField, message: ViolationMessage.missingField(owner: object.name)))
            }
            return
        case .timestamp:
            if case .string(let s) = value, ISO8601Timestamp.date(from: s) != nil { return }
        case .decimal:
            break
        }
        checkLeaf(value, against: plan.spec, path: path, into: &violations)
    }
}
