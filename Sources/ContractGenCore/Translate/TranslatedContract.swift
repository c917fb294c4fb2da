import TrackingCore

/// What the translate stage hands to the render stage, in one value: every
/// name and type decided, nothing left for the renderer to translate.
struct TranslatedContract: Sendable {
    /// Declarations of everything but the events, and the descriptor without
    /// the events (the renderer prints the events' descriptors per shard).
    var module: GeneratedModule
    /// The events, compactly: field declarations once, events as indices.
    var events: EventTable
    /// The contract's events, in contract order: translated per shard, when
    /// the shard is rendered (``eventEntries(inShard:)``), so the shards' renderers
    /// translate their events concurrently. The renderer never sees them.
    fileprivate var contractEvents: [Event]
    /// Makes the events' runtime descriptors.
    fileprivate var eventDescriptors: ContractTranslator.EventDescriptors
    /// Indices into ``contractEvents``, per shard, in contract order (as many shards as ``GeneratedFileNames`` says).
    fileprivate var eventsByShard: [[Int]]

    /// How many `ContractEvents<N>.swift` files the events go to.
    var shardCount: Int { eventsByShard.count }

    /// How many events the contract has.
    var eventCount: Int { contractEvents.count }

    /// The shards that have events, in order.
    var shardsWithEvents: [Int] { eventsByShard.indices.filter { !eventsByShard[$0].isEmpty } }

    /// Whether shard `shard` has no events.
    func isEmpty(shard: Int) -> Bool { eventsByShard[shard].isEmpty }

    /// The events of `shard`, in contract order, with their fields as slots of ``events``.
    func eventEntries(inShard shard: Int) -> some Collection<EventTable.EventEntry> {
        eventsByShard[shard].lazy.map { [events, contractEvents] in events.entry(of: contractEvents[$0]) }
    }

    /// Every event, in contract order, with its fields as slots of ``events``.
    func allEventEntries() -> some Collection<EventTable.EventEntry> {
        contractEvents.lazy.map { [events] in events.entry(of: $0) }
    }

    /// The runtime descriptors of the events of `shard`, in contract order.
    func eventDescriptors(inShard shard: Int) -> some Collection<EventDescriptor> {
        eventsByShard[shard].lazy.map { [eventDescriptors, contractEvents] in eventDescriptors.descriptor(of: contractEvents[$0]) }
    }
}

extension ContractTranslator {
    /// Translates a valid contract for rendering. The declarations and the
    /// event table do not depend on each other: they are built side by side.
    /// The events go to ``GeneratedFileNames/eventShardCount`` `ContractEvents<N>.swift` files.
    static func translate(_ contract: Contract) -> TranslatedContract {
        let eventShards = GeneratedFileNames.eventShardCount
        let fields = FieldDeclarations(contract)
        let parts = Concurrently.map([false, true]) { forEvents in
            forEvents
                ? Part.events(eventTable(contract, fields: fields))
                : Part.module(translateWithoutEvents(contract, fields: fields))
        }
        guard case .module(let module) = parts[0], case .events(let table) = parts[1] else { preconditionFailure() }
        var eventsByShard = Array(repeating: [Int](), count: eventShards)
        for (index, event) in contract.events.enumerated() {
            eventsByShard[shard(ofEvent: event.name, shards: eventShards)].append(index)
        }
        return TranslatedContract(
            module: module, events: table, contractEvents: contract.events, eventDescriptors: EventDescriptors(contract),
            eventsByShard: eventsByShard)
    }

    private enum Part: Sendable {
        case module(GeneratedModule)
        case events(EventTable)
    }
}
