/// The names of the files `generate` writes for a contract, decided from the
/// contract's text alone.
///
/// The build plugin must declare its output files before the contract is
/// parsed, so this file is compiled into the plugin as well
/// (`Plugins/ContractGenPlugin/GeneratedFileNames.swift` is a link to it; it uses
/// nothing but the standard library). The generator decides the names the same
/// way from the same bytes, so the plugin's declared outputs are always the
/// files written.
///
/// Events go to `ContractEvents<N>.swift` shards, as many as the contract's
/// events fill: one shard per ``eventsPerShard`` events or more, a power of two,
/// at most ``maximumEventShards``. The event count is read from the text (the
/// entries of the top-level block mapping `events:`); it only steers how well
/// the shards are filled, never which files exist, so a contract written
/// another way (a flow mapping) is still generated correctly, into one shard.
enum GeneratedFileNames {
    /// The files every contract has, whatever it holds.
    static let fixed = [
        "ContractDescriptor.swift", "ContractValueSets.swift", "ContractEnvelope.swift", "ContractFields.swift",
        "ContractObjects.swift",
    ]

    /// At most this many event shards: changing one event of a 500-event contract recompiles a 64th of them.
    static let maximumEventShards = 64

    /// A shard is made for every this many events: enough that a shard left
    /// without any event is rare (a shard's share of events is a binomial draw).
    static let eventsPerShard = 6

    /// Every file, in a fixed order: the fixed files, then the shards.
    static func all(eventShards: Int) -> [String] {
        fixed + (0..<eventShards).map(eventShard)
    }

    /// Every file for the contract whose UTF-8 text is `contractText`.
    static func all(contractText: some Collection<UInt8>) -> [String] {
        all(eventShards: eventShardCount(contractText: contractText))
    }

    /// `ContractEvents<shard>.swift`.
    static func eventShard(_ shard: Int) -> String { "ContractEvents\(shard).swift" }

    /// The shard count for `events` events: the largest power of two at most
    /// `events / eventsPerShard`, between 1 and ``maximumEventShards``. A power
    /// of two, so that a contract growing past a step moves half of its events.
    static func eventShardCount(events: Int) -> Int {
        var count = 1
        while count * 2 <= min(maximumEventShards, events / eventsPerShard) { count *= 2 }
        return count
    }

    /// The shard count for the contract whose UTF-8 text is `contractText`.
    static func eventShardCount(contractText: some Collection<UInt8>) -> Int {
        eventShardCount(events: eventEntries(contractText: contractText))
    }

    /// The shard of the event named `name` among `count` shards: FNV-1a (32 bit) of its UTF-8 name, modulo `count`.
    /// Stable across runs and machines, so adding an event changes one shard file only (while the count stays).
    static func eventShard(ofEvent name: String, count: Int) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(count))
    }

    /// The entries of the top-level `events:` block mapping: the lines after
    /// `events:` indented as its first entry, up to the next top-level key
    /// (blank and comment lines skipped). A line scan, not a YAML parse: what
    /// the plugin can afford before the contract is read.
    static func eventEntries(contractText: some Collection<UInt8>) -> Int {
        let text = Array(contractText)
        let space = UInt8(ascii: " "), hash = UInt8(ascii: "#"), dash = UInt8(ascii: "-")
        let key = Array("events:".utf8)
        var inEvents = false
        var entryIndent: Int?
        var count = 0
        // A byte order mark starts the text, not its first key.
        var start = text.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
            defer { start = end + 1 }
            var indent = start
            while indent < end, text[indent] == space { indent += 1 }
            // Blank and comment lines say nothing.
            guard indent < end, text[indent] != hash, text[indent] != UInt8(ascii: "\r") else { continue }
            if indent == start {
                if inEvents { break }
                guard text[start..<end].starts(with: key) else { continue }
                var rest = start + key.count
                while rest < end, text[rest] == space { rest += 1 }
                inEvents = rest == end || text[rest] == hash || text[rest] == UInt8(ascii: "\r")
            } else if inEvents {
                if entryIndent == nil { entryIndent = indent - start }
                if indent - start == entryIndent, text[indent] != dash { count += 1 }
            }
        }
        return count
    }
}
