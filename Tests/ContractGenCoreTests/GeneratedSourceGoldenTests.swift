import ContractGenCore
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
        #expect(files.map(\.name) == GeneratedFileSet.fileNames)
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

    @Test func renderingIsDeterministic() throws {
        let contract = try GeneratedTestSupport.exampleContract()
        #expect(ContractGenerator.render(contract) == ContractGenerator.render(contract))
    }

    @Test func everyFileStartsWithTheHeaderAndImportsOnlyTheSupportModule() throws {
        for file in ContractGenerator.render(try GeneratedTestSupport.exampleContract()) {
            #expect(file.contents.hasPrefix(GeneratedFileSet.header + "\n"))
            let imports = file.contents.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(imports == ["import Foundation", "import TrackingCore"])
            #expect(!file.contents.contains("JSONEncoder"))
            #expect(!file.contents.contains("Codable"))
        }
    }

    @Test func fileNamesAreFixedBeforeAnyContractIsRead() {
        #expect(GeneratedFileSet.fileNames == [
            "ContractDescriptor.swift", "ContractValueSets.swift", "ContractEnvelope.swift", "ContractFields.swift",
            "ContractObjects.swift", "ContractEvents0.swift", "ContractEvents1.swift", "ContractEvents2.swift",
            "ContractEvents3.swift", "ContractEvents4.swift", "ContractEvents5.swift", "ContractEvents6.swift",
            "ContractEvents7.swift",
        ])
    }

    @Test func addingAnEventChangesOneEventShardOnly() throws {
        var contract = try GeneratedTestSupport.exampleContract()
        let before = ContractGenerator.render(contract)
        var event = try #require(contract.events.first { $0.name == "appBoot" })
        event.name = "appWentToBackground"
        contract.events.append(event)
        let after = ContractGenerator.render(contract)
        let changed = zip(before, after).filter { $0.0 != $0.1 }.map { $0.0.name }
        #expect(changed == [GeneratedFileSet.events(shard: ContractTranslator.shard(ofEvent: "appWentToBackground"))])
    }
}
