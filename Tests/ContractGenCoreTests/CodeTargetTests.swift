import Foundation
import Testing

@testable import ContractGenCore

/// The code-target seam: `names:` per target (and its alias `swiftName:`),
/// each target's name checks in `validate`, per-target name changes in
/// `diff`, and `generate --target`.
@Suite struct CodeTargetTests {
    func load(_ body: String) -> ContractLoadResult {
        ContractLoader.load(yaml: ContractText.head + "\n" + body, file: "t.yaml")
    }

    func errors(_ body: String) -> [String] {
        load(body).diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    static let named = """
        kinds:
          systemAction: { names: { swift: Automatic, kotlin: AutomaticKt, typescript: AutomaticTs } }
        objects:
          Item: { required: { id: { type: string } }, names: { kotlin: ItemKt } }
        fields:
          item: { type: Item, names: { swift: thing, kotlin: thingKt, typescript: $thing } }
        events:
          opened: { kind: systemAction, required: [item], names: { typescript: openedTs } }
        """

    /// `names:` is read on kinds, objects, fields and events and stored per target id.
    @Test func namesPerTargetAreStored() throws {
        let result = load(Self.named)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.map(\.message))")
        let contract = try #require(result.contract)
        #expect(contract.kinds[0].names.byTarget == ["swift": "Automatic", "kotlin": "AutomaticKt", "typescript": "AutomaticTs"])
        #expect(contract.objects[0].names.byTarget == ["kotlin": "ItemKt"])
        #expect(contract.fields[0].names.byTarget == ["swift": "thing", "kotlin": "thingKt", "typescript": "$thing"])
        #expect(contract.events[0].names.byTarget == ["typescript": "openedTs"])
    }

    /// `swiftName:` is `names.swift`: generated Swift is the same either way.
    @Test func swiftNameIsAnAliasOfNamesSwift() throws {
        func sources(_ key: (String) -> String) throws -> [String] {
            let contract = try #require(load("""
                kinds:
                  systemAction: { \(key("Automatic")) }
                fields:
                  sku: { type: string, \(key("stockKeepingUnit")) }
                events:
                  opened: { kind: systemAction, required: [sku], \(key("Opening")) }
                """).contract)
            return ContractGenerator.sources(of: contract).map(\.text)
        }
        let alias = try sources { "swiftName: \($0)" }
        let names = try sources { "names: { swift: \($0) }" }
        #expect(alias == names)
        #expect(alias.joined().contains("stockKeepingUnit"))
        #expect(try sources { _ in "" } != alias)
    }

    /// Both given: the same name is fine; different names are an error.
    @Test func aliasAndNamesSwiftMustAgree() {
        #expect(errors("""
            fields:
              sku: { type: string, swiftName: skuCode, names: { swift: skuCode } }
            """).isEmpty)
        #expect(errors("""
            fields:
              sku: { type: string, swiftName: skuCode, names: { swift: code } }
            """) == ["'swiftName' and 'names.swift' of field 'sku' disagree: 'skuCode' and 'code'"])
    }

    /// A chosen name that cannot be used in a target is reported, naming the target;
    /// a key that names no target is an unknown key.
    @Test func unusableNamesNameTheTarget() {
        let found = errors("""
            fields:
              sku: { type: string, names: { kotlin: "sku-code", typescript: "1st", swift: "$x" } }
              tag: { type: string, names: { java: tag } }
            """)
        #expect(found.contains("'names.kotlin' of field 'sku' must be a Kotlin identifier, found 'sku-code'"))
        #expect(found.contains("'names.typescript' of field 'sku' must be a TypeScript identifier, found '1st'"))
        #expect(found.contains("'names.swift' of field 'sku' must be a Swift identifier, found '$x'"))
        #expect(found.contains("unknown key 'java' in 'names' of field 'tag'"))
        // `$` starts a TypeScript identifier; not a Swift or Kotlin one.
        #expect(TypeScriptTarget().chosenNameProblem("$x") == nil)
        #expect(TypeScriptTarget().chosenNameProblem("__proto__") != nil)
        #expect(KotlinTarget().chosenNameProblem("$x") != nil)
        #expect(KotlinTarget().chosenNameProblem("_") != nil)
    }

    /// A Swift collision is still Swift's: a name chosen for Kotlin does not resolve it.
    @Test func collisionsAreCheckedPerTarget() {
        let found = errors("""
            fields:
              cart_id: { type: string }
              cartId: { type: string, names: { kotlin: basketId } }
            """)
        #expect(found == ["fields 'cart_id' and 'cartId' both become the Swift name 'cartId'"])
        #expect(errors("""
            fields:
              cart_id: { type: string }
              cartId: { type: string, names: { swift: basketId } }
            """).isEmpty)
    }

    /// An event's name constant and a kind's struct share `<Namespace>.Events`: one Swift name for both is an
    /// error (found by fuzz-generate: the generated code declared `underscore` twice).
    @Test func anEventNamedLikeAKindStructIsReported() {
        let found = errors("""
            kinds:
              a: { swiftName: underscore }
            events:
              a: { kind: a, swiftName: underscore }
            """)
        #expect(found == ["event 'a' and kind 'a' both become the Swift name 'Shop.Events.underscore' (the event's name constant and the kind's struct)"])
        #expect(errors("""
            kinds:
              a: { swiftName: underscore }
            events:
              a: { kind: a, swiftName: other }
            """).isEmpty)
    }

    /// A name changed for one target is breaking for that target's source only.
    @Test func diffClassifiesNameChangesPerTarget() throws {
        let old = try DiffFixtures.contract(yaml: ContractText.head + "\n" + Self.named)
        let changedKotlin = Self.named.replacingOccurrences(of: "kotlin: thingKt", with: "kotlin: thingKotlin")
            .replacingOccurrences(of: "typescript: openedTs", with: "typescript: openedTs, kotlin: openedKt")
        let new = try DiffFixtures.contract(yaml: ContractText.head + "\n" + changedKotlin)
        let changes = ContractDiff.changes(from: old, to: new)
        #expect(changes.map(\.rule) == [.kotlinNameChanged, .kotlinNameChanged])
        #expect(changes.map(\.path) == ["fields.item", "events.opened"])
        #expect(changes.last?.message == "Kotlin name of event 'opened' changed from opened to openedKt (names.kotlin:); the wire name stays")
        #expect(changes.allSatisfy { $0.rule.severity == .sourceBreaking && $0.rule.affects == [.source] })
    }

    /// Every target has its own id and its own rule for name changes.
    @Test func registryEntriesAreDistinct() {
        #expect(CodeTargets.ids == ["swift", "typescript", "kotlin"])
        #expect(CodeTargets.defaultTarget.id == "swift")
        #expect(Set(CodeTargets.all.map(\.nameChangeType)).count == CodeTargets.all.count)
        #expect(CodeTargets.target(id: "java") == nil)
    }
}

/// `generate --target`, through the built executable.
@Suite
struct GenerateTargetCommandTests {
    @Test func unknownTargetExitsTwo() async throws {
        let result = try await ContractGenExecutable.run(["generate", "--target", "cobol", "--check"])
        #expect(result.status == 2)
        #expect(result.stderr == "error: unknown target 'cobol'; targets are swift, typescript, kotlin\n")
    }

    @Test func swiftIsTheDefaultTarget() async throws {
        let result = try await ContractGenExecutable.run(["generate", "--target", "swift", "--check"])
        #expect(result.status == 0)
        #expect(result.stdout == "Generated: up to date (13 files)\n")
    }
}
