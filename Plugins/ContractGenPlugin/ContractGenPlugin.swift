import Foundation
import PackagePlugin

/// Build-tool plugin: regenerates a target's typed events from its tracking
/// contract whenever the contract, its config or `contractgen` changed.
///
/// The contract is `contract.yaml` in the target's directory, or the file named
/// by `"contract"` in the target's `contractgen.json` (a path relative to the
/// target's directory). The outputs are a fixed set of files (``GeneratedFileNames``,
/// shared with the generator), declared before the contract is read, so SwiftPM
/// skips the command when nothing changed; `--declared-files` has the generator
/// write each of them (an event shard without events as the header alone).
/// Xcode projects use the same plugin through ``XcodeBuildToolPlugin`` (below).
@main
struct ContractGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        // SwiftPM cannot build a module made only of generated files: without
        // this check the build ends in linker errors that name no cause.
        guard sourceTarget.sourceFiles(withSuffix: "swift").contains(where: { _ in true }) else {
            throw ContractLocation.Problem(
                "\(sourceTarget.directoryURL.path): error: target '\(target.name)' has no Swift file of its own, and "
                    + "SwiftPM cannot build a module made only of generated files; add one, for example "
                    + "\(sourceTarget.directoryURL.appending(path: "\(target.name).swift").path) holding "
                    + "'@_exported import TrackingCore'")
        }
        let location = try ContractLocation.find(in: sourceTarget.directoryURL)
        return Self.commands(
            for: location, targetName: target.name, tool: try context.tool(named: "contractgen").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The one generate command, for SwiftPM and Xcode alike.
    static func commands(for location: ContractLocation, targetName: String, tool: URL, workDirectory: URL) -> [Command] {
        let outputDirectory = workDirectory.appending(path: "GeneratedSources")
        return [
            .buildCommand(
                displayName: "Generating tracking events for \(targetName) from \(location.contract.lastPathComponent)",
                executable: tool,
                arguments: ["generate", location.contract.path, "--output", outputDirectory.path, "--declared-files"],
                inputFiles: [location.contract] + (location.config.map { [$0] } ?? []),
                outputFiles: GeneratedFileNames.all.map { outputDirectory.appending(path: $0) }
            ),
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// Xcode projects (not packages): add `contract.yaml` (or a `contractgen.json`
/// naming it) to the target's files, and `ContractGenPlugin` to the target's
/// Build Phases > Run Build Tool Plug-ins.
extension ContractGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let location: ContractLocation
        if let config = files.first(where: { $0.lastPathComponent == ContractLocation.configName }) {
            location = try ContractLocation.find(in: config.deletingLastPathComponent())
        } else if let contract = files.first(where: { $0.lastPathComponent == ContractLocation.defaultContractName }) {
            location = ContractLocation(contract: contract, config: nil)
        } else {
            throw ContractLocation.Problem(
                "error: target '\(target.displayName)' has no \(ContractLocation.defaultContractName) and no "
                    + "\(ContractLocation.configName) among its files; add the contract to the target")
        }
        return Self.commands(
            for: location, targetName: target.displayName, tool: try context.tool(named: "contractgen").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
