import TrackingCore

/// The checks that need the whole contract: the envelope, reserved and
/// colliding names, object cycles, and what nothing uses.
struct ContractChecks {
    let reader: ContractReader
    let contract: Contract
    /// Where `mandatory:` is, for "the envelope lacks ..." errors; `nil` when
    /// the section is missing (reported already).
    let mandatoryLocation: SourceLocation?

    func run() {
        checkEnvelope()
        checkPayloadNames()
        checkTypeNames()
        checkObjectCycles()
        warnAboutUsage()
    }

    /// `uuid` (uuid) and `clientTimestamp` (timestamp) must be in `mandatory`.
    private func checkEnvelope() {
        for (name, type) in [("uuid", ValueType.uuid), ("clientTimestamp", ValueType.timestamp)] {
            if let field = contract.mandatory.first(where: { $0.wireName == name }) {
                if field.spec.type != type {
                    reader.error(
                        "'\(name)' in 'mandatory' must have type \(type.contractName), found \(field.spec.type.contractName)", at: field.location,
                        hint: "the runtime de-duplicates and orders events by it")
                }
            } else if let mandatoryLocation {
                reader.error(
                    "'mandatory' lacks '\(name)' (type \(type.contractName))", at: mandatoryLocation,
                    hint: "every contract carries '\(name): { type: \(type.contractName) }'; the runtime de-duplicates and orders events by it")
            }
        }
    }

    /// Names at the top level of every event's payload: reserved names,
    /// one declaration per wire name, distinct Swift names.
    private func checkPayloadNames() {
        let sections = ["'mandatory'", "'globals'", "'fields'"]
        // Wire name -> (section index, location) of its first declaration.
        var declared: [String: (section: Int, location: SourceLocation)] = [:]
        declared.reserveCapacity(contract.mandatory.count + contract.globals.count + contract.fields.count)
        for (section, fields) in [contract.mandatory, contract.globals, contract.fields].enumerated() {
            for field in fields {
                let name = field.wireName
                if name == "event" || name == "kind" {
                    reader.error("'\(name)' is reserved: the encoder writes it into every event", at: field.location, hint: "choose another name")
                    continue
                }
                if name == "contractVersion" {
                    if section != 1 {
                        reader.error(
                            "'contractVersion' is reserved: the encoder writes it into every event", at: field.location,
                            hint: "only a global of type string may use this name")
                        continue
                    }
                    if field.spec.type != .string {
                        reader.error("global 'contractVersion' must have type string, found \(field.spec.type.contractName)", at: field.location)
                    }
                }
                if let first = declared[name] {
                    reader.error(
                        "field '\(name)' in \(sections[section]) is already declared in \(sections[first.section])", at: field.location,
                        hint: "first at line \(first.location.line), column \(first.location.column); a payload holds each name once")
                    continue
                }
                declared[name] = (section, field.location)
            }
        }
        // Kinds may share a field among themselves (several kinds carry viewType),
        // and with curated fields, which other kinds' events may list.
        for kind in contract.kinds {
            for field in kind.mandatory {
                let name = field.wireName
                if name == "event" || name == "kind" || name == "contractVersion" {
                    reader.error("'\(name)' is reserved: the encoder writes it into every event", at: field.location, hint: "choose another name")
                } else if let first = declared[name], first.section != 2 {
                    reader.error(
                        "field '\(name)' of kind '\(kind.name)' is already declared in \(sections[first.section])", at: field.location,
                        hint: "first at line \(first.location.line), column \(first.location.column); a payload holds each name once")
                }
            }
        }
        // One Swift name per wire name across everything that can meet in one payload.
        var swiftNames: [String: String] = [:]
        swiftNames.reserveCapacity(declared.count)
        func note(_ field: Field) {
            let swift = GeneratedNames.memberName(of: field)
            if let other = swiftNames[swift] {
                if other != field.wireName {
                    reader.error(
                        "fields '\(other)' and '\(field.wireName)' both become the Swift name '\(swift)'", at: field.location,
                        hint: "rename one of them, or give one a 'swiftName:'")
                }
            } else {
                swiftNames[swift] = field.wireName
            }
        }
        for field in contract.mandatory { note(field) }
        for field in contract.globals { note(field) }
        for field in contract.fields { note(field) }
        for kind in contract.kinds { for field in kind.mandatory { note(field) } }
        checkMemberNames()
    }

    /// Wire names the encoder writes itself (reported where declared).
    static let reservedWireNames: Set<String> = ["event", "kind", "contractVersion"]

    /// Every field becomes a Swift property: a name without a letter or digit
    /// needs a `swiftName:`; a name changed to be usable gets a note.
    private func checkMemberNames() {
        var seen: Set<SourceLocation> = []
        let namespace = GeneratedNames.namespaceName(contract.name)
        // Generated code names types through these (`Shop.Rules`, `Foundation.UUID()`); a property
        // of the same name would hide them from the type's own code. Derived names start lowercase:
        // only a `swiftName:` can choose one.
        let qualifiers = GeneratedNames.qualifyingModules.union([namespace])
        func check(_ field: Field) {
            if let swiftName = field.swiftName, qualifiers.contains(swiftName), seen.insert(field.location).inserted {
                let what = swiftName == namespace ? "the name of the contract's namespace" : "a module generated code qualifies names with"
                reader.error(
                    "'swiftName' of field '\(field.wireName)' is '\(swiftName)', \(what)", at: field.location,
                    hint: "choose another name: a property named '\(swiftName)' would hide it in generated code")
                return
            }
            guard field.swiftName == nil, NameRules.isValidName(field.wireName), !Self.reservedWireNames.contains(field.wireName),
                seen.insert(field.location).inserted
            else { return }
            if !GeneratedNames.hasSwiftName(field.wireName) {
                reader.error(
                    "field '\(field.wireName)' has no letter or digit to make a Swift name from", at: field.location,
                    hint: "add 'swiftName:' with the property name Swift code should use; the wire name stays '\(field.wireName)'")
                return
            }
            let swift = GeneratedNames.memberName(of: field)
            if swift != SwiftName.lowerCamel(field.wireName) {
                reader.note(
                    "field '\(field.wireName)' becomes the Swift property '\(swift)' ('\(SwiftName.lowerCamel(field.wireName))' is taken by generated code); the wire name stays '\(field.wireName)'",
                    at: field.location, hint: "add 'swiftName:' to choose another name")
            }
        }
        // Globals are not properties of generated types: the dispatcher adds them.
        for field in contract.mandatory { check(field) }
        for kind in contract.kinds { for field in kind.mandatory { check(field) } }
        for field in contract.fields { check(field) }
        for object in contract.objects {
            for field in object.required { check(field) }
            for field in object.optional { check(field) }
        }
    }

    /// Value sets and objects become types in the contract's namespace enum,
    /// events functions in it, kinds protocols in its `Kinds` enum: the names
    /// in each must be distinct. Names that cannot be used as written get a
    /// trailing `_` (noted); a name with no letter or digit has nothing to
    /// derive from (an error).
    private func checkTypeNames() {
        let namespace = GeneratedNames.namespaceName(contract.name)
        if NameRules.isValidName(contract.name) {
            if !GeneratedNames.hasSwiftName(contract.name) {
                reader.error(
                    "contract name '\(contract.name)' has no letter or digit to make a Swift name from", at: contract.location,
                    hint: "the contract's name becomes the namespace of generated code: choose a name with letters")
            } else if namespace != SwiftName.upperCamel(contract.name) {
                reader.note(
                    "contract '\(contract.name)' becomes the Swift namespace '\(namespace)' ('\(SwiftName.upperCamel(contract.name))' is reserved in generated code)",
                    at: contract.location)
            }
        }
        enum Group: Int { case valueSet, object, kind, event }
        let groupNames = ["value set", "object", "kind", "event"]
        let declarationNames = ["type", "type", "protocol", "function"]
        // Swift name -> (group, name) of its first claimant; kinds have a scope of their own.
        // Functions share the namespace with types: a name both derive (`_1st`) is one name.
        var seen: [String: (group: Group, name: String)] = [:]
        var seenKinds: [String: String] = [:]
        seen.reserveCapacity(contract.valueSets.count + contract.objects.count + contract.events.count)
        // Runs for every declaration of a large contract: messages are made only when reported.
        func claim(_ group: Group, _ name: String, swiftName: String?, _ location: SourceLocation) {
            guard NameRules.isValidName(name) else { return }
            var what: String { "\(groupNames[group.rawValue]) '\(name)'" }
            if swiftName == nil, !GeneratedNames.hasSwiftName(name) {
                reader.error(
                    "\(what) has no letter or digit to make a Swift name from", at: location,
                    hint: group == .valueSet ? "rename it" : "add 'swiftName:' with the \(declarationNames[group.rawValue]) name Swift code should use")
                return
            }
            let (plain, swift, reasons) = group == .event
                ? GeneratedNames.derivedFunctionName(name, swiftName: swiftName)
                : GeneratedNames.derivedTypeName(name, swiftName: swiftName, namespace: namespace)
            var qualified: String { group == .kind ? "\(namespace).Kinds.\(swift)" : "\(namespace).\(swift)" }
            if swift != plain {
                reader.note(
                    "\(what) becomes the Swift \(declarationNames[group.rawValue]) '\(qualified)' (\(reasons.joined(separator: ", ")))",
                    at: location, hint: group == .valueSet ? nil : "add 'swiftName:' to choose another name")
            }
            if group == .kind {
                if let other = seenKinds[swift] {
                    guard other != name else { return }  // reported already as a duplicate key
                    reader.error(
                        "kinds '\(name)' and '\(other)' both become the Swift protocol '\(qualified)'", at: location,
                        hint: "rename one of them, or give one a 'swiftName:'")
                } else {
                    seenKinds[swift] = name
                }
                return
            }
            if let other = seen[swift] {
                let sameDeclaration = other.name == name && (other.group == group || Set([other.group, group]) == [.valueSet, .object])
                guard !sameDeclaration else { return }  // reported already as a duplicate key or a name declared twice
                // Two types, or two functions; a function and a type share only a name.
                let (mine, theirs) = (declarationNames[group.rawValue], declarationNames[other.group.rawValue])
                let declaration = mine == theirs ? mine : "name"
                reader.error(
                    "\(what) and \(groupNames[other.group.rawValue]) '\(other.name)' both become the Swift \(declaration) '\(qualified)'",
                    at: location, hint: "rename one of them, or give one a 'swiftName:'")
            } else {
                seen[swift] = (group, name)
            }
        }
        // Declaration order within each group: sorting by location would cost more than all the rest.
        for set in contract.valueSets { claim(.valueSet, set.name, swiftName: nil, set.location) }
        for object in contract.objects { claim(.object, object.name, swiftName: object.swiftName, object.location) }
        for kind in contract.kinds { claim(.kind, kind.name, swiftName: kind.swiftName, kind.location) }
        for event in contract.events { claim(.event, event.name, swiftName: event.swiftName, event.location) }
    }

    /// Objects whose required members need each other can never be built.
    private func checkObjectCycles() {
        var edges: [String: [String]] = [:]
        func target(_ spec: ValueSpec) -> String? {
            switch spec.type {
            case .object(let name): name
            case .array(let items) where (spec.constraints.minItems ?? 0) > 0: target(items)
            default: nil
            }
        }
        for object in contract.objects {
            edges[object.name] = object.required.compactMap { target($0.spec) }
        }
        // Iterative depth-first search (no recursion on user-sized input).
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var reported: Set<Set<String>> = []
        for start in contract.objects.map(\.name) where state[start] == nil {
            var path: [String] = [start]
            var next: [Int] = [0]
            state[start] = 1
            while let node = path.last {
                let successors = edges[node] ?? []
                let index = next[next.count - 1]
                if index < successors.count {
                    next[next.count - 1] += 1
                    let successor = successors[index]
                    if state[successor] == 1, let at = path.firstIndex(of: successor) {
                        let cycle = Array(path[at...])
                        if reported.insert(Set(cycle)).inserted, let object = contract.objects.first(where: { $0.name == successor }) {
                            reader.error(
                                "objects require each other in a cycle: \((cycle + [successor]).joined(separator: " -> ")); no value of them can be built",
                                at: object.location, hint: "make one of these members optional")
                        }
                    } else if state[successor] == nil, edges[successor] != nil {
                        state[successor] = 1
                        path.append(successor)
                        next.append(0)
                    }
                } else {
                    state[node] = 2
                    path.removeLast()
                    next.removeLast()
                }
            }
        }
    }

    private func warnAboutUsage() {
        for field in contract.globals where field.pii {
            reader.warning("global '\(field.wireName)' is marked pii, but globals go with every event", at: field.location, hint: "globals should never hold personal data")
        }
        for set in contract.valueSets where !reader.usedTypeNames.contains(set.name) {
            reader.warning("value set '\(set.name)' is not used by any field", at: set.location)
        }
        for object in contract.objects where !reader.usedTypeNames.contains(object.name) {
            reader.warning("object '\(object.name)' is not used by any field", at: object.location)
        }
        for (index, field) in contract.fields.enumerated()
        where !(index < reader.curatedFieldUsed.count && reader.curatedFieldUsed[index])
            && !reader.mentionedFieldNames.contains(field.wireName) && NameRules.isValidName(field.wireName)
        {
            reader.warning("field '\(field.wireName)' is not used by any event", at: field.location)
        }
    }
}
