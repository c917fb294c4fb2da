import Foundation
import Testing
@testable import TrackingCore

/// The payload check's fast paths (per-event tables, the hand-written uuid
/// check, paths built only for violations) against the straightforward check
/// they replaced, kept here as the reference: same violations, same order.
@Suite struct ContractDescriptorFastPathTests {
    // MARK: uuid text

    /// What the check accepted before: `UUID(uuidString:)` on 36 UTF-8 bytes.
    static func foundationAccepts(_ text: String) -> Bool {
        text.utf8.count == 36 && UUID(uuidString: text) != nil
    }

    static func uuidCandidates() -> [String] {
        var generator = SystemRandomNumberGenerator()
        var candidates: [String] = ["", "-", "5f0c6e1a", "{5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6}",
                                    "5f0c6e1a2b3c4d5e8f90a1b2c3d4e5f6", "00000000-0000-0000-0000-000000000000",
                                    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "ffffffff-ffff-ffff-ffff-ffffffffffff",
                                    "0x0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6", " 5f0c6e1-2b3c-4d5e-8f90-a1b2c3d4e5f6",
                                    "+5f0c6e1-2b3c-4d5e-8f90-a1b2c3d4e5f6", "5f0c6e1a-+b3c-4d5e-8f90-a1b2c3d4e5f6",
                                    "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f", "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6a",
                                    "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f\u{e9}", "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5\u{e9}",
                                    "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f\u{0}", "5f0c6e1a 2b3c-4d5e-8f90-a1b2c3d4e5f6",
                                    "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6\n", "5f0c6e1a-2b3c-4d5e-8f90--1b2c3d4e5f6",
                                    "5f0c6e1a--b3c-4d5e-8f90-a1b2c3d4e5f6", "5f0c6e1a-2b3c-4d5e-8f9-0a1b2c3d4e5f6"]
        let replacements: [Character] = ["g", "G", "z", "-", " ", "+", "x", "X", "{", "\u{0}", "\u{e9}", "0", "A", "f", "F", ":", "/", "@", "`"]
        for _ in 0..<40 {
            let uuid = UUID().uuidString
            for text in [uuid, uuid.lowercased(), String(uuid.enumerated().map { $0.offset % 2 == 0 ? Character($0.element.lowercased()) : $0.element })] {
                candidates.append(text)
                let characters = Array(text)
                let position = Int.random(in: 0..<characters.count, using: &generator)
                for replacement in replacements {
                    var changed = characters
                    changed[position] = replacement
                    candidates.append(String(changed))
                }
                candidates.append(String(characters.dropLast()))
                candidates.append(text + "0")
                candidates.append(String(characters.filter { $0 != "-" }))
            }
        }
        // Random text over hex digits, dashes and a few others, mostly 36 long.
        let alphabet = Array("0123456789abcdefABCDEF-----gGxX +")
        for _ in 0..<4_000 {
            var text = String((0..<36).map { _ in alphabet.randomElement(using: &generator)! })
            if Bool.random(using: &generator) {
                // Dashes in place, so a good share is valid.
                var characters = Array(text)
                for index in [8, 13, 18, 23] { characters[index] = "-" }
                for index in characters.indices where ![8, 13, 18, 23].contains(index) && characters[index] == "-" {
                    characters[index] = "a"
                }
                text = String(characters)
            }
            candidates.append(text)
        }
        return candidates
    }

    @Test func uuidTextIsAcceptedExactlyAsFoundationAcceptsIt() {
        var accepted = 0, canonical = 0
        for candidate in Self.uuidCandidates() {
            let expected = Self.foundationAccepts(candidate)
            #expect(ContractDescriptor.isUUIDText(candidate) == expected, "\(candidate.debugDescription)")
            // The fast path never accepts what Foundation refuses.
            if ContractDescriptor.isCanonicalUUIDText(candidate) {
                #expect(expected, "\(candidate.debugDescription)")
                canonical += 1
            }
            if expected { accepted += 1 }
        }
        #expect(canonical > 100 && accepted > canonical)  // every kind well represented
    }

    // MARK: payloads

    /// Built to hit the corners: a field repeated (kind mandatory and required),
    /// a field named like an envelope member, a global overridden by a field,
    /// a `contractVersion` global, nested objects in arrays.
    static let descriptor = ContractDescriptor(
        name: "Shop", version: "2.0.0",
        valueSets: [ValueSetDescriptor(name: "Screen", wireValues: ["Home", "Bag"])],
        objects: [
            ObjectDescriptor(
                name: "Item",
                required: [FieldDescriptor("sku", ValueSpec(.string, FieldConstraints(pattern: "^[0-9]+$"))),
                           FieldDescriptor("tags", ValueSpec(.array(items: ValueSpec(.string, FieldConstraints(minLength: 1, maxLength: 3))), FieldConstraints(minItems: 1)))],
                optional: [FieldDescriptor("price", ValueSpec(.decimal, FieldConstraints(minimum: 0))),
                           FieldDescriptor("id", ValueSpec(.uuid))]
            ),
            ObjectDescriptor(
                name: "Node",
                required: [FieldDescriptor("at", ValueSpec(.timestamp))],
                optional: [FieldDescriptor("children", ValueSpec(.array(items: ValueSpec(.object("Node"))))),
                           FieldDescriptor("at", ValueSpec(.string)), FieldDescriptor("weight", ValueSpec(.double))]
            ),
        ],
        mandatory: [FieldDescriptor("uuid", ValueSpec(.uuid)), FieldDescriptor("clientTimestamp", ValueSpec(.timestamp))],
        kinds: [KindDescriptor(name: "view", mandatory: [FieldDescriptor("screen", ValueSpec(.valueSet("Screen"))),
                                                          FieldDescriptor("count", ValueSpec(.int))])],
        globals: [
            FieldDescriptor("appVersion", ValueSpec(.string), defaultValue: .string("unknown")),
            FieldDescriptor("contractVersion", ValueSpec(.int)),
            FieldDescriptor("ratio", ValueSpec(.string)),
            FieldDescriptor("email", ValueSpec(.string), pii: true),
        ],
        fields: [
            FieldDescriptor("items", ValueSpec(.array(items: ValueSpec(.object("Item"))), FieldConstraints(maxItems: 3))),
            FieldDescriptor("count", ValueSpec(.int, FieldConstraints(minimum: 1, maximum: 9))),
            FieldDescriptor("ratio", ValueSpec(.double, FieldConstraints(maximum: 1))),
            FieldDescriptor("seen", ValueSpec(.bool)),
            FieldDescriptor("query", ValueSpec(.string, FieldConstraints(maxLength: 5)), pii: true),
            FieldDescriptor("kind", ValueSpec(.string)),
            FieldDescriptor("ids", ValueSpec(.array(items: ValueSpec(.uuid)))),
            FieldDescriptor("tree", ValueSpec(.object("Node"))),
            FieldDescriptor("mood", ValueSpec(.valueSet("Undeclared"))),
            FieldDescriptor("ghost", ValueSpec(.object("Undeclared"))),
        ],
        events: [
            EventDescriptor(name: "bagView", kind: "view", constants: ["screen": "Bag"], required: ["items", "count", "kind"], optional: ["ratio", "seen", "query", "ids", "missingFromFields", "tree", "mood", "ghost"]),
            EventDescriptor(name: "homeView", kind: "view", required: ["count"], optional: ["items"]),
        ]
    )

    static let valid = #"{"event":"bagView","kind":"view","contractVersion":"2.0.0","uuid":"5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6","clientTimestamp":"2026-11-20T12:00:00.123Z","screen":"Bag","count":2,"items":[{"sku":"1","tags":["a"],"price":0.5}],"ratio":0.5,"seen":true,"query":"ab","ids":["5F0C6E1A-2B3C-4D5E-8F90-A1B2C3D4E5F6"],"tree":{"at":"2026-11-20T12:00:00.123Z","children":[{"at":"2026-11-20T12:00:00.123Z","weight":1.5}]},"mood":"any","ghost":{"x":1},"appVersion":"1.0","email":"a@b.c"}"#

    static let replacementValues: [JSONValue] = [
        .null, .bool(true), .number("0"), .number("-1"), .number("2"), .number("10"), .number("1.5"), .number("1e400"),
        .string(""), .string("Bag"), .string("Home"), .string("view"), .string("tap"), .string("homeView"), .string("12345678"),
        .string("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6"), .string("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5fg"),
        .string("2026-11-20T12:00:00.123Z"), .string(String(repeating: "long text ", count: 6)),
        .array([]), .array([.string("x"), .number("1")]),
        .array([.object([(key: "sku", value: .string("1x")), (key: "tags", value: .array([.string(""), .string("abcd")]))]),
                .object([(key: "price", value: .number("-1")), (key: "id", value: .string("nope")), (key: "extra", value: .null),
                         (key: "price", value: .number("1"))]),
                .string("not an object"), .object([])]),
        .object([]), .object([(key: "sku", value: .string("1"))]),
        .object([(key: "children", value: .array([.object([(key: "at", value: .string("x")), (key: "weight", value: .number("1e400")),
                                                            (key: "children", value: .array([.object([])]))])])),
                 (key: "at", value: .number("1")), (key: "at", value: .string("2026-11-20T12:00:00.123Z"))]),
    ]

    /// Variants of the valid payload: every member dropped, doubled, moved,
    /// replaced by each test value; unknown members; reordered.
    static func payloads() throws -> [JSONValue] {
        guard case .object(let members) = try JSONValue.parse(valid) else { return [] }
        var result: [JSONValue] = [.object(members), .null, .array([]), .object([]),
                                   .object([(key: "event", value: .number("1"))]),
                                   .object([(key: "event", value: .string("nope"))]),
                                   .object([(key: "event", value: .string("homeView"))]),
                                   .object([(key: "kind", value: .string("view")), (key: "event", value: .string("homeView")),
                                            (key: "count", value: .number("3")), (key: "kind", value: .string("view"))])]
        for index in members.indices {
            var dropped = members
            dropped.remove(at: index)
            result.append(.object(dropped))
            var doubled = members
            doubled.insert(members[index], at: index)
            result.append(.object(doubled))
            var moved = members
            moved.append(moved.remove(at: index))
            result.append(.object(moved))
            for value in replacementValues {
                var replaced = members
                replaced[index].value = value
                result.append(.object(replaced))
            }
        }
        result.append(.object(members.reversed()))
        result.append(.object(members + [(key: "surprise", value: .number("1")), (key: "surprise", value: .null), (key: "other", value: .null)]))
        result.append(.object(members.map { ($0.key == "event" ? ($0.key, .string("homeView")) : $0) }))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            result.append(.object(members.shuffled(using: &generator)))
        }
        return result
    }

    @Test func payloadVerdictsMatchTheReferenceCheck() throws {
        var reported = 0
        for payload in try Self.payloads() {
            let fast = Self.descriptor.validate(payload: payload)
            let reference = Self.descriptor.referenceValidate(payload: payload)
            #expect(fast == reference, "\(payload)")
            reported += fast.count
        }
        #expect(reported > 300)
        // A copy of the descriptor shares the tables and gives the same answers.
        let copy = Self.descriptor
        let payload = try JSONValue.parse(Self.valid)
        #expect(copy.validate(payload: payload) == [])
    }

    @Test func theTableOfAnEventKnowsItsMembersInWireOrder() throws {
        let table = try #require(Self.descriptor.payloadTable(forEvent: "bagView"))
        #expect(table.names == ["event", "kind", "contractVersion", "uuid", "clientTimestamp", "screen", "count", "items",
                                "ratio", "seen", "query", "ids", "tree", "mood", "ghost", "appVersion", "email"])
        #expect(table.required.map(\.wireName) == ["uuid", "clientTimestamp", "screen", "count", "items", "count", "kind"])
        #expect(Self.descriptor.payloadTable(forEvent: "nope") == nil)
    }

    // MARK: item counts

    /// The array's count is accepted without the rules only inside its bounds:
    /// every count gets the violations `ConstraintRules` gives it, including
    /// bounds that contradict each other, negative ones and the largest.
    @Test func itemCountsGetTheViolationsOfTheRules() throws {
        let bounds: [(Int?, Int?)] = [(nil, nil), (2, nil), (nil, 3), (2, 3), (3, 3), (5, 2), (-1, nil), (nil, -1), (0, .max), (.max, nil)]
        for (fewest, most) in bounds {
            let constraints = FieldConstraints(minItems: fewest, maxItems: most)
            let descriptor = ContractDescriptor(
                name: "Counts", version: "1.0.0",
                fields: [FieldDescriptor("list", ValueSpec(.array(items: ValueSpec(.int)), constraints))],
                events: [EventDescriptor(name: "counted", kind: "action", optional: ["list"])])
            for count in 0...6 {
                let items = (0..<count).map { _ in "1" }.joined(separator: ",")
                let payload = try JSONValue.parse(#"{"event":"counted","kind":"action","contractVersion":"1.0.0","list":[\#(items)]}"#)
                var expected: [Violation] = []
                ConstraintRules.check(count: count, constraints, path: "list", into: &expected)
                #expect(descriptor.validate(payload: payload) == expected, "\(count) items, bounds \(String(describing: fewest))...\(String(describing: most))")
            }
        }
    }
}

// MARK: The reference: the check as it was before the fast paths

extension ContractDescriptor {
    func referenceValidate(payload: JSONValue) -> [Violation] {
        var violations: [Violation] = []
        // The header (object, event, kind, version) is one shared function; the
        // reference is what the fast paths replaced: the members and their values.
        guard let (members, eventName, event) = checkHeader(of: payload, lookUp: event(named:), kind: \.kind,
                                                             into: &violations) else {
            return violations
        }

        // Every field the payload may carry, by wire name.
        var known: [String: (field: FieldDescriptor, isRequired: Bool)] = [:]
        for global in globals where global.wireName != "contractVersion" {
            known[global.wireName] = (global, false)
        }
        let fields = payloadFields(forEvent: eventName) ?? []
        for entry in fields { known[entry.field.wireName] = entry }

        var seen = Set<String>()
        for member in members {
            if !seen.insert(member.key).inserted {
                violations.append(Violation(path: member.key, code: .unknownField, message: RuntimeConstants.ViolationText.duplicateMember))
                continue
            }
            if Self.reservedMembers.contains(member.key) { continue }
            guard let entry = known[member.key] else {
                violations.append(Violation(path: member.key, code: .unknownField, message: "is not a member of \(eventName)"))
                continue
            }
            if let constant = event.constants[member.key] {
                if case .string(let actual) = member.value, actual != constant {
                    violations.append(Violation(path: member.key, code: .constantMismatch, message: "differs from '\(constant)', which \(eventName) always sends"))
                    continue
                }
            }
            referenceCheck(member.value, against: entry.field.spec, path: member.key, into: &violations)
        }
        for entry in fields where entry.isRequired && !seen.contains(entry.field.wireName) {
            violations.append(Violation(path: entry.field.wireName, code: .missingField, message: "is required by \(eventName) but missing"))
        }
        return violations
    }

    /// Checks one value against its spec; `path` names it in violations.
    /// Deliberately not a call to `checkLeaf`: an oracle sharing the code under test could never disagree with it.
    func referenceCheck(_ value: JSONValue, against spec: ValueSpec, path: String, into violations: inout [Violation]) {
        func wrongType(_ expected: String) {
            violations.append(Violation(path: path, code: .wrongType, message: "must be \(expected), found \(Self.describe(value))"))
        }
        switch spec.type {
        case .string:
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.string) }
            ConstraintRules.check(string: s, spec.constraints, path: path, into: &violations)
        case .int:
            guard case .number(let text) = value, let n = Int(text) else { return wrongType(RuntimeConstants.ExpectedType.int) }
            ConstraintRules.check(int: n, spec.constraints, path: path, into: &violations)
        case .double:
            guard case .number(let text) = value, let d = Double(text) else { return wrongType(RuntimeConstants.ExpectedType.double) }
            ConstraintRules.check(double: d, spec.constraints, path: path, into: &violations)
        case .decimal:
            guard case .number(let text) = value else { return wrongType(RuntimeConstants.ExpectedType.decimal) }
            ConstraintRules.check(decimal: GeneratedCodeSupport.decimal(text), spec.constraints, path: path, into: &violations)
        case .bool:
            guard case .bool = value else { return wrongType(RuntimeConstants.ExpectedType.bool) }
        case .uuid:
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.uuid) }
            if s.utf8.count != 36 || UUID(uuidString: s) == nil {
                violations.append(Violation(path: path, code: .badFormat, message: "is not a UUID"))
            }
        case .timestamp:
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.timestamp) }
            if ISO8601Timestamp.date(from: s) == nil {
                violations.append(Violation(path: path, code: .badFormat, message: "is not an ISO 8601 UTC timestamp with milliseconds (2026-11-22T12:00:00.000Z)"))
            }
        case .array(let items):
            guard case .array(let elements) = value else { return wrongType(RuntimeConstants.ExpectedType.array) }
            ConstraintRules.check(count: elements.count, spec.constraints, path: path, into: &violations)
            for (index, element) in elements.enumerated() {
                referenceCheck(element, against: items, path: GeneratedCodeSupport.path(path, index: index), into: &violations)
            }
        case .valueSet(let setName):
            guard case .string(let s) = value else { return wrongType(RuntimeConstants.ExpectedType.valueSet + " " + setName) }
            if let set = valueSet(named: setName), !set.contains(s) {
                violations.append(Violation(path: path, code: .notInValueSet, message: "is not a value of \(setName)"))
            }
        case .object(let objectName):
            guard case .object(let members) = value else { return wrongType(RuntimeConstants.ExpectedType.object + " " + objectName) }
            guard let object = object(named: objectName) else { return }
            var seen = Set<String>()
            for member in members {
                let memberPath = GeneratedCodeSupport.path(path, member.key)
                if !seen.insert(member.key).inserted {
                    violations.append(Violation(path: memberPath, code: .unknownField, message: RuntimeConstants.ViolationText.duplicateMember))
                    continue
                }
                guard let field = object.required.first(where: { $0.wireName == member.key })
                        ?? object.optional.first(where: { $0.wireName == member.key }) else {
                    violations.append(Violation(path: memberPath, code: .unknownField, message: "is not a member of \(objectName)"))
                    continue
                }
                referenceCheck(member.value, against: field.spec, path: memberPath, into: &violations)
            }
            for field in object.required where !seen.contains(field.wireName) {
                violations.append(Violation(path: GeneratedCodeSupport.path(path, field.wireName), code: .missingField, message: "is required by \(objectName) but missing"))
            }
        }
    }

}
