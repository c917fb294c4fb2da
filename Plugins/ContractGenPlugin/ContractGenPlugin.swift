import Foundation
import PackagePlugin

/// Build-tool plugin: regenerates a target's typed events from its tracking
/// contract whenever the contract, its config or `contractgen` changed.
///
/// The contract is `contract.yaml` in the target's directory, or the file named
/// by `"contract"` in the target's `contractgen.json` (a path relative to the
/// target's directory). The outputs are a fixed set of files, declared before
/// the contract is read, so SwiftPM skips the command when nothing changed.
@main
struct ContractGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let location = try ContractLocation.find(in: sourceTarget.directoryURL)
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        return [
            .buildCommand(
                displayName: "Generating tracking events for \(target.name) from \(location.contract.lastPathComponent)",
                executable: try context.tool(named: "contractgen").url,
                arguments: ["generate", location.contract.path, "--output", outputDirectory.path],
                inputFiles: [location.contract] + (location.config.map { [$0] } ?? []),
                outputFiles: GeneratedFileNames.all.map { outputDirectory.appending(path: $0) }
            ),
        ]
    }
}
