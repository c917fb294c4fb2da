import ConformanceContract
import ContractGenCore
import Foundation
import Testing
import TrackingCore

/// The conformance corpus (`Conformance/cases/*.json`, docs/conformance.md) run
/// against the Swift target: each case's event made through the generated
/// driver from its arguments must encode to the case's wire bytes exactly and
/// report the case's violations, each with the shared table's message; the
/// descriptor check the collector runs must report the same of the wire bytes.
@Suite struct ConformanceCorpusTests {
    /// A case's `violations` as `path code: message` lines (a malformed entry is one line saying so).
    static func violations(of item: JSONValue) -> [String] {
        guard case .array(let list)? = item["violations"] else { return [] }
        return list.map { violation in
            if case .string(let path)? = violation["path"], case .string(let code)? = violation["code"],
               case .string(let message)? = violation["message"] {
                "\(path) \(code): \(message)"
            } else {
                "(malformed violation)"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var name: String
        var event: String
        var arguments: JSONValue
        var wire: String
        /// `path code: message` each.
        var violations: [String]
        /// The bytes once consent is denied, and as logs show them; `nil` when the case does not say.
        var withoutPii: String?
        var redacted: String?
        var description: String { "\(file): \(name)" }
    }

    static let casesDirectory = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("cases")

    /// Every case of every case file, in file and then written order.
    static let cases: [Case] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: casesDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().flatMap { file -> [Case] in
            guard let data = FileManager.default.contents(atPath: casesDirectory.appendingPathComponent(file).path),
                  let root = try? JSONValue.parse(data), case .array(let items)? = root["cases"] else {
                return [Case(
                    file: file, name: "(unreadable)", event: "", arguments: .null, wire: "", violations: ["unreadable"],
                    withoutPii: nil, redacted: nil)]
            }
            return items.map { item in
                let violations = Self.violations(of: item)
                func text(_ key: String) -> String? { if case .string(let value)? = item[key] { value } else { nil } }
                return Case(
                    file: file, name: text("name") ?? "", event: text("event") ?? "", arguments: item["arguments"] ?? .null,
                    wire: text("wire") ?? "", violations: violations, withoutPii: text("withoutPii"), redacted: text("redacted"))
            }
        }
    }()

    @Test func theCorpusHasCasesAndUniqueNames() {
        #expect(Self.cases.count >= 60)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    @Test(arguments: cases)
    func caseEncodesAndChecksAsWritten(_ testCase: Case) throws {
        let event = try Conformance.conformanceEvent(testCase.event, ConformanceArguments(testCase.arguments))
        #expect(String(decoding: event.encodedJSON(), as: UTF8.self) == testCase.wire)
        // Order is not part of the contract between targets: compared sorted.
        let found = event.validate().map { "\($0.path) \($0.code.rawValue): \($0.message)" }.sorted()
        #expect(found == testCase.violations.sorted())
        if testCase.withoutPii != nil || testCase.redacted != nil {
            let policy = PIIPolicy(descriptor: Conformance.descriptor)
            let payload = try JSONValue.parse(event.encodedJSON())
            func text(_ value: JSONValue) -> String {
                var writer = JSONWriter()
                value.write(to: &writer)
                return writer.string
            }
            #expect(text(policy.removing(from: payload).payload) == testCase.withoutPii)
            #expect(text(policy.redacting(payload)) == testCase.redacted)
        }
    }

    /// The collector's check (the contract's descriptor, from the wire bytes) reports
    /// the case's violations with the same messages. A double that is not finite is
    /// written as `null`, which the descriptor sees as a wrong type: those cases are
    /// left out here.
    @Test(arguments: cases.filter { !$0.violations.contains { $0.contains(" badFormat:") } })
    func descriptorCheckOfTheWireGivesTheSameViolations(_ testCase: Case) throws {
        let payload = try JSONValue.parse(Data(testCase.wire.utf8))
        let found = Conformance.descriptor.validate(payload: payload).map { "\($0.path) \($0.code.rawValue): \($0.message)" }.sorted()
        #expect(found == testCase.violations.sorted())
    }

    /// `Conformance/wrong-types.json`: a member of another type than its field's,
    /// added to the base case's wire bytes, gets exactly the file's `wrongType`
    /// message from the collector's check (the TypeScript runner checks the same
    /// file against its encoder: one text in both).
    @Test func descriptorCheckGivesTheSharedWrongTypeMessages() throws {
        let url = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("wrong-types.json")
        let root = try JSONValue.parse(Data(contentsOf: url))
        let baseName = try #require(root["base"]?.stringValue)
        let base = try #require(Self.cases.first { $0.name == baseName })
        #expect(base.event == root["event"]?.stringValue)
        guard case .object(let members) = try JSONValue.parse(Data(base.wire.utf8)) else {
            Issue.record("the base case's wire is not an object"); return
        }
        guard case .array(let cases)? = root["cases"] else { Issue.record("no cases"); return }
        #expect(cases.count >= 10)
        for item in cases {
            let field = try #require(item["field"]?.stringValue)
            let value = try #require(item["value"])
            let message = try #require(item["message"]?.stringValue)
            let found = Conformance.descriptor.validate(payload: .object(members + [(key: field, value: value)]))
                .map { "\($0.path) \($0.code.rawValue): \($0.message)" }
            #expect(found == ["\(field) wrongType: \(message)"], "\(field) = \(value)")
        }
    }

    /// A member sent twice is the one message that is not a code's template
    /// (`RuntimeConstants.ViolationText.duplicateMember`, from the shared table):
    /// only the collector reads JSON text, where a member can appear twice.
    @Test func duplicateMemberHasTheSharedText() throws {
        let base = try #require(Self.cases.first { $0.name == "types.string" })
        guard case .object(let members) = try JSONValue.parse(Data(base.wire.utf8)) else {
            Issue.record("the base case's wire is not an object"); return
        }
        let found = Conformance.descriptor.validate(payload: .object(members + [(key: "text", value: .string("again"))]))
        #expect(found.map { "\($0.path) \($0.code.rawValue): \($0.message)" } == ["text unknownField: appears more than once"])
        #expect(RuntimeConstants.ViolationText.duplicateMember == "appears more than once")
    }

    /// Every code the constraint cases can reach appears in the corpus with its message.
    @Test func corpusCoversEveryConstraintCodeWithItsMessage() {
        let codes = Set(Self.cases.flatMap(\.violations).compactMap { $0.split(separator: " ").dropFirst().first.map { String($0.dropLast()) } })
        for code: Violation.Code in [.tooShort, .tooLong, .patternMismatch, .belowMinimum, .aboveMaximum, .tooFewItems, .tooManyItems, .badFormat] {
            #expect(codes.contains(code.rawValue), "no case reports \(code)")
        }
    }

    @Test func piiCasesSayWhatConsentAndLogsLeave() {
        #expect(Self.cases.filter { $0.withoutPii != nil && $0.redacted != nil }.count >= 4)
    }

    /// The committed driver is what the generator renders for the conformance contract.
    @Test func committedDriverIsTheRenderedOne() throws {
        let contract = try GeneratedTestSupport.load(GeneratedTestSupport.conformanceDirectory.appendingPathComponent("contract.yaml"))
        let driver = ContractGenerator.conformanceDriver(of: contract)
        let url = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("Swift/\(driver.name)")
        try GeneratedTestSupport.assertGolden(driver.text, at: url)
    }
}
