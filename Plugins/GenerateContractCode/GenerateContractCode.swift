import Foundation
import PackagePlugin

/// Command plugin: rewrites the reviewed copy of the generated code.
///
///     swift package --allow-writing-to-package-directory generate-contract-code
///     swift package --allow-writing-to-package-directory generate-contract-code \
///         --contract contract/contract.yaml --output Generated
///     swift package --allow-writing-to-package-directory generate-contract-code --check   # exit 1 when stale
///
/// It runs the same `contractgen generate` as the build-tool plugin.
@main
struct GenerateContractCode: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let contract = extractor.extractOption(named: "contract").last ?? "contract/contract.yaml"
        let output = extractor.extractOption(named: "output").last ?? "Generated"
        let check = extractor.extractFlag(named: "check") > 0
        let root = context.package.directoryURL

        let tool = try context.tool(named: "contractgen")
        var toolArguments = [
            "generate",
            root.appending(path: contract).path,
            "--output", root.appending(path: output).path,
        ]
        if check { toolArguments.append("--check") }

        let process = Process()
        process.executableURL = tool.url
        process.arguments = toolArguments
        try process.run()
        process.waitUntilExit()
        // contractgen printed its diagnostics already; an error diagnostic fails the command.
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            Diagnostics.error("contractgen generate failed (exit \(process.terminationStatus))")
        }
    }
}
