/// What the translate stage hands to the render stage, in one value: every
/// name and type decided, nothing left for the renderer to translate.
struct TranslatedContract: Sendable {
    /// Declarations of everything but the events, and the descriptor without
    /// the events (the renderer prints the events' descriptors per shard).
    var module: GeneratedModule
    /// The events, compactly: field declarations once, events as indices.
    var events: EventTable
    /// The contract's events, in contract order (the table makes an entry per event when it is printed).
    var contractEvents: [Event]
    /// Makes the events' runtime descriptors.
    var eventDescriptors: ContractTranslator.EventDescriptors
    /// Indices into ``contractEvents``, per shard, in contract order (as many shards as ``GeneratedFileNames`` says).
    var eventsByShard: [[Int]]
}

extension ContractTranslator {
    /// Translates a valid contract for rendering. The declarations and the
    /// event table do not depend on each other: they are built side by side.
    /// `eventShards`: how many `ContractEvents<N>.swift` files the events go to.
    static func translate(_ contract: Contract, eventShards: Int) -> TranslatedContract {
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
