import ConformanceContract
import ContractGenCore
import Foundation
import Testing
import TrackingCore
@testable import TrackingDispatcher

/// `Conformance/globals.json` (docs/conformance.md, "Globals") run against Swift:
/// each case's event is made through the generated driver, its globals are
/// applied by the dispatcher's own encoder (`EventProcessor`, what `track` runs
/// on the worker), and the payload must be the case's bytes, with consent
/// granted and denied and as logs show it; the globals check
/// (`DispatcherContract.globalsValidator`) and the collector's descriptor check
/// of the whole payload must both report the case's violations.
@Suite struct GlobalsConformanceTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var event: String
        var arguments: JSONValue
        /// The case's globals in argument form (docs/conformance.md, "Arguments"), by wire name.
        var globals: [(key: String, value: JSONValue)]
        var payload: String
        var withoutPii: String
        var redacted: String
        /// `path code: message` each.
        var violations: [String]
        var description: String { "globals.json: \(name)" }
    }

    static let file = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("globals.json")

    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: file.path), let root = try? JSONValue.parse(data),
              case .array(let items)? = root["cases"] else {
            return [Case(name: "(unreadable)", event: "", arguments: .null, globals: [], payload: "", withoutPii: "", redacted: "",
                         violations: ["unreadable"])]
        }
        return items.map { item in
            func text(_ key: String) -> String { if case .string(let value)? = item[key] { value } else { "" } }
            var globals: [(key: String, value: JSONValue)] = []
            if case .object(let members)? = item["globals"] { globals = members }
            let violations = ConformanceCorpusTests.violations(of: item)
            return Case(name: text("name"), event: text("event"), arguments: item["arguments"] ?? .null, globals: globals,
                        payload: text("payload"), withoutPii: text("withoutPii"), redacted: text("redacted"), violations: violations)
        }
    }()

    /// A global's argument as the JSON value an app's `GlobalsSource` supplies:
    /// an `int` or `decimal` argument is a string of its digits (no JSON reader
    /// rounds it), sent as a number.
    static func sourceValue(_ argument: JSONValue, of global: String) throws -> JSONValue {
        let field = try #require(Conformance.descriptor.globals.first { $0.wireName == global }, "no global \(global)")
        switch (field.spec.type, argument) {
        case (.int, .string(let digits)), (.decimal, .string(let digits)): return .number(digits)
        default: return argument
        }
    }

    /// The payload the dispatcher stores and sends for `testCase`'s event with its globals.
    static func dispatched(_ testCase: Case, consent: PIIConsent) throws -> (payload: String, missing: [String]) {
        let event = try Conformance.conformanceEvent(testCase.event, ConformanceArguments(testCase.arguments))
        var values: [String: JSONValue] = [:]
        for (name, argument) in testCase.globals { values[name] = try sourceValue(argument, of: name) }
        let rules = DispatcherContract(descriptor: Conformance.descriptor)
        var processor = EventProcessor(rules: rules, globalsSource: StaticGlobals(values), sessionTimeout: 1800, duplicateWindow: 10)
        let template = processor.template(globals: values, consent: consent)
        let output = processor.process(event, createdAt: Date(timeIntervalSince1970: 1_795_000_000), template: template, consent: consent)
        return (String(decoding: output.row.payload, as: UTF8.self), output.row.missingGlobals)
    }

    @Test func theFileHasCasesWithUniqueNames() {
        #expect(Self.cases.count >= 6)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
        #expect(Self.cases.allSatisfy { !$0.payload.isEmpty && !$0.withoutPii.isEmpty && !$0.redacted.isEmpty })
    }

    @Test(arguments: cases)
    func dispatcherSendsThePayloadAsWritten(_ testCase: Case) throws {
        let granted = try Self.dispatched(testCase, consent: .granted)
        #expect(granted.payload == testCase.payload)
        // A global the app did not give (absent or null) gets its default or is left out, and is named as missing.
        let given = Set(testCase.globals.filter { $0.value != .null }.map(\.key))
        #expect(granted.missing == Conformance.descriptor.globals.map(\.wireName).filter { !given.contains($0) })
        #expect(try Self.dispatched(testCase, consent: .denied).payload == testCase.withoutPii)
        let parsed = try JSONValue.parse(Data(granted.payload.utf8))
        #expect(String(decoding: PIIPolicy(descriptor: Conformance.descriptor).redacting(parsed).encodedBytes, as: UTF8.self) == testCase.redacted)
    }

    @Test(arguments: cases)
    func globalsCheckReportsTheCaseViolations(_ testCase: Case) throws {
        var values: [String: JSONValue] = [:]
        for (name, argument) in testCase.globals { values[name] = try Self.sourceValue(argument, of: name) }
        let validator = try #require(DispatcherContract(descriptor: Conformance.descriptor).globalsValidator)
        #expect(validator(values).map { "\($0.path) \($0.code.rawValue): \($0.message)" }.sorted() == testCase.violations.sorted())
    }

    /// The collector's check of the whole payload, globals included (a global left out
    /// for want of a value is not a violation: globals may be absent).
    @Test(arguments: cases)
    func descriptorCheckOfThePayloadGivesTheSameViolations(_ testCase: Case) throws {
        let payload = try JSONValue.parse(Data(testCase.payload.utf8))
        let found = Conformance.descriptor.validate(payload: payload).map { "\($0.path) \($0.code.rawValue): \($0.message)" }.sorted()
        #expect(found == testCase.violations.sorted())
    }

    /// The contract declares what the cases need: a global with a default, one
    /// without, a constrained one, a value set's, and a pii one.
    @Test func theContractHasEveryKindOfGlobal() {
        let globals = Conformance.descriptor.globals
        let withDefault = globals.contains { $0.defaultValue != nil }
        let withoutDefault = globals.contains { $0.defaultValue == nil && !$0.pii }
        let constrained = globals.contains { $0.spec.constraints != FieldConstraints() }
        let ofValueSet = globals.contains { if case .valueSet = $0.spec.type { true } else { false } }
        let pii = globals.contains { $0.pii }
        #expect(withDefault)
        #expect(withoutDefault)
        #expect(constrained)
        #expect(ofValueSet)
        #expect(pii)
    }
}
