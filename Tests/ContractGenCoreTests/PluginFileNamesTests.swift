import ContractGenCore
import Foundation
import Testing

/// The build-tool plugin declares its outputs before reading a contract, from
/// a list it has to keep on its own (plugins cannot import the package's
/// libraries). This reads that list's source (the fixed names, the shard count
/// and the shard name pattern) and keeps it equal to what the generator writes.
@Suite struct PluginFileNamesTests {
    @Test func pluginDeclaresExactlyTheGeneratedFiles() throws {
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Plugins/ContractGenPlugin/GeneratedFileNames.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let fixed = text.matches(of: /"(Contract[A-Za-z]+\.swift)"/).map { String($0.output.1) }
        let count = try #require(text.firstMatch(of: /static let eventShardCount = (\d+)/).flatMap { Int($0.output.1) })
        let pattern = #""ContractEvents\($0).swift""#
        #expect(text.contains(pattern), "the plugin no longer names shards \(pattern)")
        let declared = fixed + (0..<count).map { "ContractEvents\($0).swift" }
        #expect(declared == GeneratedFileSet.fileNames)
        #expect(count == ContractTranslator.eventShardCount)
    }
}
