import Foundation
import TrackingCore

/// Turns a parsed document into a ``Contract``, collecting every diagnostic on
/// the way: shape checks while reading each section, then the checks that need
/// the whole contract (names, collisions, cycles, usage).
final class ContractReader: DiagnosticReporting {
    let root: Node
    let file: String
    private(set) var diagnostics: [Diagnostic] = []

    /// Type names declared, known before any field is read so references resolve in any order.
    var valueSetNames: Set<String> = []
    var objectNames: Set<String> = []
    var valueSets: [String: ValueSet] = [:]
    /// The codes of each value set, for constants (sets can be long).
    var valueSetCodes: [String: Set<String>] = [:]
    var objects: [String: ObjectType] = [:]
    /// Declared curated field names, including ones whose declaration had errors
    /// (so a broken declaration does not also make every use "unknown").
    var curatedFieldNames: Set<String> = []
    /// `default:` nodes by the location of their field's key; checked once every type is known.
    var defaultNodes: [SourceLocation: Node] = [:]
    /// Types some field refers to.
    var usedTypeNames: Set<String> = []
    /// Names mentioned by events with errors, so a typo in an event does not
    /// also make a field "unused".
    var mentionedFieldNames: Set<String> = []
    /// Per curated field (by index in `Contract.fields`): whether an event lists it.
    var curatedFieldUsed: [Bool] = []
    /// Whether each pattern seen compiles; contracts repeat the same few patterns.
    var patternCompiles: [String: Bool] = [:]

    static let topKeys = ["contract", "version", "description", "valueSets", "mandatory", "kinds", "globals", "objects", "fields", "events"]

    /// Findings this reader keeps at most (see ``collectionLimit``).
    let limit: Int

    init(root: Node, file: String, collectionLimit: Int = ContractReader.collectionLimit) {
        self.root = root
        self.file = file
        self.limit = collectionLimit
    }

    // MARK: Reporting

    /// Findings kept at most; far more than are shown (``ContractLoader/maxDiagnostics``),
    /// so that the first ones by location are almost surely among them, while a
    /// file of a million mistakes cannot fill memory.
    static let collectionLimit = 20 * ContractLoader.maxDiagnostics

    /// Findings past ``limit``: not kept, but counted for the summary.
    private(set) var dropped = DiagnosticCounts()

    func error(_ message: @autoclosure () -> String, at location: SourceLocation, hint: @autoclosure () -> String? = nil) {
        guard diagnostics.count < limit else { return dropped.add(.error) }
        diagnostics.append(.error(message(), at: location, hint: hint()))
    }

    func note(_ message: @autoclosure () -> String, at location: SourceLocation, hint: @autoclosure () -> String? = nil) {
        guard diagnostics.count < limit else { return dropped.add(.note) }
        diagnostics.append(.note(message(), at: location, hint: hint()))
    }

    func warning(_ message: @autoclosure () -> String, at location: SourceLocation, hint: @autoclosure () -> String? = nil) {
        guard diagnostics.count < limit else { return dropped.add(.warning) }
        diagnostics.append(.warning(message(), at: location, hint: hint()))
    }

    /// Appends findings made by another reader, up to the limit.
    func take(_ found: [Diagnostic], dropped alsoDropped: DiagnosticCounts = DiagnosticCounts()) {
        let room = max(0, limit - diagnostics.count)
        diagnostics += found.prefix(room)
        dropped = dropped + DiagnosticCounts(found.dropFirst(room)) + alsoDropped
    }

    // MARK: The whole contract

    func read() -> Contract? {
        guard let top = entries(of: root, what: "the contract", allowed: Self.topKeys) else { return nil }
        requireKeys(["contract", "version", "mandatory"], in: top, of: "the contract", at: root.location)

        var name = ""
        if let entry = top["contract"], let text = text(of: entry.value, what: "'contract'") {
            name = text
            checkName(text, what: "contract name", at: entry.value.location)
        }
        var version = ""
        if let entry = top["version"], let text = text(of: entry.value, what: "'version'") {
            version = text
            if !NameSyntax.isSemanticVersion(text) {
                error("version '\(text)' is not a semantic version", at: entry.value.location, hint: "write MAJOR.MINOR.PATCH, such as 1.3.0")
            }
        }
        let description = top["description"].flatMap { text(of: $0.value, what: "'description'") }

        let valueSetEntries = top["valueSets"].flatMap { entries(of: $0.value, what: "'valueSets'", nullIsEmpty: true) } ?? []
        let objectEntries = top["objects"].flatMap { entries(of: $0.value, what: "'objects'", nullIsEmpty: true) } ?? []
        valueSetNames = Set(valueSetEntries.map(\.name))
        objectNames = Set(objectEntries.map(\.name))
        for entry in objectEntries where valueSetNames.contains(entry.name) {
            error("'\(entry.name)' is declared both as a value set and as an object", at: entry.key.location, hint: "rename one of them")
        }

        let readValueSets = valueSetEntries.compactMap(readValueSet)
        for set in readValueSets {
            valueSets[set.name] = set
            valueSetCodes[set.name] = Set(set.cases.map(\.code))
        }
        var readObjects = objectEntries.compactMap(readObject)
        for object in readObjects { objects[object.name] = object }

        var mandatory = top["mandatory"].map { readFields($0.value, section: "'mandatory'") } ?? []
        var kinds = top["kinds"].map { readKinds($0.value) } ?? []
        var globals = top["globals"].map { readFields($0.value, section: "'globals'") } ?? []
        let curatedEntries = top["fields"].flatMap { entries(of: $0.value, what: "'fields'", nullIsEmpty: true) } ?? []
        curatedFieldNames = Set(curatedEntries.map(\.name))
        var fields = curatedEntries.compactMap { readField($0) }

        // Defaults need every type, objects included.
        if !defaultNodes.isEmpty { resolveDefaults(&mandatory, &kinds, &globals, &fields, &readObjects) }
        var contract = Contract(
            name: name, version: version, description: description, valueSets: readValueSets,
            mandatory: mandatory, kinds: kinds, globals: globals, objects: readObjects, fields: fields,
            events: [], location: root.location)
        contract.events = top["events"].map { readEvents($0.value, contract: contract) } ?? []

        let usage = ContractChecks.Usage(
            usedTypeNames: usedTypeNames, mentionedFieldNames: mentionedFieldNames, curatedFieldUsed: curatedFieldUsed)
        ContractChecks(reporter: self, usage: usage, contract: contract, mandatoryLocation: top["mandatory"]?.key.location).run()
        return contract
    }

    private func resolveDefaults(
        _ mandatory: inout [Field], _ kinds: inout [Kind], _ globals: inout [Field], _ fields: inout [Field], _ readObjects: inout [ObjectType]
    ) {
        mandatory = mandatory.map(resolveDefault)
        globals = globals.map(resolveDefault)
        fields = fields.map(resolveDefault)
        kinds = kinds.map { kind in
            var kind = kind
            kind.mandatory = kind.mandatory.map(resolveDefault)
            return kind
        }
        readObjects = readObjects.map { object in
            var object = object
            object.required = object.required.map(resolveDefault)
            object.optional = object.optional.map(resolveDefault)
            return object
        }
    }

    // MARK: Node helpers

    /// The entries of a mapping with plain-name keys, reporting duplicates and,
    /// when `allowed` is given, unknown keys. `nil` (after a diagnostic) when the node is no mapping.
    func entries(of node: Node, what: @autoclosure () -> String, allowed: [String]? = nil, nullIsEmpty: Bool = false) -> [MappingEntry]? {
        guard case .mapping(let pairs) = node.value else {
            if nullIsEmpty && node.isNull { return [] }
            error("\(what()) must be a mapping, found \(node.kindName)", at: node.location, hint: mappingHint(for: node))
            return nil
        }
        var result: [MappingEntry] = []
        result.reserveCapacity(pairs.count)
        // Most mappings hold a handful of keys: scan the keys kept so far; hash only big mappings.
        let small = pairs.count <= 16
        var seen: [String: SourceLocation] = [:]
        if !small { seen.reserveCapacity(pairs.count) }
        var firstRejected: [String: SourceLocation] = [:]  // unknown keys, for duplicates of them
        // Indexing, not `for pair in pairs`: binding a whole pair copies it through the generic tuple witness.
        for index in pairs.indices {
            let keyLocation = pairs[index].key.location
            guard case .scalar(let name, _) = pairs[index].key.value else {
                error("keys in \(what()) must be names, found \(pairs[index].key.kindName)", at: keyLocation)
                continue
            }
            let first = small ? (result.first(where: { $0.name == name })?.keyLocation ?? (firstRejected.isEmpty ? nil : firstRejected[name])) : seen[name]
            if let first {
                error("duplicate key '\(name)' in \(what())", at: keyLocation, hint: "first defined at line \(first.line), column \(first.column)")
                continue
            }
            if small {
                if let allowed, !allowed.contains(name) { firstRejected[name] = keyLocation }
            } else {
                seen[name] = keyLocation
            }
            if let allowed, !allowed.contains(name) {
                unknownKey(name, at: keyLocation, in: what(), allowed: allowed)
                continue
            }
            result.append(MappingEntry(name: name, keyLocation: keyLocation, value: pairs[index].value))
        }
        return result
    }

    func unknownKey(_ name: String, at location: SourceLocation, in what: String, allowed: [String]) {
        let hint = Suggestions.didYouMean(name, among: allowed) ?? "expected one of: \(allowed.joined(separator: ", "))"
        error("unknown key '\(name)' in \(what)", at: location, hint: hint)
    }

    private func mappingHint(for node: Node) -> String? {
        if case .sequence = node.value { return "write 'name: value' pairs instead of a '- item' list" }
        return nil
    }

    func requireKeys(_ keys: [String], in entries: [MappingEntry], of what: String, at location: SourceLocation) {
        for key in keys where entries[key] == nil {
            error("\(what) has no '\(key)'", at: location)
        }
    }

    /// A scalar's text for keys that take free text (descriptions, messages, names).
    func text(of node: Node, what: @autoclosure () -> String) -> String? {
        switch node.value {
        case .scalar(let text, _):
            if node.isNull {
                error("\(what()) has no value", at: node.location)
                return nil
            }
            return text
        default:
            error("\(what()) must be text, found \(node.kindName)", at: node.location)
            return nil
        }
    }

    /// Reports `name` when it breaks the naming rule; returns whether it is valid.
    @discardableResult
    func checkName(_ name: String, what: @autoclosure () -> String, at location: SourceLocation) -> Bool {
        guard !NameSyntax.isValidName(name) else { return true }
        var hint = NameSyntax.ruleHint
        if let repaired = NameSyntax.repaired(name) { hint = "did you mean '\(repaired)'? (\(hint))" }
        error("invalid \(what()) '\(name)': it \(NameSyntax.problem(with: name))", at: location, hint: hint)
        return false
    }

    // MARK: Value sets

    func readValueSet(_ entry: MappingEntry) -> ValueSet? {
        checkName(entry.name, what: "value set name", at: entry.key.location)
        let what = "value set '\(entry.name)'"
        var cases: [ValueSetCase] = []
        let isList: Bool
        switch entry.value.value {
        case .sequence(let items):
            isList = true
            for item in items {
                guard case .scalar(let text, _) = item.value, !item.isNull else {
                    error("items of \(what) must be values, found \(item.kindName)", at: item.location)
                    continue
                }
                if !NameSyntax.isValidName(text) {
                    var hint = "in a list the value is also the code name; write a mapping 'code: \(text)' instead"
                    if let repaired = NameSyntax.repaired(text) { hint = "in a list the value is also the code name; write a mapping '\(repaired): \(text)' instead" }
                    error("value '\(text)' of \(what) cannot be a code name: it \(NameSyntax.problem(with: text))", at: item.location, hint: hint)
                    continue
                }
                cases.append(ValueSetCase(code: text, wireValue: text, location: item.location))
            }
        case .mapping:
            isList = false
            for member in entries(of: entry.value, what: what) ?? [] {
                guard checkName(member.name, what: "code name in \(what)", at: member.key.location) else { continue }
                guard let wire = text(of: member.value, what: "code '\(member.name)' of \(what)") else { continue }
                cases.append(ValueSetCase(code: member.name, wireValue: wire, location: member.key.location))
            }
        default:
            error("\(what) must be a list of values or a mapping from code name to wire value, found \(entry.value.kindName)", at: entry.value.location)
            return nil
        }
        if cases.isEmpty, !hasMemberErrors(entry.value) {
            error("\(what) is empty", at: entry.key.location, hint: "a value set needs at least one value")
        }
        var wireSeen: [String: SourceLocation] = [:]
        var unique: [ValueSetCase] = []
        for member in cases {
            // Swift's `String` keys equate canonically equivalent text ("é" and "e\u{301}"): such a pair is
            // refused too, as two values a reader cannot tell apart and Swift's `switch` would confuse.
            if let index = wireSeen.index(forKey: member.wireValue) {
                let (earlier, first) = wireSeen[index]
                if earlier.utf8.elementsEqual(member.wireValue.utf8) {
                    error("value '\(member.wireValue)' appears twice in \(what)", at: member.location, hint: "first at line \(first.line), column \(first.column)")
                } else {
                    error("value '\(member.wireValue)' of \(what) is the same text as the value at line \(first.line), column \(first.column), in another Unicode form",
                          at: member.location, hint: "write both alike (NFC, as most editors do), or make them differ")
                }
                continue
            }
            wireSeen[member.wireValue] = member.location
            unique.append(member)
        }
        for target in CodeTargets.all { unique = target.checkCaseNames(unique, of: what, reporting: self) }
        return ValueSet(name: entry.name, cases: unique, isList: isList, location: entry.key.location)
    }

    private func hasMemberErrors(_ node: Node) -> Bool {
        switch node.value {
        case .sequence(let items): !items.isEmpty
        case .mapping(let pairs): !pairs.isEmpty
        case .scalar: false
        }
    }

    // MARK: Objects and kinds

    func readObject(_ entry: MappingEntry) -> ObjectType? {
        checkName(entry.name, what: "object name", at: entry.key.location)
        let what = "object '\(entry.name)'"
        guard let body = entries(of: entry.value, what: what, allowed: ["description", "required", "optional"] + CodeTargets.chosenNameKeys, nullIsEmpty: true) else { return nil }
        let names = readNames(in: body, of: what)
        let description = body["description"].flatMap { text(of: $0.value, what: "'description' of \(what)") }
        let required = body["required"].map { readFields($0.value, section: "'required' of \(what)") } ?? []
        let optional = body["optional"].map { readFields($0.value, section: "'optional' of \(what)") } ?? []
        if body.isEmpty, entry.value.isNull || entry.value.isEmptyMapping {
            error("\(what) has no members", at: entry.key.location, hint: "add 'required:' or 'optional:' fields")
        }
        let requiredNames = Set(required.map(\.wireName))
        var kept: [Field] = []
        for member in optional {
            if requiredNames.contains(member.wireName) {
                error("member '\(member.wireName)' of \(what) is both required and optional", at: member.location)
            } else {
                kept.append(member)
            }
        }
        checkMemberNames(required + kept, scope: what)
        return ObjectType(
            name: entry.name, description: description, required: required, optional: kept, names: names, location: entry.key.location)
    }

    func readKinds(_ node: Node) -> [Kind] {
        guard let list = entries(of: node, what: "'kinds'", nullIsEmpty: true) else { return [] }
        return list.compactMap { entry in
            checkName(entry.name, what: "kind name", at: entry.key.location)
            let what = "kind '\(entry.name)'"
            guard let body = entries(of: entry.value, what: what, allowed: ["description", "mandatory"] + CodeTargets.chosenNameKeys, nullIsEmpty: true) else { return nil }
            let names = readNames(in: body, of: what)
            let description = body["description"].flatMap { text(of: $0.value, what: "'description' of \(what)") }
            let mandatory = body["mandatory"].map { readFields($0.value, section: "'mandatory' of \(what)") } ?? []
            return Kind(name: entry.name, description: description, mandatory: mandatory, names: names, location: entry.key.location)
        }
    }

    // MARK: Names per target

    /// The names an element chose per code target: `names: { swift: …, kotlin: … }`
    /// and a target's own key (``CodeTarget/chosenNameAlias``: `swiftName:`, an alias
    /// of `names.swift`), found in the element's `body`. Each name must be usable
    /// in its target (``CodeTarget/chosenNameProblem(_:)``); invalid ones are
    /// reported and left out.
    func readNames(in body: [MappingEntry], of what: @autoclosure () -> String) -> TargetNames {
        let names = body["names"]
        // Read for every element of the contract: no allocation when it chooses no name.
        var aliases: [(target: any CodeTarget, entry: MappingEntry)] = []
        for (target, key) in CodeTargets.chosenNameAliases {
            if let entry = body[key] { aliases.append((target, entry)) }
        }
        guard !aliases.isEmpty || names != nil else { return TargetNames() }
        var result = TargetNames()
        var aliasNames: [(target: any CodeTarget, entry: MappingEntry, name: String)] = []
        for alias in aliases {
            let key = alias.entry.name
            guard let name = text(of: alias.entry.value, what: "'\(key)' of \(what())") else { continue }
            if let hint = alias.target.chosenNameProblem(name) {
                error(
                    "'\(key)' of \(what()) must be a \(alias.target.displayName) identifier, found '\(name)'", at: alias.entry.value.location,
                    hint: hint)
            } else {
                aliasNames.append((alias.target, alias.entry, name))
            }
        }
        if let names, let list = entries(of: names.value, what: "'names' of \(what())", allowed: CodeTargets.ids) {
            for entry in list {
                guard let target = CodeTargets.target(id: entry.name),
                    let name = text(of: entry.value, what: "'names.\(entry.name)' of \(what())")
                else { continue }
                if let hint = target.chosenNameProblem(name) {
                    error(
                        "'names.\(target.id)' of \(what()) must be a \(target.displayName) identifier, found '\(name)'",
                        at: entry.value.location, hint: hint)
                    continue
                }
                result[target.id] = name
            }
        }
        for (target, entry, aliasName) in aliasNames {
            let key = entry.name
            if let chosen = result[target.id], chosen != aliasName {
                error(
                    "'\(key)' and 'names.\(target.id)' of \(what()) disagree: '\(aliasName)' and '\(chosen)'", at: entry.key.location,
                    hint: "'\(key):' is another way to write 'names: { \(target.id): … }': keep one of them")
            }
            result[target.id] = result[target.id] ?? aliasName
        }
        return result
    }

    /// Reports fields of one scope whose names collide in any target.
    func checkMemberNames(_ fields: [Field], scope: String) {
        for target in CodeTargets.all { target.checkMemberNames(fields, scope: scope, reporting: self) }
    }
}
