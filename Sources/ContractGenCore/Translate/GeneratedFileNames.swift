/// The names of the files `generate` writes, the same for every contract.
///
/// The build plugin must declare its output files before the contract is
/// parsed, so this file is compiled into the plugin as well
/// (`Plugins/ContractGenPlugin/GeneratedFileNames.swift` is a link to it; it uses
/// nothing but the standard library): the plugin's declared outputs are always
/// the files written.
///
/// The list cannot follow the contract: SwiftPM keeps a package's build plan
/// (which files each module compiles) until the package graph changes, so a
/// plugin whose outputs changed with the contract's text had the new shards
/// written but not compiled (`scripts/check-contract-loop.sh` grows a contract
/// past a step and builds it). Events therefore go to a fixed
/// ``eventShardCount`` of `ContractEvents<N>.swift` shards; a shard without
/// events is the header alone.
enum GeneratedFileNames {
    /// The files every contract has, whatever it holds.
    static let fixed = [
        "ContractDescriptor.swift", "ContractValueSets.swift", "ContractEnvelope.swift", "ContractFields.swift",
        "ContractObjects.swift",
    ]

    /// The number of event shards: changing one event of a 500-event contract recompiles a 64th of them.
    static let eventShardCount = 64

    /// Every file, in a fixed order: the fixed files, then the shards.
    static let all: [String] = fixed + (0..<eventShardCount).map(eventShard)

    /// `ContractEvents<shard>.swift`.
    static func eventShard(_ shard: Int) -> String { "ContractEvents\(shard).swift" }

    /// The shard of the event named `name` among `count` shards: FNV-1a (32 bit) of its UTF-8 name, modulo `count`.
    /// Stable across runs and machines, so adding an event changes one shard file only.
    static func eventShard(ofEvent name: String, count: Int) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in name.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(count))
    }
}
