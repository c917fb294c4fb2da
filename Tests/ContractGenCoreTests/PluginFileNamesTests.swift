@testable import ContractGenCore
import Foundation
import Testing

/// The build-tool plugin declares its outputs before the contract is read:
/// ``GeneratedFileNames``, one file the plugin compiles too, names them, and
/// `generate --declared-files` writes each. These keep the plugin's list and the
/// generator's files equal, and the reviewed copy the plugin's files with content.
@Suite struct PluginFileNamesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The plugin compiles the generator's own file (a link), not a copy kept in step by hand.
    @Test func thePluginCompilesTheGeneratorsFileNames() throws {
        let link = Self.root.appending(path: "Plugins/ContractGenPlugin/GeneratedFileNames.swift")
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(target == "../../Sources/ContractGenCore/Lower/GeneratedFileNames.swift")
        #expect(FileManager.default.contentsEqual(
            atPath: link.resolvingSymlinksInPath().path,
            andPath: Self.root.appending(path: "Sources/ContractGenCore/Lower/GeneratedFileNames.swift").path))
    }

    /// The plugin's declared outputs are the files `generate --declared-files` writes, for contracts of every
    /// size; without the flag, only those with content.
    @Test(arguments: [0, 1, 5, 100])
    func declaredOutputsAreTheWrittenFiles(events: Int) throws {
        var yaml = "contract: Shop\nversion: 1.0.0\nmandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n"
        yaml += "kinds:\n  systemAction:\n    description: One.\n"
        if events > 0 { yaml += "events:\n" + (0..<events).map { "  event\($0):\n    kind: systemAction\n" }.joined() }
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "contract.yaml")
        try Data(yaml.utf8).write(to: file)
        let output = directory.appending(path: "out")
        let outcome = try ContractGenerator.generate(contractPath: file.path, outputDirectory: output.path, files: .declared)
        #expect(!outcome.hasErrors)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: output.path)) == Set(GeneratedFileNames.all))
        #expect(outcome.report?.written == GeneratedFileNames.all)

        let reviewed = directory.appending(path: "reviewed")
        let contract = try GeneratedTestSupport.load(file)
        let withContent = try ContractGenerator.generate(contractPath: file.path, outputDirectory: reviewed.path)
        let expected = GeneratedTestSupport.fileNamesWithContent(of: contract)
        #expect(withContent.report?.written == expected)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: reviewed.path)) == Set(expected))
        #expect(expected.count == 5 + Set(contract.events.map { ContractTranslator.shard(ofEvent: $0.name, shards: 64) }).count)
    }

    /// What `.ci/run` checks after a build: the plugin's output for `TrackingContract` (built before the tests)
    /// is the reviewed copy in `Generated/`, file for file, byte for byte, plus a header-only placeholder for
    /// each other declared file.
    @Test func thePluginsOutputIsGeneratedPlusPlaceholders() throws {
        let outputs = Self.root.appending(path: ".build/plugins/outputs")
        let found = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .first { $0.path.hasSuffix("TrackingContract/destination/ContractGenPlugin/GeneratedSources") }
        let pluginOutput = try #require(found, "no plugin output for TrackingContract under \(outputs.path)")
        let generated = Self.root.appending(path: "Generated")
        let names = try FileManager.default.contentsOfDirectory(atPath: pluginOutput.path)
        #expect(Set(names) == Set(GeneratedFileNames.all))
        let reviewed = Set(try FileManager.default.contentsOfDirectory(atPath: generated.path))
        #expect(reviewed.isSubset(of: names))
        for name in names.sorted() {
            if reviewed.contains(name) {
                #expect(FileManager.default.contentsEqual(
                    atPath: pluginOutput.appending(path: name).path, andPath: generated.appending(path: name).path), "\(name)")
            } else {
                #expect(try Data(contentsOf: pluginOutput.appending(path: name)) == GeneratedTestSupport.placeholder, "\(name)")
            }
        }
    }
}
