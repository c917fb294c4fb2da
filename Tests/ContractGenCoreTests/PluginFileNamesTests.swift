@testable import ContractGenCore
import Foundation
import Testing

/// The build-tool plugin declares its outputs before the contract is parsed:
/// ``GeneratedFileNames`` decides them from the contract's text, in one file
/// the plugin compiles too. These keep the plugin's list, the generator's
/// files and the reviewed copy equal, and the shards filled.
@Suite struct PluginFileNamesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The plugin compiles the generator's own file (a link), not a copy kept in step by hand.
    @Test func thePluginCompilesTheGeneratorsFileNames() throws {
        let link = Self.root.appending(path: "Plugins/ContractGenPlugin/GeneratedFileNames.swift")
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(target == "../../Sources/ContractGenCore/Translate/GeneratedFileNames.swift")
        #expect(FileManager.default.contentsEqual(
            atPath: link.resolvingSymlinksInPath().path,
            andPath: Self.root.appending(path: "Sources/ContractGenCore/Translate/GeneratedFileNames.swift").path))
    }

    /// The plugin's declared outputs for a contract are the files `generate` writes for it: the names come from the
    /// text alone, for contracts of every size and for ones written as flow mappings (fewer shards, same files).
    @Test(arguments: [0, 1, 5, 6, 12, 40, 100, 500])
    func declaredOutputsAreTheWrittenFiles(events: Int) throws {
        var yaml = "contract: Shop\nversion: 1.0.0\nmandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n"
        yaml += "kinds:\n  systemAction:\n    description: One.\n"
        if events > 0 {
            yaml += "events:\n  # the app's events\n\n" + (0..<events).map { "  event\($0):\n    kind: systemAction\n" }.joined()
        }
        for text in [yaml, "\u{FEFF}" + yaml.replacingOccurrences(of: "\n", with: "\r\n")] {
            let bytes = Array(text.utf8)
            let directory = try GeneratedTestSupport.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appending(path: "contract.yaml")
            try Data(bytes).write(to: file)
            let output = directory.appending(path: "out")
            let outcome = try ContractGenerator.generate(contractPath: file.path, outputDirectory: output.path)
            #expect(!outcome.hasErrors)
            let written = try FileManager.default.contentsOfDirectory(atPath: output.path)
            #expect(Set(written) == Set(GeneratedFileNames.all(contractText: bytes)))
            #expect(GeneratedFileNames.eventEntries(contractText: bytes) == events)
            // No shard without an event.
            for name in written where name.hasPrefix("ContractEvents") {
                let contents = try String(contentsOf: output.appending(path: name), encoding: .utf8)
                #expect(events == 0 || contents.contains("public static func event"), "\(name) is empty")
            }
        }
    }

    /// As many shards as the events fill: a power of two, one per 6 events or more, 1 to 64.
    @Test func shardCounts() {
        let counts = [0, 5, 6, 11, 12, 24, 47, 48, 95, 96, 191, 192, 383, 384, 500, 2_000, 20_000]
            .map { GeneratedFileNames.eventShardCount(events: $0) }
        #expect(counts == [1, 1, 1, 1, 2, 4, 4, 8, 8, 16, 16, 32, 32, 64, 64, 64, 64])
    }

    /// The line scan counts what the parser reads, for every contract in the repository written in blocks.
    @Test(arguments: [
        "contract/contract.yaml", "Examples/ShopApp/Sources/ShopEvents/contract.yaml", "Tests/Reference/Hostile/contract.yaml",
        "Tests/Reference/Names/contract.yaml", "Tests/ContractGenCoreTests/Fixtures/diff/old.yaml",
        "Tests/ContractGenCoreTests/Fixtures/diff/new.yaml",
    ])
    func theScanCountsTheParsedEvents(path: String) throws {
        let bytes = try ContractLoader.readFile(Self.root.appending(path: path).path)
        let contract = try #require(ContractLoader.load(bytes: bytes, file: path).contract)
        #expect(GeneratedFileNames.eventEntries(contractText: bytes) == contract.events.count)
    }

    /// A flow mapping of events is not counted: one shard, still every event generated.
    @Test func flowMappingsGiveOneShard() throws {
        let yaml = Array("contract: Shop\nversion: 1.0.0\nevents: { a: { kind: k }, b: { kind: k } }\n".utf8)
        #expect(GeneratedFileNames.eventEntries(contractText: yaml) == 0)
        #expect(GeneratedFileNames.all(contractText: yaml).last == "ContractEvents0.swift")
    }

    /// What `.ci/run` checks after a build: the plugin's output for `TrackingContract` (built before the tests)
    /// is the reviewed copy in `Generated/`, file for file, byte for byte; and no shard there is empty.
    @Test func thePluginsOutputIsGenerated() throws {
        let outputs = Self.root.appending(path: ".build/plugins/outputs")
        let found = FileManager.default.enumerator(at: outputs, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .first { $0.path.hasSuffix("TrackingContract/destination/ContractGenPlugin/GeneratedSources") }
        let pluginOutput = try #require(found, "no plugin output for TrackingContract under \(outputs.path)")
        let generated = Self.root.appending(path: "Generated")
        let names = try FileManager.default.contentsOfDirectory(atPath: pluginOutput.path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: generated.path).sorted()))
        for name in names {
            #expect(FileManager.default.contentsEqual(
                atPath: pluginOutput.appending(path: name).path, andPath: generated.appending(path: name).path), "\(name)")
        }
        for name in names where name.hasPrefix("ContractEvents") {
            #expect(try String(contentsOf: generated.appending(path: name), encoding: .utf8).contains("public static func"))
        }
    }
}
