import TrackingCore

/// The checks that need the whole contract: the envelope, reserved and
/// colliding names, object cycles, and what nothing uses. They read the
/// contract and what reading found (``Usage``), and report through
/// `reporter`; they keep no state of the reader's.
struct ContractChecks {
    /// What the reader saw used while reading, for the "not used" warnings.
    struct Usage {
        /// Value sets and objects some field refers to.
        var usedTypeNames: Set<String>
        /// Names mentioned by events with errors (not reported as unused).
        var mentionedFieldNames: Set<String>
        /// Per curated field (by index in `Contract.fields`): whether an event lists it.
        var curatedFieldUsed: [Bool]
    }

    let reporter: ContractReader
    let usage: Usage
    let contract: Contract
    /// Where `mandatory:` is, for "the envelope lacks ..." errors; `nil` when
    /// the section is missing (reported already).
    let mandatoryLocation: SourceLocation?

    func run() {
        checkEnvelope()
        checkPayloadNames()
        checkTargetNames()
        checkObjectCycles()
        warnAboutUsage()
    }

    /// Each target's names: what it derives, reserves and must keep apart.
    /// The targets are independent of each other, so each checks on a core of
    /// its own, reporting to a reader of its own (as the event chunks are read); their findings are taken in
    /// the targets' order, so the result is the one of checking one by one.
    private func checkTargetNames() {
        let start = ContractReader.ReaderSnapshot(reporter)
        let contract = contract
        let found = Concurrently.map(CodeTargets.all) { target in
            let targetReporter = start.reader()
            target.checkNames(of: contract, reporting: targetReporter)
            return (targetReporter.diagnostics, targetReporter.dropped)
        }
        for (diagnostics, dropped) in found { reporter.take(diagnostics, dropped: dropped) }
    }

    /// `uuid` (uuid) and `clientTimestamp` (timestamp) must be in `mandatory`.
    private func checkEnvelope() {
        for (name, type) in [(WireNames.uuid, ValueType.uuid), (WireNames.clientTimestamp, ValueType.timestamp)] {
            if let field = contract.mandatory.first(where: { $0.wireName == name }) {
                if field.spec.type != type {
                    reporter.error(
                        "'\(name)' in 'mandatory' must have type \(type.contractName), found \(field.spec.type.contractName)", at: field.location,
                        hint: "the runtime de-duplicates and orders events by it")
                }
            } else if let mandatoryLocation {
                reporter.error(
                    "'mandatory' lacks '\(name)' (type \(type.contractName))", at: mandatoryLocation,
                    hint: "every contract carries '\(name): { type: \(type.contractName) }'; the runtime de-duplicates and orders events by it")
            }
        }
    }

    /// Names at the top level of every event's payload: reserved names, one
    /// declaration per wire name (distinct names in code are each target's check).
    private func checkPayloadNames() {
        let sections = ["'mandatory'", "'globals'", "'fields'"]
        // Wire name -> (section index, location) of its first declaration.
        var declared: [String: (section: Int, location: SourceLocation)] = [:]
        declared.reserveCapacity(contract.mandatory.count + contract.globals.count + contract.fields.count)
        for (section, fields) in [contract.mandatory, contract.globals, contract.fields].enumerated() {
            for field in fields {
                let name = field.wireName
                if name == WireNames.event || name == WireNames.kind {
                    reporter.error("'\(name)' is reserved: the encoder writes it into every event", at: field.location, hint: "choose another name")
                    continue
                }
                if name == WireNames.contractVersion {
                    if section != 1 {
                        reporter.error(
                            "'contractVersion' is reserved: the encoder writes it into every event", at: field.location,
                            hint: "only a global of type string may use this name")
                        continue
                    }
                    if field.spec.type != .string {
                        reporter.error("global 'contractVersion' must have type string, found \(field.spec.type.contractName)", at: field.location)
                    }
                }
                if let first = declared[name] {
                    reporter.error(
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
                if WireNames.reserved.contains(name) {
                    reporter.error("'\(name)' is reserved: the encoder writes it into every event", at: field.location, hint: "choose another name")
                } else if let first = declared[name], first.section != 2 {
                    reporter.error(
                        "field '\(name)' of kind '\(kind.name)' is already declared in \(sections[first.section])", at: field.location,
                        hint: "first at line \(first.location.line), column \(first.location.column); a payload holds each name once")
                }
            }
        }
    }

    /// Wire names the encoder writes itself (reported where declared).
    static let reservedWireNames = WireNames.reserved

    /// Objects whose required members need each other can never be built.
    private func checkObjectCycles() {
        var edges: [String: [String]] = [:]
        func target(_ spec: ValueSpec) -> String? {
            switch spec.type {
            case .object(let name): name
            case .array(let items): (spec.constraints.minItems ?? 0) > 0 ? target(items) : nil
            case .valueSet, .string, .int, .double, .decimal, .bool, .uuid, .timestamp: nil
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
                            reporter.error(
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
            reporter.warning("global '\(field.wireName)' is marked pii, but globals go with every event", at: field.location, hint: "globals should never hold personal data")
        }
        for set in contract.valueSets where !usage.usedTypeNames.contains(set.name) {
            reporter.warning("value set '\(set.name)' is not used by any field", at: set.location)
        }
        for object in contract.objects where !usage.usedTypeNames.contains(object.name) {
            reporter.warning("object '\(object.name)' is not used by any field", at: object.location)
        }
        for (index, field) in contract.fields.enumerated()
        where !(index < usage.curatedFieldUsed.count && usage.curatedFieldUsed[index])
            && !usage.mentionedFieldNames.contains(field.wireName) && NameSyntax.isValidName(field.wireName)
        {
            reporter.warning("field '\(field.wireName)' is not used by any event", at: field.location)
        }
    }
}
