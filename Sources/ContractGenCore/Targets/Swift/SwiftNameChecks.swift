import TrackingCore

/// The Swift target's checks of a whole contract's names: every field,
/// value set, object, kind and event gets a usable Swift name
/// (``GeneratedNames``), and names that meet in one scope stay distinct.
/// Moved here from `Validate`, which knows no target, unchanged.
struct SwiftNameChecks {
    let contract: Contract
    let reporter: any DiagnosticReporting

    func run() {
        checkPayloadNames()
        checkTypeNames()
    }

    /// One Swift name per wire name across everything that can meet in one payload.
    private func checkPayloadNames() {
        var swiftNames: [String: String] = [:]
        swiftNames.reserveCapacity(contract.mandatory.count + contract.globals.count + contract.fields.count)
        func note(_ field: Field) {
            let swift = GeneratedNames.memberName(of: field)
            if let other = swiftNames[swift] {
                if other != field.wireName {
                    reporter.error(
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
        checkFieldProtocolNames()
    }

    /// Each curated field becomes a protocol in `N.Fields` and `N.OptionalFields`, named after its property with a
    /// capital first letter and a `_` when that is reserved (``GeneratedNames/fieldProtocolName(_:namespace:)``).
    /// Distinct properties can still meet there: `self` (property `self_`, protocol `Self_`) and a `swiftName: Self_`,
    /// or `foo` and a `swiftName: Foo`. Fields whose properties are one name are reported by ``checkPayloadNames()``.
    private func checkFieldProtocolNames() {
        let namespace = GeneratedNames.namespaceName(contract.name)
        let qualifiers = GeneratedNames.qualifyingModules.union([namespace])
        var seen: [String: Field] = [:]
        seen.reserveCapacity(contract.fields.count)
        for field in contract.fields {
            // A field with no Swift name to derive, or a `swiftName:` that hides a qualifier, is reported by `checkMemberNames`.
            guard field.names.swift.map({ !qualifiers.contains($0) }) ?? GeneratedNames.hasSwiftName(field.wireName) else { continue }
            let swift = GeneratedNames.fieldProtocolName(field, namespace: namespace)
            guard let other = seen[swift] else {
                seen[swift] = field
                continue
            }
            let (mine, theirs) = (GeneratedNames.memberName(of: field), GeneratedNames.memberName(of: other))
            // One wire name twice (a duplicate key), or two with one property (reported already).
            guard other.wireName != field.wireName, mine != theirs else { continue }
            reporter.error(
                "fields '\(other.wireName)' and '\(field.wireName)' both become the Swift protocols '\(namespace).Fields.\(swift)' and "
                    + "'\(namespace).OptionalFields.\(swift)' (their properties '\(theirs)' and '\(mine)' with a capital first letter)",
                at: field.location,
                hint: "'\(other.wireName)' is at line \(other.location.line), column \(other.location.column); rename one of them, or give one a 'swiftName:'")
        }
    }

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
            if let swiftName = field.names.swift, qualifiers.contains(swiftName), seen.insert(field.location).inserted {
                let what = swiftName == namespace ? "the name of the contract's namespace" : "a module generated code qualifies names with"
                reporter.error(
                    "'swiftName' of field '\(field.wireName)' is '\(swiftName)', \(what)", at: field.location,
                    hint: "choose another name: a property named '\(swiftName)' would hide it in generated code")
                return
            }
            guard field.names.swift == nil, NameSyntax.isValidName(field.wireName), !ContractChecks.reservedWireNames.contains(field.wireName),
                seen.insert(field.location).inserted
            else { return }
            if !GeneratedNames.hasSwiftName(field.wireName) {
                reporter.error(
                    "field '\(field.wireName)' has no letter or digit to make a Swift name from", at: field.location,
                    hint: "add 'swiftName:' with the property name Swift code should use; the wire name stays '\(field.wireName)'")
                return
            }
            let swift = GeneratedNames.memberName(of: field)
            if swift != CamelCase.lowerCamel(field.wireName) {
                reporter.note(
                    "field '\(field.wireName)' becomes the Swift property '\(swift)' ('\(CamelCase.lowerCamel(field.wireName))' is taken by generated code); the wire name stays '\(field.wireName)'",
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
        if NameSyntax.isValidName(contract.name) {
            if !GeneratedNames.hasSwiftName(contract.name) {
                reporter.error(
                    "contract name '\(contract.name)' has no letter or digit to make a Swift name from", at: contract.location,
                    hint: "the contract's name becomes the namespace of generated code: choose a name with letters")
            } else if namespace != CamelCase.upperCamel(contract.name) {
                reporter.note(
                    "contract '\(contract.name)' becomes the Swift namespace '\(namespace)' ('\(CamelCase.upperCamel(contract.name))' is reserved in generated code)",
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
            guard NameSyntax.isValidName(name) else { return }
            var what: String { "\(groupNames[group.rawValue]) '\(name)'" }
            if swiftName == nil, !GeneratedNames.hasSwiftName(name) {
                reporter.error(
                    "\(what) has no letter or digit to make a Swift name from", at: location,
                    hint: group == .valueSet ? "rename it" : "add 'swiftName:' with the \(declarationNames[group.rawValue]) name Swift code should use")
                return
            }
            let (plain, swift, reasons) = group == .event
                ? GeneratedNames.derivedFunctionName(name, swiftName: swiftName)
                : GeneratedNames.derivedTypeName(name, swiftName: swiftName, namespace: namespace)
            var qualified: String { group == .kind ? "\(namespace).Kinds.\(swift)" : "\(namespace).\(swift)" }
            if swift != plain {
                reporter.note(
                    "\(what) becomes the Swift \(declarationNames[group.rawValue]) '\(qualified)' (\(reasons.joined(separator: ", ")))",
                    at: location, hint: group == .valueSet ? nil : "add 'swiftName:' to choose another name")
            }
            if group == .kind {
                if let other = seenKinds[swift] {
                    guard other != name else { return }  // reported already as a duplicate key
                    reporter.error(
                        "kinds '\(name)' and '\(other)' both become the Swift protocol '\(qualified)'", at: location,
                        hint: "rename one of them, or give one a 'swiftName:'")
                } else {
                    seenKinds[swift] = name
                }
                return
            }
            // An event's name constant for tests (`Shop.Events.homePageView`) sits beside the kinds'
            // structs (`Shop.Events.PageView`), which take their kind's Swift name: kinds are claimed first.
            if group == .event, let kind = seenKinds[swift] {
                reporter.error(
                    "\(what) and kind '\(kind)' both become the Swift name '\(namespace).Events.\(swift)' (the event's name constant and the kind's struct)",
                    at: location, hint: "rename one of them, or give one a 'swiftName:'")
            }
            if let other = seen[swift] {
                let sameDeclaration = other.name == name && (other.group == group || Set([other.group, group]) == [.valueSet, .object])
                guard !sameDeclaration else { return }  // reported already as a duplicate key or a name declared twice
                // Two types, or two functions; a function and a type share only a name.
                let (mine, theirs) = (declarationNames[group.rawValue], declarationNames[other.group.rawValue])
                let declaration = mine == theirs ? mine : "name"
                reporter.error(
                    "\(what) and \(groupNames[other.group.rawValue]) '\(other.name)' both become the Swift \(declaration) '\(qualified)'",
                    at: location, hint: "rename one of them, or give one a 'swiftName:'")
            } else {
                seen[swift] = (group, name)
            }
        }
        // Declaration order within each group: sorting by location would cost more than all the rest.
        for set in contract.valueSets { claim(.valueSet, set.name, swiftName: nil, set.location) }
        for object in contract.objects { claim(.object, object.name, swiftName: object.names.swift, object.location) }
        for kind in contract.kinds { claim(.kind, kind.name, swiftName: kind.names.swift, kind.location) }
        for event in contract.events { claim(.event, event.name, swiftName: event.names.swift, event.location) }
    }

}
