/// The TypeScript target (web and Node): an ES module per contract whose
/// functions make events checked and encoded by the runtime in
/// `Runtimes/TypeScript` (docs/typescript.md). Names come from
/// ``TypeScriptNames``; the files from ``TypeScriptRenderer``.
package struct TypeScriptTarget: CodeTarget {
    package init() {}

    package var id: String { TypeScriptNames.targetID }
    package var displayName: String { "TypeScript" }
    package var nameChangeType: ChangeType { .typescriptNameChanged }
    package var chosenNameKey: String { "names.typescript:" }

    /// An ASCII identifier, not `__proto__` (an object literal's prototype,
    /// not a property) and no member of `Object.prototype` (``TypeScriptNames/objectMembers``).
    package func chosenNameProblem(_ name: String) -> String? {
        TypeScriptNames.isIdentifier(name) && name != "__proto__" && !TypeScriptNames.objectMembers.contains(name) && name.utf8.contains { $0 != 0x5F }
            ? nil : "ASCII letters, digits, '_' and '$', not starting with a digit, not '__proto__' or a member of Object.prototype"
    }

    /// Reports fields of one scope (an object) whose different wire names become one property.
    package func checkMemberNames(_ fields: [Field], scope: String, reporting reporter: any DiagnosticReporting) {
        TypeScriptNameChecks.checkDistinct(fields, scope: scope, reporting: reporter)
    }

    package func checkNames(of contract: Contract, reporting reporter: any DiagnosticReporting) {
        TypeScriptNameChecks(contract: contract, reporter: reporter).run()
    }

    package func name(of element: NamedElement, in contract: Contract) -> String {
        switch element {
        case .field(let field): TypeScriptNames.member(field)
        case .object(let object): TypeScriptNames.object(object)
        case .kind(let kind): TypeScriptNames.kind(kind).fields
        case .event(let event): TypeScriptNames.function(event)
        }
    }

    package var generator: any TargetGenerator { TypeScriptGenerator() }

    /// `ConformanceDriver.ts` (``TypeScriptConformanceDriver``): typed calls of the generated functions, which
    /// the corpus runner (Conformance/TypeScript/corpus.ts) runs beside its untyped path.
    package func conformanceDriver(for lowered: LoweredContract) -> GeneratedFile? { TypeScriptConformanceDriver.render(lowered) }

    package func scalarTypeName(_ type: ScalarFieldType) -> String {
        switch type {
        case .string: "string"
        case .int: "$rt.Int"
        case .double: "number"
        case .decimal: "$rt.Decimal"
        case .bool: "boolean"
        case .uuid: "string"
        case .timestamp: "$rt.Timestamp"
        }
    }
}

/// The TypeScript target's checks of names that meet: one module's exported
/// names, and the properties of one object or one event's argument.
struct TypeScriptNameChecks {
    let contract: Contract
    let reporter: any DiagnosticReporting

    func run() {
        checkModuleNames()
        checkEventProperties()
    }

    /// Fields of one scope whose different wire names become one property.
    static func checkDistinct(_ fields: [Field], scope: String, reporting reporter: any DiagnosticReporting) {
        var seen: [String: String] = [:]
        for field in fields {
            let name = TypeScriptNames.member(field)
            if let other = seen[name], other != field.wireName {
                reporter.error(
                    "fields '\(other)' and '\(field.wireName)' of \(scope) both become the TypeScript property '\(name)'", at: field.location,
                    hint: "rename one of them, or give one a 'names.typescript:'")
            } else {
                seen[name] = field.wireName
            }
        }
    }

    /// What takes an exported name: messages are made only for a problem (names come by the ten thousand).
    private enum Exporter {
        case valueSet(String), object(String), kind(String), kindEvents(String), event(String), eventProperties(String)

        var what: String {
            switch self {
            case .valueSet(let name): "value set '\(name)'"
            case .object(let name): "object '\(name)'"
            case .kind(let name): "kind '\(name)'"
            case .kindEvents(let name): "kind '\(name)' (its events' type)"
            case .event(let name): "event '\(name)'"
            case .eventProperties(let name): "event '\(name)' (its properties)"
            }
        }

        /// A value set and an object of one name are reported by `Validate` already; an element's two names are its own.
        func isSameElement(as other: Exporter) -> Bool {
            switch (self, other) {
            case (.valueSet(let a), .valueSet(let b)), (.valueSet(let a), .object(let b)), (.object(let a), .valueSet(let b)), (.object(let a), .object(let b)): a == b
            case (.kind(let a), .kind(let b)), (.kind(let a), .kindEvents(let b)), (.kindEvents(let a), .kind(let b)), (.kindEvents(let a), .kindEvents(let b)): a == b
            case (.event(let a), .event(let b)), (.event(let a), .eventProperties(let b)), (.eventProperties(let a), .event(let b)),
                 (.eventProperties(let a), .eventProperties(let b)): a == b
            default: false
            }
        }
    }

    /// Every exported name of the module once, none a reserved word.
    private func checkModuleNames() {
        var seen: [String: Exporter] = [:]
        seen.reserveCapacity(contract.valueSets.count + contract.objects.count + 2 * (contract.kinds.count + contract.events.count))
        /// `false` when reported: an element's second name (derived from the first) is then left alone.
        @discardableResult
        func note(_ name: String, _ exporter: Exporter, at location: SourceLocation) -> Bool {
            if TypeScriptNames.reservedWords.contains(name) {
                reporter.error("\(exporter.what) becomes '\(name)', a reserved word in TypeScript", at: location, hint: "give it a 'names.typescript:'")
                return false
            } else if name == TypeScriptRenderer.globalsInterface {
                // `types.ts` declares it beside the contract's types: an interface of that name would merge into it.
                reporter.error(
                    "\(exporter.what) becomes '\(name)', the interface generated code declares for the contract's globals", at: location,
                    hint: "rename it, or give it a 'names.typescript:'")
                return false
            } else if let other = seen[name] {
                guard !other.isSameElement(as: exporter) else { return false }
                reporter.error(
                    "\(other.what) and \(exporter.what) both become the TypeScript name '\(name)'", at: location,
                    hint: "rename one of them, or give one a 'names.typescript:'")
                return false
            }
            seen[name] = exporter
            return true
        }
        for set in contract.valueSets { note(TypeScriptNames.valueSet(set), .valueSet(set.name), at: set.location) }
        for object in contract.objects { note(TypeScriptNames.object(object), .object(object.name), at: object.location) }
        for kind in contract.kinds {
            let names = TypeScriptNames.kind(kind)
            guard note(names.fields, .kind(kind.name), at: kind.location) else { continue }
            note(names.event, .kindEvents(kind.name), at: kind.location)
        }
        for event in contract.events {
            let function = TypeScriptNames.function(event)
            guard note(function, .event(event.name), at: event.location) else { continue }
            note(TypeScriptNames.properties(ofFunction: function), .eventProperties(event.name), at: event.location)
        }
    }

    /// The properties one event's function takes: envelope, the kind's fields it does not fix, its own.
    /// Only events with a field whose property another field's wire name also becomes can collide.
    private func checkEventProperties() {
        var wireNames: [String: String] = [:]
        var shared: Set<String> = []
        for field in contract.mandatory + contract.kinds.flatMap(\.mandatory) + contract.fields {
            let name = TypeScriptNames.member(field)
            if let other = wireNames[name] {
                if other != field.wireName { shared.insert(field.wireName); shared.insert(other) }
            } else {
                wireNames[name] = field.wireName
            }
        }
        guard !shared.isEmpty else { return }
        for (event, scope) in contract.eventParameterScopes() {
            Self.checkDistinct(scope, scope: "event '\(event.name)'", reporting: reporter)
        }
    }
}
