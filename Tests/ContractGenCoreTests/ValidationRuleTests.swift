import Foundation
import Testing
import TrackingCore

@testable import ContractGenCore

/// Rules of the language checked one by one, mostly what must be *accepted*
/// (the golden corpus covers what must be rejected).
@Suite struct ValidationRuleTests {
    static let head = ContractText.head + "\n"

    func load(_ body: String) -> ContractLoadResult {
        ContractLoader.load(yaml: Self.head + body, file: "t.yaml")
    }

    func messages(_ body: String) -> [String] {
        load(body).diagnostics.map(\.message)
    }

    @Test func smallestContractIsValid() throws {
        let contract = try #require(load("").contract)
        #expect(contract.events.isEmpty && contract.name == "Shop")
    }

    @Test func missingConstantIsFineAndKindsShareFields() throws {
        let body = """
            valueSets:
              ViewType: [home, bag]
            kinds:
              pageView:
                mandatory:
                  viewType: { type: ViewType }
              pageAction:
                mandatory:
                  viewType: { type: ViewType }
              systemAction:
            events:
              homeView: { kind: pageView }
              tap: { kind: pageAction, viewType: bag }
              boot: { kind: systemAction }

            """
        let result = load(body)
        #expect(result.diagnostics.isEmpty)
        let contract = try #require(result.contract)
        #expect(contract.events.map(\.constants.count) == [0, 1, 0])
        #expect(contract.kinds[2].mandatory.isEmpty)
    }

    @Test func defaultsBecomeJSONValues() throws {
        let body = """
            valueSets:
              Theme:
                light: Light Theme
                dark: Dark Theme
            objects:
              Device:
                required:
                  model: { type: string }
                optional:
                  year: { type: int }
            globals:
              appVersion: { type: string, default: unknown }
              answer: { type: string, default: yes }
              quoted: { type: string, default: '123' }
              build: { type: int, default: 0x1F }
              ratio: { type: double, default: .5 }
              price: { type: decimal, default: 1.50 }
              debug: { type: bool, default: false }
              theme: { type: Theme, default: dark }
              device: { type: Device, default: { model: unknown, year: 2024 } }
              tags: { type: array, items: { type: string }, default: [a, b] }
              installId: { type: uuid, default: E621E1F8-C36C-495A-93FC-0C247A3E6E5F }
              since: { type: timestamp, default: '2026-01-31T12:00:00.000Z' }

            """
        let result = load(body)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let globals = try #require(result.contract?.globals)
        let defaults = Dictionary(uniqueKeysWithValues: globals.map { ($0.wireName, $0.defaultValue) })
        #expect(defaults["appVersion"] == .string("unknown"))
        #expect(defaults["answer"] == .string("yes"))  // YAML 1.2: yes is a string
        #expect(defaults["quoted"] == .string("123"))
        #expect(defaults["build"] == .number("31"))
        #expect(defaults["ratio"] == .number("0.5"))
        #expect(defaults["price"] == .number("1.5"))
        #expect(defaults["debug"] == .bool(false))
        #expect(defaults["theme"] == .string("Dark Theme"))  // the wire value
        #expect(defaults["device"] == .object([(key: "model", value: .string("unknown")), (key: "year", value: .number("2024"))]))
        #expect(defaults["tags"] == .array([.string("a"), .string("b")]))
        #expect(defaults["since"] == .string("2026-01-31T12:00:00.000Z"))
    }

    @Test func curatedFieldMayShareANameWithAnotherKindsField() {
        let body = """
            kinds:
              impression:
                mandatory:
                  position: { type: int }
              pageView: {}
            fields:
              position: { type: int }
            events:
              seen: { kind: impression }
              shown: { kind: pageView, required: [position] }

            """
        #expect(messages(body).isEmpty)
    }

    @Test func contractVersionGlobalOfTypeStringIsAllowed() {
        #expect(messages("globals:\n  contractVersion: { type: string }\n").isEmpty)
    }

    @Test func everyProblemIsReportedInOneRun() {
        let body = "fields:\n  a: { type: strng }\n  b: { type: int, pii: maybe }\n  c: { type: string, maxLength: -1 }\nevnts: {}\n"
        #expect(load(body).diagnostics.filter { $0.severity == .error }.count == 4)
    }

    @Test func duplicatesOfUnknownKeysAreDuplicatesToo() {
        let result = load("evnts: {}\nevnts: {}\n")
        #expect(result.diagnostics.map(\.message) == ["unknown key 'evnts' in the contract", "duplicate key 'evnts' in the contract"])
        #expect(result.diagnostics.map(\.location.line) == [6, 7])
    }

    @Test func diagnosticsAreSortedByLocation() {
        let result = load("events:\n  x: { kind: nope }\nfields:\n  a: { type: strng }\nkinds:\n  k: {}\n")
        let locations = result.diagnostics.map(\.location)
        #expect(locations == locations.sorted())
        #expect(result.diagnostics.count >= 2)
    }

    @Test func strictTurnsWarningsIntoFailure() {
        let warned = load("globals:\n  email: { type: string, pii: true }\n")
        #expect(!warned.hasErrors && warned.hasWarnings)
        #expect(ValidationOutcome(warned, strict: false) == .valid)
        #expect(ValidationOutcome(warned, strict: true) == .invalid)
        #expect(ValidationOutcome(load("version: 2\n"), strict: false) == .invalid)
    }

    @Test func readingAMissingFileThrows() {
        #expect(throws: ContractFileError.self) { try ContractLoader.load(path: "no/such/contract.yaml") }
    }

    @Test func jsonReportParsesAsJSON() throws {
        let result = load("fields:\n  a: { type: strng }\n")
        let data = Data(DiagnosticFormatter.json(result.diagnostics).utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["line"] as? Int == 7)
        #expect(first["column"] as? Int == 14)
        #expect(first["hint"] as? String == "did you mean 'string'?")
        #expect(object["errors"] as? Int == 1)
    }
}

@Suite struct LanguageBasicsTests {
    @Test(arguments: [
        ("42", ScalarValue.integer(42)), ("-4", .integer(-4)), ("+7", .integer(7)), ("0x1F", .integer(31)), ("0o17", .integer(15)),
        ("1.5", .number(Decimal(string: "1.5")!)), ("1e3", .number(1000)), (".inf", .nonFinite(".inf")), (".nan", .nonFinite(".nan")),
        ("true", .bool(true)), ("False", .bool(false)), ("null", .null), ("~", .null), ("", .null),
        ("yes", .string("yes")), ("1.3.0", .string("1.3.0")), ("0x", .string("0x")), ("-", .string("-")), ("nullable", .string("nullable")),
    ])
    func plainScalarsFollowTheCoreSchema(text: String, expected: ScalarValue) {
        #expect(ScalarValue.resolve(text, style: .plain) == expected)
    }

    @Test func quotedScalarsAreStrings() {
        #expect(ScalarValue.resolve("42", style: .quoted) == .string("42"))
        #expect(ScalarValue.resolve("true", style: .quoted) == .string("true"))
    }

    @Test(arguments: ["1.0.0", "0.0.1", "10.20.30", "1.0.0-alpha.1", "1.0.0+build.5", "1.0.0-rc.1+sha.abc"])
    func semanticVersions(version: String) {
        #expect(NameSyntax.isSemanticVersion(version))
    }

    @Test(arguments: ["1.3", "v1.3.0", "01.2.0", "1.2.3-", "1.2.3.4", ""])
    func notSemanticVersions(version: String) {
        #expect(!NameSyntax.isSemanticVersion(version))
    }

    @Test func namesFollowTheWireNameRule() {
        #expect(["cart_id", "image-url", "a.b", "_private", "X1"].allSatisfy(NameSyntax.isValidName))
        #expect(!["1stEvent", "product page view", "", "é", "a/b"].contains(where: NameSyntax.isValidName))
        #expect(NameSyntax.repaired("product page view") == "productPageView")
        #expect(NameSyntax.repaired("1stEvent") == "_1stEvent")
    }

    @Test func suggestionsPickTheClosestLikelyTypo() {
        #expect(Suggestions.didYouMean("optinal", among: ["required", "optional"]) == "did you mean 'optional'?")
        #expect(Suggestions.closest(to: "strng", among: ["string", "int"]) == "string")
        #expect(Suggestions.closest(to: "colour", among: ["type", "items"]) == nil)
        #expect(Suggestions.editDistance(Array("ab"), Array("ba")) == 1)
    }

    @Test func sourceLocationsKeepTheirFileAndOrder() {
        let a = SourceLocation(file: "a.yaml", line: 3, column: 1)
        var b = SourceLocation(file: "b.yaml", line: 1, column: 1)
        #expect(a.file == "a.yaml" && a.description == "a.yaml:3:1")
        #expect(a < b)
        b.file = "a.yaml"
        #expect(b < a && b == SourceLocation(file: "a.yaml", line: 1, column: 1))
        #expect(Set([b, SourceLocation(file: "a.yaml", line: 1, column: 1)]).count == 1)
    }
}
