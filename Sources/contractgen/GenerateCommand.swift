import ArgumentParser
import ContractGenCore

/// `contractgen generate [CONTRACT] [--output DIR]` (issue 3).
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "Validate a contract, then generate Swift from it.")

    @Argument(help: "The contract to generate from.")
    var path: String = "contract/contract.yaml"

    func run() async throws {
        print("generate: not implemented yet")
    }
}
