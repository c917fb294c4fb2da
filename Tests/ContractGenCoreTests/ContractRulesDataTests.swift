import ContractGenCore
import Foundation
import Testing
import TrackingCore

/// The rules as data (docs/wire-format.md, "The rules as data"): the
/// conformance contract's document is committed (`Conformance/rules.json`),
/// and a checker written from the document's description alone, run over
/// every corpus case's wire bytes, finds exactly the case's violations.
@Suite struct ContractRulesDataTests {
    static let rulesFile = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("rules.json")

    static func document() throws -> String {
        ContractRulesData.document(ContractGenerator.lower(try GeneratedTestSupport.load(GeneratedTestSupport.conformanceDirectory.appendingPathComponent("contract.yaml"))))
    }

    @Test func committedDocumentIsTheGeneratedOne() throws {
        try GeneratedTestSupport.assertGolden(try Self.document(), at: Self.rulesFile)
    }

    /// A field's contract default is in the document, in wire form: what a sink sends for a global without a value.
    @Test func defaultsAreCarriedInWireForm() throws {
        func member(_ value: JSONValue?, _ key: String) -> JSONValue? {
            guard case .object(let members)? = value else { return nil }
            return members.first { $0.key == key }?.value
        }
        let contract = try GeneratedTestSupport.load(Fixtures.projectContract)
        let globals = member(ContractRulesData.value(ContractGenerator.lower(contract)), "globals")
        #expect(member(member(globals, "deviceModel"), "default") == .string("unknown"))
        #expect(member(member(globals, "sessionId"), "type") == .string("uuid"))
        #expect(member(member(globals, "sessionId"), "default") == nil)
    }

    @Test(arguments: ConformanceCorpusTests.cases)
    func theDocumentGivesEveryCaseItsViolations(_ testCase: ConformanceCorpusTests.Case) throws {
        let rules = try JSONValue.parse(try Self.document())
        let payload = try JSONValue.parse(testCase.wire)
        guard case .object(let members) = payload, case .string(let eventName)? = payload["event"],
              let event = rules["events"]?[eventName], case .string(let kind)? = event["kind"] else {
            Issue.record("not an event payload"); return
        }
        // The spec of every member the event may carry: envelope, kind, event fields.
        var specs: [String: JSONValue] = [:]
        for scope in [rules["envelope"], rules["kinds"]?[kind]] {
            if case .object(let fields)? = scope { for field in fields { specs[field.key] = field.value } }
        }
        for list in [event["required"], event["optional"]] {
            if case .array(let names)? = list {
                for case .string(let name) in names { specs[name] = rules["fields"]?[name] }
            }
        }
        var found: [String] = []
        for member in members where !["event", "kind", "contractVersion"].contains(member.key) {
            let spec = try #require(specs[member.key], "no rule for \(member.key)")
            Self.check(member.value, spec, path: member.key, rules: rules, into: &found)
        }
        // Paths and codes: this reading of the document words no messages (the corpus's runners compare those).
        let expected = testCase.violations.map { $0.split(separator: ":", maxSplits: 1).first.map(String.init) ?? $0 }
        #expect(found.sorted() == expected.sorted())
    }

    /// docs/wire-format.md's constraint table, applied to a spec of the document.
    static func check(_ value: JSONValue, _ spec: JSONValue, path: String, rules: JSONValue, into found: inout [String]) {
        func bound(_ key: String) -> Decimal? {
            if case .string(let text)? = spec[key] { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) } else { nil }
        }
        func count(_ key: String) -> Int? { if case .number(let text)? = spec[key] { Int(text) } else { nil } }
        func report(_ code: String) { found.append("\(path) \(code)") }
        func bounds(_ number: Decimal) {
            if let min = bound("minimum"), number < min { report("belowMinimum") }
            if let max = bound("maximum"), number > max { report("aboveMaximum") }
        }
        switch spec["type"] {
        case .string("string")?:
            guard case .string(let text) = value else { return report("wrongType") }
            let length = text.unicodeScalars.count
            if let min = count("minLength"), length < min { report("tooShort") }
            if let max = count("maxLength"), length > max { report("tooLong") }
            if let index = count("pattern"), case .array(let programs)? = rules["patterns"],
               case .array(let program)? = programs[index]["program"] {
                let data = program.compactMap { if case .number(let n) = $0 { Int(n) } else { nil } }
                if let pattern = try? ContractRegex.pattern(serializedProgram: data), !pattern.matches(text) { report("patternMismatch") }
            }
        case .string("int")?, .string("decimal")?:
            guard case .number(let text) = value, let number = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                return report("wrongType")
            }
            bounds(number)
        case .string("double")?:
            guard case .number(let text) = value, let number = Double(text) else { return report("badFormat") }  // null: not finite
            if let min = bound("minimum"), number < NSDecimalNumber(decimal: min).doubleValue { report("belowMinimum") }
            if let max = bound("maximum"), number > NSDecimalNumber(decimal: max).doubleValue { report("aboveMaximum") }
        case .object(let type)?:
            switch type.first {
            case ("array", let items)?:
                guard case .array(let values) = value else { return report("wrongType") }
                if let min = count("minItems"), values.count < min { report("tooFewItems") }
                if let max = count("maxItems"), values.count > max { report("tooManyItems") }
                for (index, item) in values.enumerated() { check(item, items, path: "\(path)[\(index)]", rules: rules, into: &found) }
            case ("object", .string(let name))?:
                guard case .object(let members) = value, let object = rules["objects"]?[name] else { return report("wrongType") }
                for member in members {
                    guard let memberSpec = object["required"]?[member.key] ?? object["optional"]?[member.key] else { continue }
                    check(member.value, memberSpec, path: "\(path).\(member.key)", rules: rules, into: &found)
                }
            default:
                break  // value sets: encoders write only their wire values
            }
        default:
            break  // bool, uuid, timestamp: no constraints
        }
    }
}
