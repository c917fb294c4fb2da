import TrackingCore

/// What the translate stage hands to the render stage, in one value: every
/// name and type decided, nothing left for the renderer to translate.
struct TranslatedContract: Sendable {
    /// Declarations of everything but the events, and the descriptor without
    /// the events (the renderer prints the events' descriptors per shard).
    var module: GeneratedModule
    /// The events, compactly: field declarations once, events as indices.
    var events: EventTable
    /// The contract lowered (``LoweredContract``): its events, in contract order, are translated per shard,
    /// when the shard is rendered (``eventEntries(inShard:)``), so the shards' renderers translate their
    /// events concurrently. The renderer never sees them.
    fileprivate var lowered: LoweredContract
    /// Indices into the lowered events, per shard, in contract order (as many shards as ``GeneratedFileNames`` says).
    fileprivate var eventsByShard: [[Int]]

    /// How many `ContractEvents<N>.swift` files the events go to.
    var shardCount: Int { eventsByShard.count }

    /// How many events the contract has.
    var eventCount: Int { lowered.events.count }

    /// The shards that have events, in order.
    var shardsWithEvents: [Int] { eventsByShard.indices.filter { !eventsByShard[$0].isEmpty } }

    /// Whether shard `shard` has no events.
    func isEmpty(shard: Int) -> Bool { eventsByShard[shard].isEmpty }

    /// The events of `shard`, in contract order, with their fields as slots of ``events``.
    func eventEntries(inShard shard: Int) -> some Collection<EventTable.EventEntry> {
        eventsByShard[shard].lazy.map { [events, lowered] in events.entry(of: lowered.events[$0], in: lowered) }
    }

    /// Every event, in contract order, with its fields as slots of ``events``.
    func allEventEntries() -> some Collection<EventTable.EventEntry> {
        lowered.events.lazy.map { [events, lowered] in events.entry(of: $0, in: lowered) }
    }

    /// The runtime descriptors of the events of `shard`, in contract order.
    func eventDescriptors(inShard shard: Int) -> some Collection<EventDescriptor> {
        eventsByShard[shard].lazy.map { [lowered] in ContractTranslator.eventDescriptor(ofEvent: $0, in: lowered) }
    }
}

extension ContractTranslator {
    /// Translates a lowered contract for rendering: attaches Swift's names and types to the rules the
    /// lower stage decided (roles, fills, wire order, constraints), deriving none. The declarations and
    /// the event table do not depend on each other: they are built side by side. The events go to
    /// ``GeneratedFileNames/eventShardCount`` `ContractEvents<N>.swift` files.
    static func translate(_ lowered: LoweredContract) -> TranslatedContract {
        let fields = FieldDeclarations(lowered)
        let parts = Concurrently.map([0, 1]) { part in
            part == 0 ? Part.module(translateWithoutEvents(lowered, fields: fields)) : Part.events(eventTable(lowered, fields: fields))
        }
        guard case .module(let module) = parts[0], case .events(let table) = parts[1] else { preconditionFailure() }
        return TranslatedContract(
            module: module, events: table, lowered: lowered,
            eventsByShard: lowered.eventIndices(inFilesOf: GeneratedFileNames.eventShardCount))
    }

    private enum Part: Sendable {
        case module(GeneratedModule)
        case events(EventTable)
    }
}
