import ArgumentParser
import ContractGenCore

/// `contractgen`: validates a tracking contract and generates Swift from it.
/// A thin shell: every subcommand calls into `ContractGenCore`.
@main
struct ContractGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contractgen",
        abstract: "Validate a tracking contract and generate typed Swift from it.",
        discussion: """
            With no subcommand, validates and generates from contract/contract.yaml into Generated/.
            """,
        version: ContractGenVersion.current,
        subcommands: [GenerateCommand.self, ValidateCommand.self, DiffCommand.self, SchemaCommand.self, DocsCommand.self, StatusCommand.self, RuntimeConstantsCommand.self],
        defaultSubcommand: GenerateCommand.self
    )
}
