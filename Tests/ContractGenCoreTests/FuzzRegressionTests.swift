import ContractGenCore
import Foundation
import Testing

/// What the fuzzers of `Fuzz/` found (docs/fuzzing.md), kept as fixtures in
/// `Fixtures/fuzz/`: each contract validates, and the code generated from it
/// type-checks against the built `TrackingCore` with no diagnostic at all.
@Suite struct FuzzRegressionTests {
    static let directory = Fixtures.directory.appendingPathComponent("fuzz")

    static var fixtures: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func thereAreFixtures() {
        #expect(Self.fixtures.count >= 3)
    }

    @Test(.timeLimit(.minutes(10)), arguments: fixtures)
    func generatedCodeTypeChecks(fixture: String) async throws {
        let url = Self.directory.appendingPathComponent(fixture)
        let result = try ContractLoader.load(path: url.path)
        let contract = try #require(result.contract, "\(fixture) does not validate: \(result.diagnostics.map(\.message))")
        let run = try await GeneratedTestSupport.typeCheck(contract)
        #expect(run.status == 0 && run.output.isEmpty, "swiftc on the code generated from \(fixture):\n\(run.output)")
    }
}

/// Names that two different contract names derive alike, which the name checks must refuse (or the generator keep
/// apart) before any code is written: what `fuzz-generate` found in `ContractFields.swift` (two protocols `Self_`),
/// and what looking for the same class by hand found.
@Suite struct DerivedNameCollisionTests {
    static func load(_ yaml: String) -> ContractLoadResult {
        ContractLoader.load(yaml: yaml, file: "c.yaml")
    }

    static let envelope = """
        version: 1.0.0
        mandatory:
          uuid: { type: uuid }
          clientTimestamp: { type: timestamp }

        """

    /// fuzz-generate (exit 77 in CI): field `_` with `swiftName: Self_` and field `self` (property `self_`) both
    /// declared the protocol `Shop.Fields.Self_`; now an error at the second, pointing at the first.
    @Test func fieldProtocolsOfDifferentPropertiesAreRefused() throws {
        let result = Self.load("contract: Shop\n" + Self.envelope + """
            kinds:
              pageView: {}
            fields:
              "_": { type: decimal, swiftName: Self_ }
              "self": { type: bool }
              "inits": { type: bool }
            events:
              open: { kind: pageView, required: [inits] }
            """)
        #expect(result.contract == nil)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.message == "fields '_' and 'self' both become the Swift protocols 'Shop.Fields.Self_' and 'Shop.OptionalFields.Self_' (their properties 'Self_' and 'self_' with a capital first letter)")
        #expect(error.location.line == 10)
        #expect(error.hint?.hasPrefix("'_' is at line 9, column 3;") == true)
        #expect(result.diagnostics.filter { $0.severity == .error }.count == 1)
    }

    /// Names that differ only in the case of their first letter meet in the protocols, not in the properties.
    @Test func fieldProtocolsOfNamesThatDifferInCaseAreRefused() {
        let result = Self.load("contract: Shop\n" + Self.envelope + """
            kinds:
              pageView: {}
            fields:
              foo: { type: bool }
              x: { type: int, swiftName: Foo }
            events:
              open: { kind: pageView, required: [foo, x] }
            """)
        #expect(result.contract == nil)
        #expect(result.diagnostics.map(\.message).contains { $0.contains("'Shop.Fields.Foo'") })
    }

    /// Fields whose properties meet are reported once, as before, not again for their protocols.
    @Test func onePropertyIsOneError() {
        let result = Self.load("contract: Shop\n" + Self.envelope + """
            kinds:
              pageView: {}
            fields:
              same: { type: bool }
              Same: { type: bool, swiftName: same }
            events:
              open: { kind: pageView, required: [same] }
            """)
        #expect(!result.diagnostics.contains { $0.message.contains("Swift protocols") })
        #expect(result.diagnostics.contains { $0.message.contains("both become the Swift name 'same'") })
    }

    /// `types.ts` declares `ContractGlobals`: an exported type of that name would merge into it or clash.
    @Test func typeScriptGlobalsInterfaceNameIsRefused() {
        let result = Self.load("contract: Shop\n" + Self.envelope + """
            kinds:
              pageView: {}
            valueSets:
              contract_globals: [a]
            fields:
              mark: { type: contract_globals }
            events:
              open: { kind: pageView, required: [mark] }
            """)
        #expect(result.contract == nil)
        #expect(result.diagnostics.map(\.message).contains {
            $0 == "value set 'contract_globals' becomes 'ContractGlobals', the interface generated code declares for the contract's globals"
        })
    }

    /// Contract names are ASCII: a name with a letter outside it is refused for every target, not half-generated.
    @Test(arguments: ["naïve", "straße", "名前", "e\u{301}", "x\u{200B}y", "a\u{202E}b"])
    func nonASCIINamesAreRefused(name: String) {
        for yaml in [
            "contract: Shop\n" + Self.envelope + "kinds:\n  k: {}\nfields:\n  \"\(name)\": { type: bool }\nevents:\n  e: { kind: k }\n",
            "contract: Shop\n" + Self.envelope + "kinds:\n  k: {}\nevents:\n  \"\(name)\": { kind: k }\n",
            "contract: Shop\n" + Self.envelope + "kinds:\n  \"\(name)\": {}\nevents:\n  e: { kind: \"\(name)\" }\n",
            "contract: \"\(name)\"\n" + Self.envelope + "kinds:\n  k: {}\nevents:\n  e: { kind: k }\n",
        ] {
            let result = Self.load(yaml)
            #expect(result.contract == nil, "\(name) was accepted in:\n\(yaml)")
        }
    }
}
