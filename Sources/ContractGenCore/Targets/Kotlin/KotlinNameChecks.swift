import TrackingCore

/// The Kotlin target's checks of names that meet in generated code. Kotlin
/// derives its names apart from Swift (a name with no letter is spelled out,
/// `_` -> `underscore`; `names.kotlin:` chooses any identifier), so two contract
/// names the Swift checks keep apart can still be one Kotlin name:
/// - kinds: classes in the contract's object (`Shop.PageView`);
/// - events: functions of the contract's object, and of its shard objects;
/// - fields that meet in one event: its function's parameters (envelope, the
///   kind's fields it does not fix, curated fields it lists), and the kind class's properties;
/// - globals: the properties of `<Contract>Globals`;
/// - an object's members: its data class's properties (``KotlinTarget/checkMemberNames(_:scope:reporting:)``).
/// Value sets and objects take distinct top-level names by construction (``KotlinNames/topLevelType(_:chosen:taken:)``).
struct KotlinNameChecks {
    let contract: Contract
    let reporter: any DiagnosticReporting

    func run() {
        let object = KotlinNames.contractObject(contract.name)
        let topLevel = KotlinTarget.topLevelNames(of: contract)
        var kinds: [String: Kind] = [:]
        for kind in contract.kinds where NameSyntax.isValidName(kind.name) {
            let name = KotlinNames.kindClass(kind, contractObject: object, shadowing: topLevel)
            if let other = kinds[name] {
                if other.name != kind.name, !Self.isReportedByEveryTarget(other.name, other.names, kind.name, kind.names, CamelCase.upperCamel) {
                    reportDeclarations("kinds", other.name, other.location, kind.name, kind.location, "class '\(object).\(name)'")
                }
            } else {
                kinds[name] = kind
            }
        }
        var events: [String: Event] = [:]
        for event in contract.events where NameSyntax.isValidName(event.name) {
            let name = KotlinNames.function(event)
            if let other = events[name] {
                if other.name != event.name, !Self.isReportedByEveryTarget(other.name, other.names, event.name, event.names, CamelCase.lowerCamel) {
                    reportDeclarations("events", other.name, other.location, event.name, event.location, "function '\(object).\(name)'")
                }
            } else {
                events[name] = event
            }
        }
        checkEventParameters()
        Self.checkDistinct(contract.globals, reporting: reporter) { "property '\(object)Globals.\($0)'" }
    }

    /// The parameters of one event's function (the envelope, its kind's fields, its own) and the properties of
    /// one kind's class. Only fields whose name another field's also becomes can meet: most contracts have none.
    private func checkEventParameters() {
        var wireNames: [String: String] = [:]
        var shared = false
        for field in contract.mandatory + contract.kinds.flatMap(\.mandatory) + contract.fields {
            let name = KotlinNames.member(field)
            if let other = wireNames[name] {
                if other != field.wireName { shared = true }
            } else {
                wireNames[name] = field.wireName
            }
        }
        guard shared else { return }
        // A pair is reported once: at the kind when its class has both, else at the first event that takes both.
        var reported: Set<[SourceLocation]> = []
        for kind in contract.kinds {
            for (first, second, name) in Self.collisions(kind.mandatory) where reported.insert([first.location, second.location]).inserted {
                Self.report(first, second, "property '\(name)' of kind '\(kind.name)'", reporting: reporter)
            }
        }
        for (event, scope) in contract.eventParameterScopes() {
            for (first, second, name) in Self.collisions(scope) where reported.insert([first.location, second.location]).inserted {
                Self.report(first, second, "parameter '\(name)' of event '\(event.name)'", reporting: reporter)
            }
        }
    }

    /// Two names no target chooses a name for, whose camel case is one (`cart_id` and `cartId`): the Swift and
    /// TypeScript checks report those already, in the same words; Kotlin reports what only it derives alike
    /// (a spelled-out `_`, a `names.kotlin:`, a `swiftName:` that keeps the others apart).
    static func isReportedByEveryTarget(
        _ a: String, _ aNames: TargetNames, _ b: String, _ bNames: TargetNames, _ camel: (String) -> String
    ) -> Bool {
        aNames.byTarget.isEmpty && bNames.byTarget.isEmpty && GeneratedNames.hasSwiftName(a) && GeneratedNames.hasSwiftName(b) && camel(a) == camel(b)
    }

    private func reportDeclarations(
        _ plural: String, _ first: String, _ firstLocation: SourceLocation, _ second: String, _ location: SourceLocation, _ what: String
    ) {
        reporter.error(
            "\(plural) '\(first)' and '\(second)' both become the Kotlin \(what)", at: location,
            hint: "'\(first)' is at line \(firstLocation.line), column \(firstLocation.column); rename one of them, or give one a 'names.kotlin:'")
    }

    /// Fields of one scope whose different wire names become one Kotlin name (`what`: how the message names it).
    static func checkDistinct(_ fields: [Field], reporting reporter: any DiagnosticReporting, what: (String) -> String) {
        for (first, second, name) in collisions(fields) { report(first, second, what(name), reporting: reporter) }
    }

    /// The pairs of fields in `fields` whose different wire names become one Kotlin name, with that name.
    static func collisions(_ fields: [Field]) -> [(first: Field, second: Field, name: String)] {
        var seen: [String: Field] = [:]
        var found: [(first: Field, second: Field, name: String)] = []
        seen.reserveCapacity(fields.count)
        for field in fields where NameSyntax.isValidName(field.wireName) {
            let name = KotlinNames.member(field)
            guard let other = seen[name] else {
                seen[name] = field
                continue
            }
            guard other.wireName != field.wireName,
                !isReportedByEveryTarget(other.wireName, other.names, field.wireName, field.names, CamelCase.lowerCamel) else { continue }
            found.append((other, field, name))
        }
        return found
    }

    static func report(_ first: Field, _ second: Field, _ what: String, reporting reporter: any DiagnosticReporting) {
        reporter.error(
            "fields '\(first.wireName)' and '\(second.wireName)' both become the Kotlin \(what)", at: second.location,
            hint: "'\(first.wireName)' is at line \(first.location.line), column \(first.location.column); rename one of them, or give one a 'names.kotlin:'")
    }
}
