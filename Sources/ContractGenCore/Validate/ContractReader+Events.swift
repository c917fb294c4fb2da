import Foundation

/// Events: a kind, constants for the kind's value-set fields, and the curated
/// fields they require or allow.
extension ContractReader {
    static let eventKeys = ["kind", "description", "deprecated", "required", "optional"] + CodeTargets.chosenNameKeys

    func readEvents(_ node: Node, contract: Contract) -> [Event] {
        guard let list = entries(of: node, what: "'events'", nullIsEmpty: true) else { return [] }
        let context = EventContext(contract: contract)
        curatedFieldUsed = Array(repeating: false, count: contract.fields.count)
        let workers = ProcessInfo.processInfo.activeProcessorCount
        guard list.count >= Self.eventsPerChunk * 2, workers > 1 else {
            var events: [Event] = []
            events.reserveCapacity(list.count)
            for entry in list {
                if let event = readEvent(entry, context) { events.append(event) }
            }
            return events
        }

        // Large contracts: the events are read in chunks on all cores, each by
        // a reader of its own that starts from this one's state; their findings
        // are then taken in chunk order, so the result is the one a single
        // reader would give.
        let chunkSize = max(Self.eventsPerChunk, (list.count + 4 * workers - 1) / (4 * workers))
        let chunks = stride(from: 0, to: list.count, by: chunkSize).map { list[$0..<min($0 + chunkSize, list.count)] }
        let start = ReaderSnapshot(self)
        let parts = Concurrently.map(chunks) { chunk in
            let reader = start.reader()
            var events: [Event] = []
            events.reserveCapacity(chunk.count)
            for entry in chunk {
                if let event = reader.readEvent(entry, context) { events.append(event) }
            }
            return EventChunk(
                events: events, diagnostics: reader.diagnostics, dropped: reader.dropped, mentionedFieldNames: reader.mentionedFieldNames,
                curatedFieldUsed: reader.curatedFieldUsed)
        }
        var events: [Event] = []
        events.reserveCapacity(list.count)
        for part in parts {
            events += part.events
            take(part.diagnostics, dropped: part.dropped)
            mentionedFieldNames.formUnion(part.mentionedFieldNames)
            for (index, used) in part.curatedFieldUsed.enumerated() where used { curatedFieldUsed[index] = true }
        }
        return events
    }

    /// Below twice this many events, one reader reads them all.
    static let eventsPerChunk = 512

    /// What a reader started for one part of the work (a chunk of events, one
    /// target's name checks) needs from this reader, copied cheaply (the
    /// collections are shared until written), so that parts run concurrently.
    struct ReaderSnapshot: Sendable {
        let root: Node
        let file: String
        let valueSetNames: Set<String>
        let objectNames: Set<String>
        let valueSets: [String: ValueSet]
        let valueSetCodes: [String: Set<String>]
        let objects: [String: ObjectType]
        let curatedFieldNames: Set<String>
        let curatedFieldCount: Int
        /// Findings a chunk may still add before the reader's limit.
        let room: Int

        init(_ reader: ContractReader) {
            root = reader.root
            file = reader.file
            valueSetNames = reader.valueSetNames
            objectNames = reader.objectNames
            valueSets = reader.valueSets
            valueSetCodes = reader.valueSetCodes
            objects = reader.objects
            curatedFieldNames = reader.curatedFieldNames
            curatedFieldCount = reader.curatedFieldUsed.count
            room = max(0, ContractReader.collectionLimit - reader.diagnostics.count)
        }

        func reader() -> ContractReader {
            let reader = ContractReader(root: root, file: file, collectionLimit: room)
            reader.valueSetNames = valueSetNames
            reader.objectNames = objectNames
            reader.valueSets = valueSets
            reader.valueSetCodes = valueSetCodes
            reader.objects = objects
            reader.curatedFieldNames = curatedFieldNames
            reader.curatedFieldUsed = Array(repeating: false, count: curatedFieldCount)
            return reader
        }
    }

    /// What the reader of one chunk found.
    struct EventChunk: Sendable {
        let events: [Event]
        let diagnostics: [Diagnostic]
        /// Findings past the chunk reader's limit, counted only.
        let dropped: DiagnosticCounts
        let mentionedFieldNames: Set<String>
        let curatedFieldUsed: [Bool]
    }

    /// Lookups every event needs, built once.
    /// What events need to know about a kind, behind one reference so that
    /// looking it up per event copies nothing.
    final class KindInfo: Sendable {
        let name: String
        let fieldNames: [String]
        /// Per field: the value set of its type, when it has one.
        let valueSets: [String?]

        init(_ kind: Kind) {
            name = kind.name
            fieldNames = kind.mandatory.map(\.wireName)
            valueSets = kind.mandatory.map { if case .valueSet(let name) = $0.spec.type { name } else { nil } }
        }
    }

    struct EventContext: Sendable {
        let kinds: [String: KindInfo]
        let kindNames: [String]
        /// Curated field name -> index in `Contract.fields`.
        let curated: [String: Int]
        /// Per curated field: its deprecation message, if any.
        let deprecations: [String?]
        let envelope: Set<String>
        let globals: Set<String>

        init(contract: Contract) {
            var kinds: [String: KindInfo] = [:]
            for kind in contract.kinds where kinds[kind.name] == nil { kinds[kind.name] = KindInfo(kind) }
            self.kinds = kinds
            kindNames = contract.kinds.map(\.name)
            var curated: [String: Int] = [:]
            curated.reserveCapacity(contract.fields.count)
            for (index, field) in contract.fields.enumerated() where curated[field.wireName] == nil { curated[field.wireName] = index }
            self.curated = curated
            deprecations = contract.fields.map(\.deprecated)
            envelope = Set(contract.mandatory.map(\.wireName))
            globals = Set(contract.globals.map(\.wireName))
        }
    }

    func readEvent(_ entry: MappingEntry, _ context: EventContext) -> Event? {
        checkName(entry.name, what: "event name", at: entry.key.location)
        func what() -> String { "event '\(entry.name)'" }  // built only for messages
        if entry.value.isNull {
            error("\(what()) has no kind", at: entry.key.location, hint: "add 'kind:' with one of: \(context.kindNames.joined(separator: ", "))")
            return nil
        }
        guard let body = entries(of: entry.value, what: what()) else { return nil }
        let diagnosticsBefore = diagnostics.count
        defer {
            // A broken event may still mean to use fields: do not call them unused as well.
            if diagnostics.count > diagnosticsBefore { noteMentions(in: body) }
        }

        var kind: KindInfo?
        var kindName = ""
        var kindIsKnown = false
        if let kindEntry = body["kind"] {
            if let name = text(of: kindEntry.value, what: "'kind' of \(what())") {
                kindName = name
                if let known = context.kinds[name] {
                    kind = known
                    kindIsKnown = true
                } else if !context.kindNames.contains(name) {
                    error(
                        "unknown kind '\(name)' for \(what())", at: kindEntry.value.location,
                        hint: Suggestions.didYouMean(name, among: context.kindNames) ?? "kinds: \(context.kindNames.joined(separator: ", "))")
                } else {
                    kindIsKnown = true  // declared, but its declaration had errors
                }
            }
        } else {
            error("\(what()) has no kind", at: entry.key.location, hint: "add 'kind:' with one of: \(context.kindNames.joined(separator: ", "))")
        }

        var description: String?
        var deprecated: String?
        var constants: [EventConstant] = []
        var required: [FieldReference] = []
        var optional: [FieldReference] = []
        for item in body {
            switch item.name {
            case "kind": continue
            case let key where CodeTargets.chosenNameKeys.contains(key): continue  // read by `readNames(in:of:)`
            case "description": description = text(of: item.value, what: "'description' of \(what())")
            case "deprecated":
                if case .bool? = item.value.scalarValue {
                    error("'deprecated' of \(what()) takes a message, found \(describe(item.value))", at: item.value.location, hint: "say what to use instead")
                } else {
                    deprecated = text(of: item.value, what: "'deprecated' of \(what())")
                }
            case "required": required = references(item.value, list: "required", of: what())
            case "optional": optional = references(item.value, list: "optional", of: what())
            default:
                if let constant = readConstant(item, kind: kind, kindIsKnown: kindIsKnown, what: what()) { constants.append(constant) }
            }
        }

        checkReferences(required: required, optional: optional, kind: kind, context: context, what: what())
        guard !kindName.isEmpty else { return nil }
        return Event(
            name: entry.name, kind: kindName, description: description, deprecated: deprecated, constants: constants,
            required: required, optional: optional, names: readNames(in: body, of: what()), location: entry.key.location)
    }

    /// Remembers the names listed anywhere in an event body (`required: sku` included).
    private func noteMentions(in body: [MappingEntry]) {
        for item in body where item.name != "kind" {
            switch item.value.value {
            case .scalar(let text, _): mentionedFieldNames.insert(text)
            case .sequence(let nodes): for node in nodes { if let text = node.scalar { mentionedFieldNames.insert(text) } }
            case .mapping(let pairs): for pair in pairs { if let text = pair.key.scalar { mentionedFieldNames.insert(text) } }
            }
        }
    }

    /// `viewType: wishlist`: fixes one of the kind's value-set fields.
    private func readConstant(_ item: MappingEntry, kind: KindInfo?, kindIsKnown: Bool, what: @autoclosure () -> String) -> EventConstant? {
        guard let kind else {
            // Without a usable kind there is no telling a constant from a typo.
            if !kindIsKnown, Suggestions.closest(to: item.name, among: Self.eventKeys) != nil {
                unknownKey(item.name, at: item.key.location, in: what(), allowed: Self.eventKeys)
            }
            return nil
        }
        guard let index = kind.fieldNames.firstIndex(of: item.name) else {
            let valueSetFields = zip(kind.fieldNames, kind.valueSets).filter { $0.1 != nil }.map(\.0)
            let candidates = Self.eventKeys + valueSetFields
            let hint = Suggestions.didYouMean(item.name, among: candidates)
                ?? "an event takes \(Self.eventKeys.joined(separator: ", "))\(valueSetFields.isEmpty ? "" : ", or a constant for \(valueSetFields.map { "'\($0)'" }.joined(separator: ", "))")"
            error("unknown key '\(item.name)' in \(what())", at: item.key.location, hint: hint)
            return nil
        }
        guard let setName = kind.valueSets[index] else {
            error(
                "'\(item.name)' of kind '\(kind.name)' is not a value-set field and cannot be fixed by \(what())", at: item.key.location,
                hint: "only a kind's value-set fields take a constant")
            return nil
        }
        guard let codes = valueSetCodes[setName] else { return nil }
        guard case .scalar(let code, _) = item.value.value, !item.value.isNull else {
            error("constant '\(item.name)' of \(what()) must be a code of value set '\(setName)', found \(describe(item.value))", at: item.value.location)
            return nil
        }
        guard codes.contains(code) else {
            if let set = valueSets[setName] { notMember(code, of: set, at: item.value.location, what: "constant '\(item.name)' of \(what())") }
            return nil
        }
        return EventConstant(field: item.name, code: code, location: item.key.location)
    }

    private func references(_ node: Node, list: String, of what: @autoclosure () -> String) -> [FieldReference] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.value else {
            var hint: String?
            if case .scalar(let text, _) = node.value { hint = "write a list: '\(list): [\(text)]'" }
            error("'\(list)' of \(what()) must be a list of field names, found \(node.kindName)", at: node.location, hint: hint)
            return []
        }
        var result: [FieldReference] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard case .scalar(let name, _) = item.value, !item.isNull else {
                error("'\(list)' of \(what()) must list field names, found \(item.kindName)", at: item.location)
                continue
            }
            // Lists are short: a scan beats hashing.
            if let first = result.first(where: { $0.name == name }) {
                error("field '\(name)' is listed twice in '\(list)' of \(what())", at: item.location, hint: "first at line \(first.location.line), column \(first.location.column)")
                continue
            }
            result.append(FieldReference(name: name, location: item.location))
        }
        return result
    }

    private func checkReferences(required: [FieldReference], optional: [FieldReference], kind: KindInfo?, context: EventContext, what: @autoclosure () -> String) {
        for reference in required { checkReference(reference, list: "required", alsoRequired: false, kind: kind, context: context, what: what()) }
        for reference in optional {
            let alsoRequired = required.contains { $0.name == reference.name }
            checkReference(reference, list: "optional", alsoRequired: alsoRequired, kind: kind, context: context, what: what())
        }
    }

    private func checkReference(_ reference: FieldReference, list: String, alsoRequired: Bool, kind: KindInfo?, context: EventContext, what: @autoclosure () -> String) {
        let name = reference.name
        if alsoRequired {
            error("field '\(name)' of \(what()) is both required and optional", at: reference.location, hint: "keep it in one list")
        } else if let kind, kind.fieldNames.contains(name) {
            error("field '\(name)' is already mandatory for kind '\(kind.name)'; \(what()) need not list it", at: reference.location, hint: "remove it from '\(list)'")
        } else if let index = context.curated[name] {
            curatedFieldUsed[index] = true
            if let message = context.deprecations[index] {
                warning("\(what()) uses deprecated field '\(name)'\(message.isEmpty ? "" : ": \(message)")", at: reference.location)
            }
        } else if context.envelope.contains(name) {
            error("field '\(name)' is carried by every event ('mandatory'); \(what()) need not list it", at: reference.location, hint: "remove it from '\(list)'")
        } else if context.globals.contains(name) {
            error("field '\(name)' is a global the dispatcher adds; \(what()) need not list it", at: reference.location, hint: "remove it from '\(list)'")
        } else if !curatedFieldNames.contains(name) {
            error(
                "unknown field '\(name)' in '\(list)' of \(what())", at: reference.location,
                hint: Suggestions.didYouMean(name, among: context.curated.keys.sorted()) ?? "declare it under 'fields:'")
        }
    }
}
