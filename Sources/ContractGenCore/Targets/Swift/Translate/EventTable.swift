/// The events of a contract, compactly: every field declaration an event can
/// carry, built once, and per event only what differs (its name, kind,
/// constants and which curated fields it carries, as indices).
///
/// A contract of thousands of events puts the same few thousand declarations
/// into every event; the renderer prints each declaration's code once and the
/// events by index, without a declaration model per event. Each kind's event
/// struct stores the envelope's and the kind's slots (``KindEntry``).
struct EventTable: Sendable {
    /// The declarations events carry, by slot: the envelope fields first, then
    /// every kind's mandatory fields, then each curated field present and optional.
    var fields: [PropertyDecl]
    var kinds: [KindEntry]
    /// Slots of the envelope fields, in contract order.
    var envelope: [Int]
    var kindIndices: [String: Int]
    /// Curated field wire name -> its slots present and optional.
    var curatedSlots: [String: (present: Int, optional: Int)]
    /// Value set name -> code -> the constant an event fixes a field to.
    var constantCases: [String: [String: ConstantDecl]]
    let names: GeneratedNames
    /// The contract's file name (no directories), for "Declared in contract.yaml, line 12."
    let sourceFile: String

    struct KindEntry: Sendable {
        var name: String
        var protocolName: String
        /// Its events' struct in `Events`, unqualified and escaped (`PageView`).
        var structName: String
        /// Slots of the kind's mandatory fields, in contract order.
        var fields: [Int]
    }

    /// An event, with its fields as slots. (Made per event when it is
    /// rendered, so the renderers of the shards make them concurrently.)
    struct EventEntry: Sendable {
        var name: String
        /// The line the contract declares it on.
        var line: Int
        var doc: String?
        var deprecated: String?
        /// The kind's wire name (validated to exist) and its index in ``EventTable/kinds``.
        var kindName: String
        var kind: Int?
        /// Kind fields this event fixes: position among the kind's fields, and the member.
        var constants: [(position: Int, constant: ConstantDecl)]
        /// Curated slots: required fields, then optional ones, in contract order.
        var curated: [Int]

        func constant(at position: Int) -> ConstantDecl? {
            constants.first { $0.position == position }?.constant
        }
    }

    /// `lowered` (an event of `contract`) with its fields as slots: the kind fields it fixes and its
    /// curated fields, with their roles, as the lower stage decided them.
    func entry(of lowered: LoweredEvent, in contract: LoweredContract) -> EventEntry {
        let event = lowered.declaration
        let kind = kindIndices[event.kind]
        var constants: [(position: Int, constant: ConstantDecl)] = []
        var curated: [Int] = []
        curated.reserveCapacity(event.required.count + event.optional.count)
        for member in lowered.members {
            switch (member.field, member.role) {
            case (.kind(_, let position), .fixed(let code, _)):
                guard let kind, position < kinds[kind].fields.count else { continue }
                if case .valueSet(let setName) = fields[kinds[kind].fields[position]].spec.type, let fixed = constantCases[setName]?[code] {
                    constants.append((position, fixed))
                }
            case (.curated(let index), .required):
                if let slots = curatedSlots[contract.fields[index].wireName] { curated.append(slots.present) }
            case (.curated(let index), .optional):
                if let slots = curatedSlots[contract.fields[index].wireName] { curated.append(slots.optional) }
            case (.envelope, _), (.kind, .required), (.kind, .optional), (.kind, .filled), (.curated, .fixed), (.curated, .filled):
                continue
            }
        }
        return EventEntry(
            name: event.name, line: event.location.line, doc: event.description, deprecated: event.deprecated, kindName: event.kind, kind: kind,
            constants: constants, curated: curated)
    }

    /// The struct the event's function returns, in `Events`, unqualified and escaped.
    func kindStructName(of event: EventEntry) -> String {
        event.kind.map { kinds[$0].structName } ?? SwiftName.escaped(names.kindName(event.kindName))
    }

    /// `event`'s properties in wire order (envelope, kind, curated fields): each
    /// as its slot in ``fields`` and the constant the event fixes it to, if any.
    /// Appended to `properties`, so a renderer can reuse one array.
    func appendProperties(of event: EventEntry, to properties: inout [(slot: Int, constant: ConstantDecl?)]) {
        for slot in envelope { properties.append((slot, nil)) }
        if let kind = event.kind {
            for (position, slot) in kinds[kind].fields.enumerated() {
                properties.append((slot, event.constants.isEmpty ? nil : event.constant(at: position)))
            }
        }
        for slot in event.curated { properties.append((slot, nil)) }
    }

}
