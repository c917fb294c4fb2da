@testable import ContractGenCore
import PropertyBased
import Testing

/// Properties of `diff` over random valid contracts (``RandomContract``).
@Suite struct ContractDiffPropertyTests {
    static let seeds = Gen.int(in: 0...Int(Int32.max)).map { UInt64($0) }

    static func diff(_ a: String, _ b: String) throws -> ContractDiffReport {
        ContractDiffReport(old: try DiffFixtures.contract(yaml: a, file: "a.yaml"), new: try DiffFixtures.contract(yaml: b, file: "b.yaml"),
                           oldFile: "a.yaml", newFile: "b.yaml")
    }

    @Test func diffOfAContractWithItselfIsEmpty() async {
        await propertyCheck(count: 150, input: Self.seeds, Self.seeds) { seed, descriptions in
            let yaml = RandomContract.yaml(seed: seed, descriptionSeed: descriptions)
            let report = try? Self.diff(yaml, yaml)
            #expect(report?.changes == [], "seed \(seed)")
            #expect(report?.requiredBump == VersionBump.none && report?.versionOK == true)
        }
    }

    @Test func changingOnlyDescriptionsIsCosmetic() async {
        await propertyCheck(count: 150, input: Self.seeds, Self.seeds, Self.seeds) { seed, first, second in
            let report = try? Self.diff(RandomContract.yaml(seed: seed, descriptionSeed: first),
                                        RandomContract.yaml(seed: seed, descriptionSeed: second))
            #expect(report != nil)
            for change in report?.changes ?? [] {
                #expect(change.rule == .descriptionChanged && change.severity == .cosmetic, "seed \(seed): \(change.message)")
                #expect(change.old != nil && change.new != nil)
            }
            if let report, !report.changes.isEmpty { #expect(report.requiredBump == .patch) }
        }
    }

    @Test func addingAnEventIsAdditive() async {
        await propertyCheck(count: 150, input: Self.seeds) { seed in
            let report = try? Self.diff(RandomContract.yaml(seed: seed), RandomContract.yaml(seed: seed, extraEvent: true))
            #expect(report?.changes.map(\.rule) == [.eventAdded], "seed \(seed)")
            #expect(report?.changes.allSatisfy { $0.severity == .additive } == true)
            #expect(report?.requiredBump == .minor)
        }
    }

    /// The generator's descriptions do differ, so the cosmetic property is not vacuous.
    @Test func descriptionSeedsChangeSomething() throws {
        let report = try Self.diff(RandomContract.yaml(seed: 7, descriptionSeed: 1), RandomContract.yaml(seed: 7, descriptionSeed: 2))
        #expect(!report.changes.isEmpty)
    }
}
