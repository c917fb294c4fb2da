import Foundation
import PackagePlugin

/// Command plugin: runs `contractgen` (validate, diff, schema, docs, …) from a
/// package that uses the build plugin, with the `contractgen` the build plugin
/// uses, so an app package does not build a second copy as `swift run
/// contractgen` would.
///
///     swift package contractgen validate Sources/AppEvents/contract.yaml
///     swift package contractgen diff --against origin/main Sources/AppEvents/contract.yaml --check-version
///
/// Arguments go to `contractgen` as given; relative paths are relative to the
/// package's folder. Its exit status is the command's: a failing `diff` gate or
/// an invalid contract fails `swift package`.
@main
struct ContractGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "contractgen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // contractgen printed its findings already; its status is the command's.
        if process.terminationReason != .exit || process.terminationStatus != 0 {
            Diagnostics.error("contractgen \(arguments.first ?? "") failed (exit \(process.terminationStatus))")
        }
    }
}
