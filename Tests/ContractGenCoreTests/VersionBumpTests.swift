@testable import ContractGenCore
import Foundation
import Testing

/// A new `version:` is a one-line change in review: each target rewrites the one file that holds the
/// version, not every file (the event shards take it from that file's constant).
@Suite struct VersionBumpTests {
    /// Every file of `target` for `text`, with its bytes (files that declare nothing left out, as `generate` does).
    static func files(_ text: String, target: any CodeTarget) throws -> [String: [UInt8]] {
        let contract = try #require(ContractLoader.load(bytes: Array(text.utf8), file: "contract.yaml").contract)
        let renderer = target.generator.renderer(for: ContractGenerator.lower(contract))
        var files: [String: [UInt8]] = [:]
        for name in target.generator.fileNames where !renderer.isEmpty(file: name) {
            files[name] = renderer.render(file: name, reusing: []).bytes
        }
        return files
    }

    /// The one file per target that holds the version.
    static let versionFiles = ["swift": "ContractDescriptor.swift", "typescript": "contract.ts", "kotlin": "Contract.kt"]

    @Test(arguments: CodeTargets.ids)
    func versionBumpChangesOneFilePerTarget(targetID: String) throws {
        let target = try #require(CodeTargets.target(id: targetID))
        let original = try String(contentsOf: Fixtures.projectContract, encoding: .utf8)
        #expect(original.contains("\nversion: 1.3.0 "))
        let bumped = original.replacingOccurrences(of: "\nversion: 1.3.0 ", with: "\nversion: 1.4.0 ")
        let before = try Self.files(original, target: target)
        let after = try Self.files(bumped, target: target)
        #expect(before.keys.sorted() == after.keys.sorted())
        #expect(before.count > 5)
        let changed = before.keys.filter { before[$0] != after[$0] }.sorted()
        #expect(changed == [Self.versionFiles[targetID]], "\(targetID): a version bump changed \(changed.count) of \(before.count) files: \(changed)")
        // And that file does carry the new version.
        let file = try #require(after[Self.versionFiles[targetID]!])
        #expect(String(decoding: file, as: UTF8.self).contains("1.4.0"))
    }
}
