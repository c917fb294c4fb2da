/// The files `contractgen generate` always writes, whatever the contract holds.
/// Mirrors `GeneratedFileSet.fileNames` in ContractGenCore (a plugin cannot
/// import the package's libraries); `PluginFileNamesTests` reads this file and
/// keeps the two equal.
enum GeneratedFileNames {
    /// `ContractTranslator.eventShardCount`: events go to this many shards.
    static let eventShardCount = 64

    static let all: [String] =
        ["ContractDescriptor.swift", "ContractValueSets.swift", "ContractEnvelope.swift", "ContractFields.swift",
         "ContractObjects.swift"]
        + (0..<eventShardCount).map { "ContractEvents\($0).swift" }
}
