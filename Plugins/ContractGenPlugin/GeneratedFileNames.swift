/// The files `contractgen generate` always writes, whatever the contract holds.
/// Mirrors `GeneratedFileSet.fileNames` in ContractGenCore (a plugin cannot
/// import the package's libraries); a test keeps the two lists equal.
enum GeneratedFileNames {
    static let all: [String] = [
        "ContractDescriptor.swift",
        "ContractValueSets.swift",
        "ContractEnvelope.swift",
        "ContractFields.swift",
        "ContractObjects.swift",
        "ContractEvents0.swift",
        "ContractEvents1.swift",
        "ContractEvents2.swift",
        "ContractEvents3.swift",
        "ContractEvents4.swift",
        "ContractEvents5.swift",
        "ContractEvents6.swift",
        "ContractEvents7.swift",
    ]
}
