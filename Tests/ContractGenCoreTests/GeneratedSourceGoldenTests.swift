@testable import ContractGenCore
import Foundation
import Testing

/// The committed generated modules (`Generated/` for contract/contract.yaml,
/// `Tests/Reference/Hostile/Generated` for the hostile contract) are the golden
/// generated source: both are compiled by the package (`TrackingContract`,
/// `HostileContract`), and regenerating must reproduce them byte for byte.
@Suite struct GeneratedSourceGoldenTests {
    @Test(arguments: GeneratedTestSupport.references)
    func regeneratingReproducesTheCommittedOutput(reference: GeneratedTestSupport.Reference) throws {
        let contract = try GeneratedTestSupport.load(reference.contract)
        let files = ContractGenerator.render(contract)
        #expect(files.map(\.name) == GeneratedTestSupport.fileNamesWithContent(of: contract))
        if Fixtures.recording {
            _ = try ContractGenerator.generate(contract, into: reference.output)
            return
        }
        let report = try ContractGenerator.generate(contract, into: reference.output, mode: .check)
        #expect(!report.hasDifferences, "stale: \(report.written + report.removed); regenerate with RECORD_GOLDENS=1 swift test or swift run contractgen")
        for file in files {
            let committed = try String(contentsOf: reference.output.appendingPathComponent(file.name), encoding: .utf8)
            #expect(committed == file.contents, "\(file.name)")
        }
    }

    /// The committed references (the project's contract, the hostile one, the
    /// one of clashing names: keywords as event functions and kind fields)
    /// type-check with no diagnostic at all, warnings included: a target's
    /// build only prints warnings, this fails on them.
    @Test(.timeLimit(.minutes(10)), arguments: GeneratedTestSupport.references)
    func committedOutputTypeChecksWithoutWarnings(reference: GeneratedTestSupport.Reference) async throws {
        let run = try await GeneratedTestSupport.typeCheck(try GeneratedTestSupport.load(reference.contract))
        #expect(run.status == 0 && run.output.isEmpty, "swiftc on the code generated from \(reference):\n\(run.output)")
    }

    @Test func renderingIsDeterministic() throws {
        let contract = try GeneratedTestSupport.exampleContract()
        #expect(ContractGenerator.render(contract) == ContractGenerator.render(contract))
    }

    @Test func everyFileStartsWithTheHeaderAndImportsOnlyTheSupportModule() throws {
        for file in ContractGenerator.render(try GeneratedTestSupport.exampleContract()) {
            #expect(file.contents.hasPrefix(GeneratedFileSet.header + "\n"))
            let imports = file.contents.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(imports == ["import Foundation", "import TrackingCore"], "\(file.name)")
            #expect(!file.contents.contains("JSONEncoder"))
            #expect(!file.contents.contains("Codable"))
        }
    }

    @Test func fileNamesAreFixedBeforeAnyContractIsRead() throws {
        #expect(GeneratedFileSet.fileNames == [
            "ContractDescriptor.swift", "ContractValueSets.swift", "ContractEnvelope.swift", "ContractFields.swift",
            "ContractObjects.swift",
        ] + (0..<64).map { "ContractEvents\($0).swift" })
    }

    /// Generated code reads like hand-written code: no line is wider than 120
    /// columns, in any committed generated module (string literals too long
    /// for a line are the only exception: only CodePoints has them).
    @Test(arguments: GeneratedTestSupport.references.filter(\.literalsFitALine))
    func committedOutputStaysWithin120Columns(reference: GeneratedTestSupport.Reference) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: reference.output.path).filter { $0.hasSuffix(".swift") }
        let contract = try GeneratedTestSupport.load(reference.contract)
        #expect(Set(names) == Set(GeneratedTestSupport.fileNamesWithContent(of: contract)))
        for name in names.sorted() {
            let text = try String(contentsOf: reference.output.appendingPathComponent(name), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.count > 120 {
                Issue.record("\(reference.output.lastPathComponent)/\(name):\(number + 1) has \(line.count) columns: \(line)")
            }
        }
    }

    @Test func addingAnEventChangesOneEventShardOnly() throws {
        var contract = try GeneratedTestSupport.exampleContract()
        // Every declared file, so that the two sets pair up (a shard that gains its first event only appears in the
        // reviewed copy).
        let before = ContractGenerator.render(contract, files: .declared)
        var event = try #require(contract.events.first { $0.name == "appBoot" })
        event.name = "appWentToBackground"
        contract.events.append(event)
        let after = ContractGenerator.render(contract, files: .declared)
        try #require(before.map(\.name) == after.map(\.name))
        let changed = zip(before, after).filter { $0.0 != $0.1 }.map { $0.0.name }
        let shard = GeneratedFileSet.events(
            shard: ContractTranslator.shard(ofEvent: "appWentToBackground", shards: GeneratedFileNames.eventShardCount))
        // The descriptor lists the shards that hold events: it changes only when the shard had none.
        let shardWasEmpty = try #require(before.first { $0.name == shard }).bytes == Array(GeneratedTestSupport.placeholder)
        #expect(changed == (shardWasEmpty ? [GeneratedFileSet.descriptor, shard] : [shard]))
    }
}
