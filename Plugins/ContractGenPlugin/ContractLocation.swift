import Foundation

/// Where a target's contract is: `contract.yaml` beside its sources, or the
/// path in its `contractgen.json` (`{"contract": "../../contract/contract.yaml"}`).
struct ContractLocation {
    static let defaultContractName = "contract.yaml"
    static let configName = "contractgen.json"

    var contract: URL
    var config: URL?

    static func find(in targetDirectory: URL) throws -> ContractLocation {
        let config = targetDirectory.appending(path: configName)
        if FileManager.default.fileExists(atPath: config.path) {
            let data = try Data(contentsOf: config)
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let relative = object["contract"] as? String, !relative.isEmpty else {
                throw Problem("\(config.path):1:1: error: \(configName) must be a JSON object with a string member \"contract\"")
            }
            let contract = URL(fileURLWithPath: relative, relativeTo: targetDirectory).standardizedFileURL
            return ContractLocation(contract: contract, config: config)
        }
        let contract = targetDirectory.appending(path: defaultContractName)
        guard FileManager.default.fileExists(atPath: contract.path) else {
            throw Problem(
                "\(targetDirectory.path): error: no \(defaultContractName) in the target's directory and no \(configName) naming one"
            )
        }
        return ContractLocation(contract: contract, config: nil)
    }
}

extension ContractLocation {
    /// Why a target's contract cannot be found: shown as the build's error.
    struct Problem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
