import TrackingCore

/// The lower stage: a valid ``Contract`` with every rule decided once, in no
/// target's language, for every target to render (docs/architecture.md, "The
/// generator pipeline").
///
/// Per event its members in wire order (the envelope, the kind's fields, the
/// event's own fields), each with its role: required, optional, fixed by the
/// event (a kind field's constant) or filled by the runtime when not given (a
/// fresh uuid or the time). Fields keep their type, constraints, pattern (by
/// index into ``patterns``), pii mark and default; objects, value sets and
/// kinds the same way. Targets attach their names to it (each field keeps its
/// ``LoweredField/declaration``) and derive no rule again; the rules data the
/// TypeScript runtime reads (``ContractRulesData``) is this value serialised.
package struct LoweredContract: Sendable {
    package var name: String
    package var version: String
    /// Every pattern compiled once; fields refer to them by index into ``PatternPrograms/order``.
    package var patterns: PatternPrograms
    /// Pattern text -> its index into ``PatternPrograms/order``.
    package var patternIndices: [String: Int]
    package var valueSets: [LoweredValueSet]
    package var objects: [LoweredObject]
    /// The envelope (`mandatory`), in contract order, each with its role in every event.
    package var envelope: [(field: LoweredField, role: LoweredRole)]
    package var kinds: [LoweredKind]
    /// Fields the dispatcher appends to every event.
    package var globals: [LoweredField]
    /// The curated fields events pick from, in contract order.
    package var fields: [LoweredField]
    package var events: [LoweredEvent]
    /// How many shards the events are spread over (``LoweredEvent/shard``): ``eventShardCount`` when
    /// `generate` lowers. A target that writes fewer event files folds these shards
    /// (``eventIndices(inFilesOf:)``), so every target reads the one lowering.
    package var shardCount: Int
    /// Kind name -> index into ``kinds``.
    package var kindIndices: [String: Int]
    /// Curated field wire name -> index into ``fields``.
    package var fieldIndices: [String: Int]
    /// What was lowered: for targets' names and documentation only, never for rules.
    package var contract: Contract

    /// Which envelope fields the runtime fills in when an event is made without them: `uuid` (type
    /// `uuid`) with a fresh random uuid, `clientTimestamp` (type `timestamp`) with the current time.
    /// Every other envelope field, whatever its type (`installId: uuid`, `sessionStart: timestamp`),
    /// is a value the app gives: a fresh one per event would be a wrong value, not a missing one.
    package static func filledValue(ofEnvelopeField field: Field) -> FreshValue? {
        if field.wireName == WireNames.uuid, field.spec.type == .uuid { return .uuid }
        if field.wireName == WireNames.clientTimestamp, field.spec.type == .timestamp { return .now }
        return nil
    }

    /// The shards events are spread over: the finest any target writes (Swift's fixed
    /// ``GeneratedFileNames/eventShardCount`` files, which the build plugin declares before the contract is
    /// read). A target with fewer event files takes a divisor of it and folds the shards (FNV-1a modulo 64,
    /// modulo 16, is FNV-1a modulo 16: the same file an event always went to).
    package static let eventShardCount = GeneratedFileNames.eventShardCount

    /// Events from which lowering them pays off on all cores (about a millisecond of work on one).
    static let concurrentEventThreshold = 2_048

    /// Lowers a valid contract (references the validator reported are skipped), its events spread over
    /// `shardCount` shards by ``GeneratedFileNames/eventShard(ofEvent:count:)``. `generate` lowers once, in
    /// ``ContractGenerator/lower(_:)``, and hands the value to every target; a target never lowers again.
    package init(_ contract: Contract, shardCount: Int = LoweredContract.eventShardCount) {
        self.contract = contract
        name = contract.name
        version = contract.version
        self.shardCount = shardCount
        let patterns = PatternPrograms(contract)
        self.patterns = patterns
        let patternIndex = Dictionary(uniqueKeysWithValues: patterns.order.enumerated().map { ($1, $0) })
        patternIndices = patternIndex
        func lower(_ field: Field) -> LoweredField { LoweredField(field, patternIndex: patternIndex) }
        valueSets = contract.valueSets.map { set in
            LoweredValueSet(name: set.name, members: set.cases.map { (code: $0.code, wireValue: $0.wireValue) }, declaration: set)
        }
        objects = contract.objects.map { object in
            LoweredObject(
                name: object.name, required: object.required.map(lower), optional: object.optional.map(lower), declaration: object)
        }
        envelope = contract.mandatory.map { field in
            (lower(field), Self.filledValue(ofEnvelopeField: field).map(LoweredRole.filled) ?? .required)
        }
        kinds = contract.kinds.map { LoweredKind(name: $0.name, fields: $0.mandatory.map(lower), declaration: $0) }
        globals = contract.globals.map(lower)
        fields = contract.fields.map(lower)
        var kindIndices: [String: Int] = [:]
        for (index, kind) in contract.kinds.enumerated() where kindIndices[kind.name] == nil { kindIndices[kind.name] = index }
        self.kindIndices = kindIndices
        var fieldIndices: [String: Int] = [:]
        for (index, field) in contract.fields.enumerated() where fieldIndices[field.wireName] == nil { fieldIndices[field.wireName] = index }
        self.fieldIndices = fieldIndices
        let valueSetsByName = Dictionary(contract.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let envelope = self.envelope
        let envelopeMembers = envelope.indices.map { LoweredEvent.Member(field: .envelope($0), role: envelope[$0].role) }
        // Per kind field, decided once rather than per event: its wire name, and the wire value of each
        // code of its value set (``wireValues(ofCodesOf:valueSets:)``).
        let kindFieldNames = self.kinds.map { $0.fields.map(\.wireName) }
        let kindFieldWireValues = self.kinds.map { kind in
            kind.fields.map { field in Self.wireValues(ofCodesOf: field.declaration, valueSets: valueSetsByName) }
        }
        let kindIndexByName = kindIndices, fieldIndexByName = fieldIndices
        // `consuming`: the event value becomes the lowered event's declaration without another copy.
        @Sendable func lowerEvent(_ event: consuming Event) -> LoweredEvent {
            let kind = kindIndexByName[event.kind]
            let kindFieldCount = kind.map { kindFieldNames[$0].count } ?? 0
            // One allocation per event: the envelope's members are copied into an array of the final size.
            var members: [LoweredEvent.Member] = []
            members.reserveCapacity(envelopeMembers.count + kindFieldCount + event.required.count + event.optional.count)
            members.append(contentsOf: envelopeMembers)
            if let kind {
                for position in 0..<kindFieldCount {
                    var role = LoweredRole.required
                    let wireName = kindFieldNames[kind][position]
                    if let constant = event.constants.first(where: { $0.field == wireName }) {
                        role = .fixed(code: constant.code, wireValue: kindFieldWireValues[kind][position]?[constant.code] ?? constant.code)
                    }
                    members.append(LoweredEvent.Member(field: .kind(kind, position), role: role))
                }
            }
            for reference in event.required {
                if let index = fieldIndexByName[reference.name] { members.append(LoweredEvent.Member(field: .curated(index), role: .required)) }
            }
            for reference in event.optional {
                if let index = fieldIndexByName[reference.name] { members.append(LoweredEvent.Member(field: .curated(index), role: .optional)) }
            }
            return LoweredEvent(
                kindIndex: kind, members: members, shard: GeneratedFileNames.eventShard(ofEvent: event.name, count: shardCount),
                declaration: event)
        }
        // Each event is lowered on its own: a big contract's events in chunks on all cores, each written
        // in place into the one array (joining per-chunk arrays would copy every event once more).
        let allEvents = contract.events
        if allEvents.count < Self.concurrentEventThreshold {
            events = allEvents.map(lowerEvent)
        } else {
            events = Concurrently.array(count: allEvents.count, chunkSize: Self.concurrentEventThreshold / 2) { lowerEvent(allEvents[$0]) }
        }
    }

    /// What an event's constant fixes a kind field to, per code: the wire value of the value set's
    /// member of that code (for a list set, the item itself; the first member of a code); `nil` when
    /// `field` is not of a value set the contract declares (then the wire value is the code).
    static func wireValues(ofCodesOf field: Field, valueSets: [String: ValueSet]) -> [String: String]? {
        guard case .valueSet(let setName) = field.spec.type, let set = valueSets[setName] else { return nil }
        var wireValues: [String: String] = [:]
        wireValues.reserveCapacity(set.cases.count)
        for member in set.cases where wireValues[member.code] == nil { wireValues[member.code] = member.wireValue }
        return wireValues
    }

    /// The field an event's member refers to.
    package func field(_ reference: LoweredEvent.FieldReference) -> LoweredField {
        switch reference {
        case .envelope(let index): envelope[index].field
        case .kind(let kind, let position): kinds[kind].fields[position]
        case .curated(let index): fields[index]
        }
    }

    /// The index of `spec`'s pattern (not its items') into ``patterns``; `nil` without one.
    package func patternIndex(of spec: ValueSpec) -> Int? {
        spec.constraints.pattern.flatMap { patternIndices[$0] }
    }

    /// The events of `shard`, in contract order.
    package func events(inShard shard: Int) -> [LoweredEvent] {
        events.filter { $0.shard == shard }
    }

    /// Indices into ``events`` per event file of a target that writes `fileCount` of them (a divisor of
    /// ``shardCount``), each in contract order: file `n` holds the shards `n`, `n + fileCount`, …
    package func eventIndices(inFilesOf fileCount: Int) -> [[Int]] {
        precondition(fileCount > 0 && shardCount % fileCount == 0, "\(fileCount) event files do not divide \(shardCount) shards")
        var files = Array(repeating: [Int](), count: fileCount)
        for (index, event) in events.enumerated() { files[event.shard % fileCount].append(index) }
        return files
    }
}

/// What an event's member is for the one who makes the event.
package enum LoweredRole: Sendable, Hashable {
    /// An argument the event cannot be made without.
    case required
    /// An argument that may be left out (then absent from the payload, never `null`).
    case optional
    /// A kind field the event fixes: always the member of this code (of the field's value set), sent
    /// as this wire value; never an argument.
    case fixed(code: String, wireValue: String)
    /// An envelope field the runtime fills in when not given (``LoweredContract/filledValue(ofEnvelopeField:)``).
    case filled(FreshValue)
}

/// A value an event function makes when its caller passes none: the
/// envelope's id and time. Each target writes the code that makes it.
package enum FreshValue: Sendable, Hashable {
    /// A new random UUID (`uuid`).
    case uuid
    /// The current time (`clientTimestamp`).
    case now
}

/// A field with its rules: the same value wherever the field appears.
package struct LoweredField: Sendable {
    package var wireName: String
    /// Its type and constraints (the pattern as text; ``patternIndex`` is its program).
    package var spec: ValueSpec
    /// The pattern's index into ``LoweredContract/patterns``; `nil` without a pattern.
    package var patternIndex: Int?
    /// May hold personal data: removed when consent is denied, redacted in logs.
    package var pii: Bool
    /// The contract's default, in wire form.
    package var defaultValue: JSONValue?
    /// The declaration: for names and documentation.
    package var declaration: Field

    init(_ field: Field, patternIndex: [String: Int]) {
        wireName = field.wireName
        spec = field.spec
        self.patternIndex = field.spec.constraints.pattern.flatMap { patternIndex[$0] }
        pii = field.pii
        defaultValue = field.defaultValue
        declaration = field
    }
}

/// A value set: its members' codes and wire values, in contract order.
package struct LoweredValueSet: Sendable {
    package var name: String
    package var members: [(code: String, wireValue: String)]
    package var declaration: ValueSet
}

/// An object type: its required members, then its optional ones, in contract order (its wire order).
package struct LoweredObject: Sendable {
    package var name: String
    package var required: [LoweredField]
    package var optional: [LoweredField]
    package var declaration: ObjectType
}

/// A kind: the fields it adds to each of its events, in contract order.
package struct LoweredKind: Sendable {
    package var name: String
    package var fields: [LoweredField]
    package var declaration: Kind
}

/// An event: its members in wire order and its shard.
package struct LoweredEvent: Sendable {
    /// Where a member's field is declared.
    package enum FieldReference: Sendable, Hashable {
        /// ``LoweredContract/envelope``'s field at this index.
        case envelope(Int)
        /// The field at `position` of the kind at `kind` in ``LoweredContract/kinds``.
        case kind(Int, Int)
        /// ``LoweredContract/fields``'s field at this index.
        case curated(Int)
    }

    /// One member of the payload.
    package struct Member: Sendable, Hashable {
        package var field: FieldReference
        package var role: LoweredRole
    }

    /// The event's wire name (its declaration's: not stored twice, so a copy of the event retains less).
    package var name: String { declaration.name }
    /// The kind's wire name (its declaration's).
    package var kind: String { declaration.kind }
    /// The kind's index in ``LoweredContract/kinds`` (`nil` only for a kind the validator reported).
    package var kindIndex: Int?
    /// In wire order: the envelope, the kind's fields, the event's required then optional fields.
    package var members: [Member]
    package var shard: Int
    /// The declaration: for names and documentation.
    package var declaration: Event
}
