import ArgumentParser
import ContractGenCore

/// `contractgen validate [PATH]` (issue 2).
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "Check a contract and report every problem.")

    @Argument(help: "The contract to check.")
    var path: String = "contract/contract.yaml"

    func run() async throws {
        print("validate: not implemented yet")
    }
}
