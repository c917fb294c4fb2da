import Foundation

extension ContractDescriptor {
    /// Members every payload has besides its fields, written by the encoder
    /// (the first slots of every ``PayloadTable``, in this order).
    static let reservedMembers = WireNames.encoderMembers

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
        guard let (members, eventName, table) = checkHeader(of: payload, lookUp: payloadTable(forEvent:),
                                                             kind: \.event.kind, into: &violations) else {
            return violations
        }

        // Which slots (member names the event knows) were seen; names it does not
        // know are rare and kept in a set made only when one turns up.
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: table.names.count) { seen in
            seen.initialize(repeating: false)
            var unknown: Set<String> = []
            // Encoders write members in the table's order, so the slot after the
            // last one matched is tried before hashing the name.
            var guess = 0
            for member in members {
                let slot: Int
                if guess < table.names.count, ExactText.sameName(member.key, table.names[guess]) {
                    slot = guess
                } else if let found = table.slots[member.key], ExactText.sameName(member.key, table.names[found]) {
                    slot = found
                } else {
                    if !unknown.insert(member.key).inserted {
                        violations.append(Violation(path: member.key, code: .unknownField, message: RuntimeConstants.ViolationText.duplicateMember))
                    } else {
                        violations.append(Violation(path: member.key, code: .unknownField, message: ViolationMessage.unknownField(owner: eventName)))
                    }
                    continue
                }
                guess = slot + 1
                if seen[slot] {
                    violations.append(Violation(path: member.key, code: .unknownField, message: RuntimeConstants.ViolationText.duplicateMember))
                    continue
                }
                seen[slot] = true
                guard let plan = table.plans[slot] else { continue }  // a reserved member
                if let constant = table.constants[slot], case .string(let actual) = member.value, !ExactText.same(actual, constant) {
                    violations.append(Violation(path: member.key, code: .constantMismatch, message: ViolationMessage.constantMismatch(constant: "'\(constant)'", owner: eventName)))
                    continue
                }
                check(member.value, plan: plan, path: { member.key }, into: &violations)
            }
            for required in table.required where !seen[required.slot] {
                violations.append(Violation(path: required.wireName, code: .missingField, message: ViolationMessage.missingField(owner: eventName)))
            }
        }
        return violations
    }

    /// The start of every payload check: the payload is an object whose `event`
    /// names an event `lookUp` knows, with a matching `kind` and a string
    /// `contractVersion`. Returns the members, the event's name and what `lookUp`
    /// found, or `nil` when the check cannot go on (its violation is then in
    /// `violations`).
    func checkHeader<Event>(of payload: JSONValue, lookUp: (String) -> Event?, kind: (Event) -> String,
                            into violations: inout [Violation])
        -> (members: [(key: String, value: JSONValue)], eventName: String, event: Event)? {
        guard case .object(let members) = payload else {
            violations.append(Violation(path: "", code: .wrongType, message: ViolationMessage.wrongType(expected: RuntimeConstants.ExpectedType.object, found: Self.describe(payload))))
            return nil
        }
        guard let eventValue = payload[WireNames.event] else {
            violations.append(Violation(path: WireNames.event, code: .missingField, message: ViolationMessage.missingField(owner: "contract " + name)))
            return nil
        }
        guard case .string(let eventName) = eventValue else {
            violations.append(Violation(path: WireNames.event, code: .wrongType, message: ViolationMessage.wrongType(expected: RuntimeConstants.ExpectedType.string, found: Self.describe(eventValue))))
            return nil
        }
        // Event names are ASCII: a name that is not finds no event, whatever Swift's `String` hashing equates.
        guard ExactText.isASCII(eventName), let event = lookUp(eventName) else {
            violations.append(Violation(path: WireNames.event, code: .unknownEvent, message: ViolationMessage.unknownEvent(contract: name)))
            return nil
        }
        let eventKind = kind(event)
        switch payload[WireNames.kind] {
        case nil:
            violations.append(Violation(path: WireNames.kind, code: .missingField, message: ViolationMessage.missingField(owner: eventName)))
        case .string(let actual)? where ExactText.sameName(actual, eventKind):
            break
        case .string?:
            violations.append(Violation(path: WireNames.kind, code: .constantMismatch, message: ViolationMessage.constantMismatch(constant: eventKind, owner: eventName)))
        case let other?:
            violations.append(Violation(path: WireNames.kind, code: .wrongType, message: ViolationMessage.wrongType(expected: RuntimeConstants.ExpectedType.string, found: Self.describe(other))))
        }
        switch payload[WireNames.contractVersion] {
        case nil:
            violations.append(Violation(path: WireNames.contractVersion, code: .missingField, message: ViolationMessage.missingField(owner: eventName)))
        case .string?:
            break
        case let other?:
            violations.append(Violation(path: WireNames.contractVersion, code: .wrongType, message: ViolationMessage.wrongType(expected: RuntimeConstants.ExpectedType.string, found: Self.describe(other))))
        }
        return (members, eventName, event)
    }

    /// Checks one value against its spec; `path` names it in violations.
    public func check(_ value: JSONValue, against spec: ValueSpec, path: String, into violations: inout [Violation]) {
        check(value, plan: payloadTables.plan(for: spec, in: self), path: { path }, into: &violations)
    }

    /// Words every violation of a value that is not a container, and the wrong
    /// type of a container; ``check(_:plan:path:into:)`` calls it for what its
    /// fast paths do not accept, and walks arrays and objects itself. `path`
    /// makes the value's name, called only when there is a violation to report.
    func checkLeaf(_ value: JSONValue, against spec: ValueSpec, path: () -> String, into violations: inout [Violation]) {
        func wrongType(_ expected: String) {
            violations.append(Violation(path: path(), code: .wrongType, message: ViolationMessage.wrongType(expected: expected, found: Self.describe(value))))
        }
        switch spec.type {
        case .string:
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.string) }
            ConstraintRules.check(string: s, spec.constraints, path: path, into: &violations)
        case .int:
            guard case .number(let text) = value, let n = Int(text) else { return wrongType(RuntimeConstants.ExpectedType.int) }
            ConstraintRules.check(int: n, spec.constraints, path: path, into: &violations)
        case .double:
            guard case .number(let text) = value, let d = Double(text) else { return wrongType(RuntimeConstants.ExpectedType.double) }
            ConstraintRules.check(double: d, spec.constraints, path: path, into: &violations)
        case .decimal:
            guard case .number(let text) = value else { return wrongType(RuntimeConstants.ExpectedType.decimal) }
            ConstraintRules.check(decimal: GeneratedCodeSupport.decimal(text), spec.constraints, path: path, into: &violations)
        case .bool:
            guard case .bool = value else { return wrongType(RuntimeConstants.ExpectedType.bool) }
        case .uuid:
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.uuid) }
            if !Self.isUUIDText(s) {
                violations.append(Violation(path: path(), code: .badFormat, message: ViolationMessage.badFormat(format: RuntimeConstants.Format.uuid)))
            }
        case .timestamp:
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.timestamp) }
            if ISO8601Timestamp.date(from: s) == nil {
                violations.append(Violation(path: path(), code: .badFormat, message: ViolationMessage.badFormat(format: RuntimeConstants.Format.timestamp)))
            }
        case .array:
            guard case .array = value else { return wrongType(RuntimeConstants.ExpectedType.array) }
        case .valueSet(let setName):
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.valueSet + " " + setName) }
            if let set = valueSet(named: setName), !set.contains(s) {
                violations.append(Violation(path: path(), code: .notInValueSet, message: ViolationMessage.notInValueSet(valueSet: setName)))
            }
        case .object(let objectName):
            guard case .object = value else { return wrongType(RuntimeConstants.ExpectedType.object + " " + objectName) }
        }
    }

    /// Whether `text` is a UUID as the check has always decided it: 36 UTF-8
    /// bytes that `UUID(uuidString:)` accepts. Foundation on Linux parses with
    /// `sscanf`, which cost more than the rest of a uuid field's check, so the
    /// canonical form is accepted here first; anything else (which `sscanf` may
    /// still accept, such as a `+` or a space inside a group) goes to Foundation.
    static func isUUIDText(_ text: String) -> Bool {
        isCanonicalUUIDText(text) || (text.utf8.count == 36 && UUID(uuidString: text) != nil)
    }

    /// 36 ASCII characters: hex digits of either case in groups 8-4-4-4-12 joined by `-`.
    static func isCanonicalUUIDText(_ text: String) -> Bool {
        // Read in place (no copy of the string, no index per byte): every uuid field is checked.
        guard text.utf8.count == 36 else { return false }
        return text.utf8.withContiguousStorageIfAvailable(isCanonicalUUID) ?? isCanonicalUUID(Array(text.utf8))
    }

    /// `isCanonicalUUIDText` of UTF-8 bytes.
    static func isCanonicalUUID(_ bytes: some RandomAccessCollection<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        // One table look-up per byte and no branch on the digit: uuids are random,
        // so a test of digit against letter was mispredicted at every other byte
        // (every event has at least one uuid, and this check was 2% of a collector's time).
        var offset = 0, mismatch: UInt8 = 0
        for byte in bytes {
            mismatch |= uuidByteClass[Int(byte)] ^ (uuidDashOffsets & (1 << UInt64(offset)) != 0 ? dashClass : hexClass)
            offset += 1
        }
        return mismatch == 0
    }

    private static let hexClass: UInt8 = 1, dashClass: UInt8 = 2
    /// Bit n set: offset n of a canonical uuid holds `-`.
    private static let uuidDashOffsets: UInt64 = 1 << 8 | 1 << 13 | 1 << 18 | 1 << 23
    /// Per byte: ``hexClass`` for a hex digit of either case, ``dashClass`` for `-`, 0 for any other.
    private static let uuidByteClass: [UInt8] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): hexClass
        case UInt8(ascii: "-"): dashClass
        default: 0
        }
    }

    /// What kind of value was found, never the value itself (it may be personal data).
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: RuntimeConstants.FoundType.null
        case .bool: RuntimeConstants.FoundType.bool
        case .number: RuntimeConstants.FoundType.number
        case .string: RuntimeConstants.FoundType.string
        case .array: RuntimeConstants.FoundType.array
        case .object: RuntimeConstants.FoundType.object
        }
    }
}

extension ContractDescriptor {
    /// The payload table of `event`; `nil` for an unknown event.
    func payloadTable(forEvent event: String) -> PayloadTable? {
        payloadTables.table(forEvent: event, in: self)
    }

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
