import Foundation
import Testing
import TrackingCore

@testable import ContractGenCore

/// What a target declares through the `CodeTarget` seam (docs/architecture.md, "Code targets"), and that the
/// language-neutral stages and the command line reach targets only through the registry.
@Suite struct CodeTargetSeamTests {
    /// Folders of `Sources/` that must name no target: they reach targets through `CodeTargets`.
    static let neutralFolders = [
        "ContractGenCore/Model", "ContractGenCore/Validate", "ContractGenCore/Diff", "ContractGenCore/Schema",
        "ContractGenCore/Catalogue", "ContractGenCore/Project", "ContractGenCore/Write", "ContractGenCore/Parse",
        "ContractGenCore/Diagnostics", "ContractGenCore/Status", "contractgen",
    ]

    /// What a neutral stage may not say: a target's types, its names' types, a cast to a target, or Swift's key.
    static let targetWords = [
        "SwiftTarget", "KotlinTarget", "TypeScriptTarget", "SwiftGenerator", "KotlinGenerator", "TypeScriptGenerator",
        "GeneratedNames", "SwiftName.", "KotlinNames", "TypeScriptNames", "\"swiftName\"",
    ]

    @Test func neutralStagesNameNoTarget() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        var checked = 0
        for folder in Self.neutralFolders {
            let directory = sources.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
            for name in names.sorted() {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // Doc comments may point at a target's type; code may not use one.
                    if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                    for word in Self.targetWords where line.contains(word) {
                        Issue.record("Sources/\(folder)/\(name):\(number + 1) names a target (\(word)): \(line)")
                    }
                    if line.range(of: #"\b(as[?!]|is) +\w*(Target|Generator)\b"#, options: .regularExpression) != nil {
                        Issue.record("Sources/\(folder)/\(name):\(number + 1) casts to a target: \(line)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked > 30)
    }

    // MARK: Name keys

    /// The reader's keys for chosen names come from the registry: Swift's `swiftName`, then `names`.
    @Test func chosenNameKeysComeFromTheTargets() {
        #expect(CodeTargets.chosenNameKeys == ["swiftName", "names"])
        #expect(CodeTargets.all.compactMap(\.chosenNameAlias) == ["swiftName"])
        #expect(ContractReader.metadataKeys.suffix(2) == ["swiftName", "names"])
        #expect(ContractReader.eventKeys.suffix(2) == ["swiftName", "names"])
    }

    @Test func anAliasIsCheckedByItsTarget() {
        let result = ContractLoader.load(yaml: """
            \(ContractText.head)
            fields:
              value: { type: string, swiftName: 'not ok' }
              other: { type: string, swiftName: fine, names: { swift: different } }
            """, file: "t.yaml")
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains("'swiftName' of field 'value' must be a Swift identifier, found 'not ok'"), "\(messages)")
        #expect(messages.contains("'swiftName' and 'names.swift' of field 'other' disagree: 'fine' and 'different'"), "\(messages)")
    }

    // MARK: Options

    /// Kotlin's `package` is an option of the target: the project file and the flags reach it by key.
    @Test func optionsAreDeclaredByTargets() throws {
        #expect(CodeTargets.optionKeys == ["package"])
        #expect(CodeTargets.targets(takingOption: "package").map(\.id) == ["kotlin"])
        let kotlin = try #require(CodeTargets.target(id: "kotlin"))
        let configured = kotlin.configured(with: ["package": "com.example.events"])
        let driver = try #require(configured.conformanceDriver(for: ContractGenerator.lower(try TypeScriptTargetTests.conformanceContract())))
        #expect(driver.contents.contains("package com.example.events\n"))
        // A target without options is itself, configured.
        let swift = CodeTargets.defaultTarget
        #expect(swift.options.isEmpty)
        #expect(swift.configured(with: [:]).id == "swift")
    }

    @Test func theProjectFileChecksOptionsByTheirTarget() {
        let (_, wrongTarget, _) = ProjectFile.parse(
            bytes: Array("contract: c.yaml\ntargets:\n  swift:\n    output: G\n    package: a.b\n".utf8), file: "contractgen.yaml")
        #expect(wrongTarget.map(\.message).contains("'package' applies to the kotlin target only, not to 'swift'"), "\(wrongTarget)")
        let (_, badValue, _) = ProjectFile.parse(
            bytes: Array("contract: c.yaml\ntargets:\n  kotlin:\n    output: K\n    package: a.fun\n".utf8), file: "contractgen.yaml")
        #expect(badValue.map(\.message).contains("'a.fun' is not a Kotlin package"), "\(badValue)")
        #expect(throws: GenerationPlan.PlanError(description: "--package 'a.fun' is not a Kotlin package: " + KotlinNames.packageProblem("a.fun")!)) {
            try GenerationPlan.steps(project: nil, flags: .init(target: "kotlin", output: "K", options: ["package": "a.fun"]))
        }
    }

    // MARK: Comment syntax and conformance drivers

    /// Every target's files start with its comment syntax's header, the one the writer looks for.
    @Test func everyTargetsFilesStartWithItsHeader() throws {
        let contract = try TypeScriptTargetTests.conformanceContract()
        for target in CodeTargets.all {
            let generator = target.generator
            let renderer = generator.renderer(for: ContractGenerator.lower(contract))
            let header = generator.commentSyntax.generatedHeader + "\n"
            for name in generator.fileNames {
                let file = renderer.render(file: name, reusing: [])
                #expect(file.contents.hasPrefix(header), "\(target.displayName): \(name)")
                #expect(generator.ownsFile(named: name), "\(target.displayName): \(name)")
            }
            if let driver = target.conformanceDriver(for: ContractGenerator.lower(contract)) {
                #expect(driver.contents.hasPrefix(header), "\(target.displayName): \(driver.name)")
            }
        }
    }

    /// Every target has a driver, the one its corpus run compiles.
    @Test func conformanceDriversPerTarget() throws {
        let contract = try TypeScriptTargetTests.conformanceContract()
        let names = CodeTargets.all.map { $0.conformanceDriver(for: ContractGenerator.lower(contract))?.name }
        #expect(names == ["ConformanceDriver.swift", "ConformanceDriver.ts", "ConformanceDriver.kt"])
        let checkedIn = try String(
            contentsOf: GeneratedTestSupport.conformanceDirectory.appendingPathComponent("Swift/ConformanceDriver.swift"), encoding: .utf8)
        #expect(CodeTargets.defaultTarget.conformanceDriver(for: ContractGenerator.lower(contract))?.contents == checkedIn)
    }

    // MARK: Kotlin's own names

    /// Kotlin decides its names from the contract's names alone: the names chosen for Swift change nothing,
    /// and a name with no letter or digit is spelled.
    @Test func kotlinNamesIgnoreSwiftsChoices() throws {
        func kotlinNames(swiftPrefix p: String) throws -> [String] {
            let result = ContractLoader.load(yaml: """
                \(ContractText.head)
                kinds:
                  systemAction:
                  _-: { mandatory: {}, swiftName: \(p)Dash }
                objects:
                  _.:
                    required: { a: { type: int } }
                    swiftName: \(p)Dotted
                    names: { typescript: Dotted }
                fields:
                  cart_id: { type: string, swiftName: \(p)basket }
                  _: { type: string, swiftName: \(p)under }
                  __: { type: _., swiftName: \(p)twoUnders }
                events:
                  add_to_cart: { kind: systemAction, required: [cart_id, _], swiftName: \(p)put }
                  _: { kind: _-, required: [__], swiftName: \(p)Under }
                """, file: "t.yaml")
            let contract = try #require(result.contract, "\(result.diagnostics.map(\.message))")
            let target = KotlinTarget()
            return contract.fields.map { target.name(of: .field($0), in: contract) }
                + contract.events.map { target.name(of: .event($0), in: contract) }
                + contract.kinds.map { target.name(of: .kind($0), in: contract) }
                + [KotlinContract(ContractGenerator.lower(contract), packageName: nil, shardCount: KotlinGenerator.eventShardCount).typeNames["_."] ?? "?"]
        }
        let names = try kotlinNames(swiftPrefix: "a")
        #expect(names == [
            "cartId", "underscore", "underscoreUnderscore", "addToCart", "underscore", "SystemAction", "UnderscoreHyphen",
            "UnderscoreDot",
        ])
        #expect(try kotlinNames(swiftPrefix: "b") == names)
    }

    /// Where two codes' upper snake case meet, Kotlin's enum constants are the codes in lower camel case, as
    /// Swift's case names are, but without Swift's reserved words.
    @Test func kotlinEnumConstantsThatMeetAreKotlinsOwn() {
        for codes in [["tabBar", "TAB_BAR", "EUR"], ["a-b", "a_b", "USD"]] {
            #expect(KotlinNames.enumConstants(codes) == GeneratedNames.caseNames(codes), "\(codes)")
        }
        #expect(KotlinNames.enumConstants(["self", "SELF"]) == ["self", "sELF"])
        #expect(GeneratedNames.caseNames(["self", "SELF"]) == ["self_", "sELF"])
    }
}
