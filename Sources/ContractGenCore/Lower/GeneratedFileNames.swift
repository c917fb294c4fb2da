/// The names of the files `generate` can write, the same for every contract.
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
/// ``eventShardCount`` of `ContractEvents<N>.swift` shards. For the plugin
/// (`generate --declared-files`) a shard without events is a placeholder of
/// the header alone; a reviewed copy (`Generated/`) leaves it out.
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

    /// The shard `N` of a file named `ContractEvents<N>.swift` (`N` in decimal, no leading zero, any
    /// number: a shard of a generator with more shards is still recognised); `nil` for any other name.
    static func shard(ofFileNamed name: String) -> Int? {
        let prefix = "ContractEvents", suffix = ".swift"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.utf8.count > prefix.utf8.count + suffix.utf8.count
        else { return nil }
        let digits = name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        guard digits.count <= 9, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.count == 1 || digits.first != 0x30
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// Whether `name` is one of the generator's file names, or of its shards under any shard count: with the
    /// generated header, what marks a file as the generator's own (the only files it ever removes).
    static func isGeneratedFileName(_ name: String) -> Bool {
        fixed.contains(name) || shard(ofFileNamed: name) != nil
    }

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
