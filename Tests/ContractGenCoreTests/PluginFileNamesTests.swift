import ContractGenCore
import Foundation
import Testing

/// The build-tool plugin declares its outputs before reading a contract, from
/// a list it has to keep on its own (plugins cannot import the package's
/// libraries). This keeps that list equal to what the generator writes.
@Suite struct PluginFileNamesTests {
    @Test func pluginDeclaresExactlyTheGeneratedFiles() throws {
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Plugins/ContractGenPlugin/GeneratedFileNames.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        let declared = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
        }
        #expect(declared == GeneratedFileSet.fileNames)
    }
}
