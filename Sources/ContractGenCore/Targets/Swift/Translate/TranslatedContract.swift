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
    /// Makes the events' runtime descriptors.
    fileprivate var eventDescriptors: ContractTranslator.EventDescriptors
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
        eventsByShard[shard].lazy.map { [eventDescriptors, lowered] in eventDescriptors.descriptor(of: lowered.events[$0].declaration) }
    }
}

extension ContractTranslator {
    /// Translates a valid contract for rendering. The declarations and the
    /// event table do not depend on each other: they are built side by side.
    /// The events go to ``GeneratedFileNames/eventShardCount`` `ContractEvents<N>.swift` files.
    static func translate(_ contract: Contract) -> TranslatedContract {
        let eventShards = GeneratedFileNames.eventShardCount
        let fields = FieldDeclarations(contract)
        // The declarations, the event table and the lowered contract do not depend on each other.
        let parts = Concurrently.map([0, 1, 2]) { part in
            switch part {
            case 0: Part.module(translateWithoutEvents(contract, fields: fields))
            case 1: Part.events(eventTable(contract, fields: fields))
            default: Part.lowered(LoweredContract(contract, shardCount: eventShards))
            }
        }
        guard case .module(let module) = parts[0], case .events(let table) = parts[1], case .lowered(let lowered) = parts[2] else {
            preconditionFailure()
        }
        var eventsByShard = Array(repeating: [Int](), count: eventShards)
        for (index, event) in lowered.events.enumerated() { eventsByShard[event.shard].append(index) }
        return TranslatedContract(
            module: module, events: table, lowered: lowered, eventDescriptors: EventDescriptors(contract),
            eventsByShard: eventsByShard)
    }

    private enum Part: Sendable {
        case module(GeneratedModule)
        case events(EventTable)
        case lowered(LoweredContract)
    }
}
