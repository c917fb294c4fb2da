@testable import ContractGenCore
import Foundation
import TestSupport
import Testing

/// SwiftPM cannot build a module made only of generated files. The build-tool
/// plugin checks for that first and says what to add. These build scratch
/// packages with the real plugin sources (copied from `Plugins/ContractGenPlugin`)
/// and a stub `contractgen` that writes the declared files, so a run takes
/// seconds, and check what a developer sees in each case:
/// - a target SwiftPM keeps although it has no Swift file (a contract and a C
///   header directory): the plugin's message, naming the file to add; with that
///   file the target builds;
/// - a target holding only the contract: SwiftPM (6.x) leaves it out before any
///   plugin runs, warns about the target and reports `no such module` where it is
///   imported; the README says what to add. Never an unexplained linker error.
@Suite(.serialized) struct PluginGeneratedOnlyTargetTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A scratch package with the plugin, the stub tool and `targets` (lines of the manifest).
    static func makePackage(targets: [String]) throws -> URL {
        let package = FileManager.default.temporaryDirectory.appending(path: "plugin-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: package.appending(path: "Plugin"), withIntermediateDirectories: true)
        let sources = root.appending(path: "Plugins/ContractGenPlugin")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path) where name.hasSuffix(".swift") {
            try FileManager.default.copyItem(
                at: sources.appending(path: name).resolvingSymlinksInPath(), to: package.appending(path: "Plugin/\(name)"))
        }
        try writeManifest(of: package, targets: targets)
        // The stub writes every declared file (`generate CONTRACT --output DIR`) with one declaration each.
        try write(
            """
            import Foundation

            let output = CommandLine.arguments[CommandLine.arguments.firstIndex(of: "--output")! + 1]
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for (index, name) in \(GeneratedFileNames.all).enumerated() {
                try Data("public let generated\\(index) = \\(index)\\n".utf8).write(to: URL(fileURLWithPath: output).appending(path: name))
            }

            """, to: package.appending(path: "Tool/main.swift"))
        return package
    }

    static func writeManifest(of package: URL, targets: [String]) throws {
        try write(
            """
            // swift-tools-version: 6.1
            import PackageDescription

            let package = Package(
                name: "Scratch",
                targets: [
                    .executableTarget(name: "contractgen", path: "Tool"),
                    .plugin(name: "ContractGenPlugin", capability: .buildTool(), dependencies: ["contractgen"], path: "Plugin"),
                    \(targets.joined(separator: "\n        "))
                ]
            )

            """, to: package.appending(path: "Package.swift"))
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func writeContract(in package: URL, target: String) throws {
        try write("contract: Scratch\nversion: 1.0.0\n", to: package.appending(path: "Sources/\(target)/contract.yaml"))
    }

    /// `swift build` in `package`: exit status and everything printed.
    static func build(_ package: URL) async throws -> ChildProcess.Run {
        try await ChildProcess.run(["swift", "build", "--package-path", package.path], in: package)
    }

    static func pluginMessage(target: String, directory: URL) -> String {
        "\(directory.path): error: target '\(target)' has no Swift file of its own, and SwiftPM cannot build a module "
            + "made only of generated files; add one, for example \(directory.path)/\(target).swift holding "
            + "'@_exported import TrackingCore'"
    }

    static let linkerErrors = ["undefined reference", "Undefined symbols", "ld:", "linker command failed"]

    @Test(.timeLimit(.minutes(10)))
    func aTargetWithoutASwiftFileIsToldWhatToAdd() async throws {
        let package = try Self.makePackage(targets: [#".target(name: "Events", plugins: ["ContractGenPlugin"]),"#])
        defer { try? FileManager.default.removeItem(at: package) }
        let directory = package.appending(path: "Sources/Events")
        try Self.writeContract(in: package, target: "Events")
        // A header directory makes SwiftPM keep the target although it has no Swift file.
        try Self.write("", to: directory.appending(path: "include/Events.h"))

        let run = try await Self.build(package)
        #expect(run.status != 0)
        #expect(run.output.contains(Self.pluginMessage(target: "Events", directory: directory)), "\(run.output)")
        #expect(run.output.contains("build planning stopped due to build-tool plugin failures"), "the build stops at the plugin")
        for linker in Self.linkerErrors { #expect(!run.output.contains(linker)) }

        // With the file the message asks for, the same target builds (the plugin runs the stub tool).
        try FileManager.default.removeItem(at: directory.appending(path: "include"))
        try Self.write("@_exported import Foundation\n", to: directory.appending(path: "Events.swift"))
        let fixed = try await Self.build(package)
        #expect(fixed.status == 0, "\(fixed.output)")
        #expect(!fixed.output.contains("has no Swift file of its own"))
    }

    @Test(.timeLimit(.minutes(10)))
    func aTargetOfOnlyTheContractIsNamedNotALinkerError() async throws {
        let package = try Self.makePackage(targets: [
            #".target(name: "Events", plugins: ["ContractGenPlugin"]),"#,
            #".executableTarget(name: "App", dependencies: ["Events"]),"#,
        ])
        defer { try? FileManager.default.removeItem(at: package) }
        let directory = package.appending(path: "Sources/Events")
        try Self.writeContract(in: package, target: "Events")
        try Self.write("import Events\nprint(generated0)\n", to: package.appending(path: "Sources/App/main.swift"))

        let run = try await Self.build(package)
        #expect(run.status != 0)
        for linker in Self.linkerErrors { #expect(!run.output.contains(linker), "\(run.output)") }
        // SwiftPM 6 leaves the target out (the plugin never runs) and says so; should a
        // later SwiftPM keep it, the plugin's message must show instead.
        let leftOut = run.output.contains("Source files for target Events should be located under")
            && run.output.contains("no such module 'Events'")
        #expect(leftOut || run.output.contains(Self.pluginMessage(target: "Events", directory: directory)), "\(run.output)")

        try Self.write("@_exported import Foundation\n", to: directory.appending(path: "Events.swift"))
        let fixed = try await Self.build(package)
        #expect(fixed.status == 0, "\(fixed.output)")
    }
}
