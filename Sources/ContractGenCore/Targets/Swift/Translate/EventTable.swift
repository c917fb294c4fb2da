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
        /// The event's members in the lowered wire order (``LoweredEvent/members``, the one place that
        /// order is decided): each as its slot in ``EventTable/fields`` and the constant the event fixes
        /// it to (a kind field whose role is ``LoweredRole/fixed(code:wireValue:)``), if any.
        var properties: [(slot: Int, constant: ConstantDecl?)]

        /// The constant the event fixes the field of `slot` to; `nil` for an argument.
        func constant(ofSlot slot: Int) -> ConstantDecl? {
            for property in properties where property.slot == slot { return property.constant }
            return nil
        }
    }

    /// `lowered` (an event of `contract`) with its fields as slots: each member, in the lowered order,
    /// as the slot of its section (envelope, kind or curated field) and role (a curated field required
    /// or optional; a kind field fixed to a constant), as the lower stage decided them.
    func entry(of lowered: LoweredEvent, in contract: LoweredContract) -> EventEntry {
        let event = lowered.declaration
        let kind = kindIndices[event.kind]
        var properties: [(slot: Int, constant: ConstantDecl?)] = []
        properties.reserveCapacity(lowered.members.count)
        for member in lowered.members {
            switch (member.field, member.role) {
            case (.envelope(let index), _):
                // Its slot's declaration has the envelope field's lowered role (a fresh default when filled).
                properties.append((envelope[index], nil))
            case (.kind(_, let position), let role):
                guard let kind, position < kinds[kind].fields.count else { continue }
                let slot = kinds[kind].fields[position]
                var constant: ConstantDecl?
                if case .fixed(let code, _) = role, case .valueSet(let setName) = fields[slot].spec.type {
                    constant = constantCases[setName]?[code]
                }
                properties.append((slot, constant))
            case (.curated(let index), .required):
                if let slots = curatedSlots[contract.fields[index].wireName] { properties.append((slots.present, nil)) }
            case (.curated(let index), .optional):
                if let slots = curatedSlots[contract.fields[index].wireName] { properties.append((slots.optional, nil)) }
            case (.curated, .fixed), (.curated, .filled):
                continue
            }
        }
        return EventEntry(
            name: event.name, line: event.location.line, doc: event.description, deprecated: event.deprecated, kindName: event.kind, kind: kind,
            properties: properties)
    }

    /// The struct the event's function returns, in `Events`, unqualified and escaped.
    func kindStructName(of event: EventEntry) -> String {
        event.kind.map { kinds[$0].structName } ?? SwiftName.escaped(names.kindName(event.kindName))
    }

    /// The slots a kind's event struct stores (``KindEventRenderer``), in its initializer's order: the
    /// members of the lowered envelope, then those of the lowered kind. (Its initializer's order, not the
    /// wire order: an event function writes its members in ``EventEntry/properties``' order.)
    func storedSlots(ofKind kind: Int?) -> [Int] {
        kind.map { envelope + kinds[$0].fields } ?? envelope
    }
}
