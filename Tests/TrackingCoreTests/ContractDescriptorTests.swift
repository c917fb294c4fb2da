import Foundation
import Testing
import TrackingCore

/// The runtime check of encoded events against a contract descriptor.
@Suite struct ContractDescriptorTests {
    static let descriptor = ContractDescriptor(
        name: "Shop", version: "2.0.0",
        valueSets: [ValueSetDescriptor(name: "Screen", wireValues: ["Home", "Bag"])],
        objects: [
            ObjectDescriptor(
                name: "Item",
                required: [FieldDescriptor("sku", ValueSpec(.string, FieldConstraints(pattern: "^[0-9]+$")))],
                optional: [FieldDescriptor("price", ValueSpec(.decimal, FieldConstraints(minimum: 0)))]
            ),
        ],
        mandatory: [FieldDescriptor("uuid", ValueSpec(.uuid)), FieldDescriptor("clientTimestamp", ValueSpec(.timestamp))],
        kinds: [KindDescriptor(name: "view", mandatory: [FieldDescriptor("screen", ValueSpec(.valueSet("Screen")))])],
        globals: [
            FieldDescriptor("appVersion", ValueSpec(.string), defaultValue: .string("unknown")),
            FieldDescriptor("email", ValueSpec(.string), pii: true),
        ],
        fields: [
            FieldDescriptor("items", ValueSpec(.array(items: ValueSpec(.object("Item"))), FieldConstraints(maxItems: 3))),
            FieldDescriptor("count", ValueSpec(.int, FieldConstraints(minimum: 1, maximum: 9))),
            FieldDescriptor("ratio", ValueSpec(.double, FieldConstraints(maximum: 1))),
            FieldDescriptor("seen", ValueSpec(.bool)),
            FieldDescriptor("query", ValueSpec(.string, FieldConstraints(maxLength: 5)), pii: true),
            FieldDescriptor("old", ValueSpec(.string), deprecated: "gone"),
        ],
        events: [
            EventDescriptor(name: "bagView", kind: "view", constants: ["screen": "Bag"], required: ["items", "count"], optional: ["ratio", "seen", "query"]),
        ]
    )

    static let valid = #"{"event":"bagView","kind":"view","contractVersion":"2.0.0","uuid":"5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6","clientTimestamp":"2026-11-20T12:00:00.123Z","screen":"Bag","items":[{"sku":"1","price":0.5}],"count":2,"appVersion":"1.0"}"#

    func violations(_ json: String) throws -> [Violation] {
        Self.descriptor.validate(payload: try JSONValue.parse(json))
    }

    func replacing(_ old: String, with new: String) -> String {
        Self.valid.replacingOccurrences(of: old, with: new)
    }

    @Test func aValidPayloadPasses() throws {
        #expect(try violations(Self.valid) == [])
    }

    @Test func unknownEventsAreReported() throws {
        let found = try violations(replacing(#""event":"bagView""#, with: #""event":"nope""#))
        #expect(found.map(\.code) == [.unknownEvent])
        #expect(try violations("[]").map(\.code) == [.wrongType])
        #expect(try violations("{}").map(\.code) == [.missingField])
    }

    @Test(arguments: [
        (#""count":2"#, #""count":2,"surprise":1"#, "surprise", Violation.Code.unknownField),
        (#""count":2,"#, "", "count", .missingField),
        (#""uuid":"5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6","#, "", "uuid", .missingField),
        (#""uuid":"5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6""#, #""uuid":"5f0c6e1a""#, "uuid", .badFormat),
        (#""clientTimestamp":"2026-11-20T12:00:00.123Z""#, #""clientTimestamp":"2026-11-20 12:00""#, "clientTimestamp", .badFormat),
        (#""screen":"Bag""#, #""screen":"Home""#, "screen", .constantMismatch),
        (#""screen":"Bag""#, #""screen":"Attic""#, "screen", .constantMismatch),
        (#""kind":"view""#, #""kind":"tap""#, "kind", .constantMismatch),
        (#""count":2"#, #""count":"2""#, "count", .wrongType),
        (#""count":2"#, #""count":2.5"#, "count", .wrongType),
        (#""count":2"#, #""count":10"#, "count", .aboveMaximum),
        (#""count":2"#, #""count":2,"ratio":1.5"#, "ratio", .aboveMaximum),
        (#""count":2"#, #""count":2,"seen":"yes""#, "seen", .wrongType),
        (#""count":2"#, #""count":2,"query":"longer than five""#, "query", .tooLong),
        (#""count":2"#, #""count":2,"old":"x""#, "old", .unknownField),
        (#""appVersion":"1.0""#, #""appVersion":1"#, "appVersion", .wrongType),
        (#"{"sku":"1","price":0.5}"#, #"{"sku":"1x","price":0.5}"#, "items[0].sku", .patternMismatch),
        (#"{"sku":"1","price":0.5}"#, #"{"sku":"1"},{"sku":"2","price":-1}"#, "items[1].price", .belowMinimum),
        (#"{"sku":"1","price":0.5}"#, #"{"price":0.5}"#, "items[0].sku", .missingField),
        (#"{"sku":"1","price":0.5}"#, #"{"sku":"1","colour":"red"}"#, "items[0].colour", .unknownField),
        (#"{"sku":"1","price":0.5}"#, #"{},{},{},{}"#, "items", .tooManyItems),
        (#""items":[{"sku":"1","price":0.5}]"#, #""items":{}"#, "items", .wrongType),
    ])
    func eachProblemIsReportedAtItsPath(old: String, new: String, path: String, code: Violation.Code) throws {
        let found = try violations(replacing(old, with: new))
        #expect(found.contains { $0.path == path && $0.code == code }, "\(found)")
    }

    @Test func globalsAreOptionalButChecked() throws {
        #expect(try violations(replacing(#","appVersion":"1.0""#, with: "")) == [])
        #expect(try violations(replacing(#""appVersion":"1.0""#, with: #""appVersion":"1.0","email":"a@b.c""#)) == [])
    }

    @Test func duplicateMembersAreFlagged() throws {
        let found = try violations(replacing(#""count":2"#, with: #""count":2,"count":3"#))
        #expect(found.map(\.path) == ["count"])
        #expect(found.map(\.code) == [.unknownField])
    }

    /// A broken envelope is worded by the same templates as every other
    /// violation (the shared table's), not by texts of its own.
    @Test func envelopeViolationsUseTheSharedTemplates() throws {
        func messages(_ json: String) throws -> [String] {
            try violations(json).map { "\($0.path) \($0.code.rawValue): \($0.message)" }
        }
        #expect(try messages("[1]") == [" wrongType: must be an object, found an array"])
        #expect(try messages(replacing(#""event":"bagView","#, with: "")) == ["event missingField: is required by contract Shop but missing"])
        #expect(try messages(replacing(#""event":"bagView""#, with: #""event":7"#)) == ["event wrongType: must be a string, found a number"])
        #expect(try messages(replacing(#""kind":"view","#, with: "")) == ["kind missingField: is required by bagView but missing"])
        #expect(try messages(replacing(#""kind":"view""#, with: #""kind":true"#)) == ["kind wrongType: must be a string, found a bool"])
        #expect(try messages(replacing(#""contractVersion":"2.0.0","#, with: "")) == ["contractVersion missingField: is required by bagView but missing"])
        #expect(try messages(replacing(#""contractVersion":"2.0.0""#, with: #""contractVersion":null"#)) == ["contractVersion wrongType: must be a string, found null"])
        #expect(try messages(replacing(#""count":2"#, with: #""count":2,"count":3"#)) == ["count unknownField: \(RuntimeConstants.ViolationText.duplicateMember)"])
    }

    @Test func helpersForTheDispatcher() {
        #expect(Self.descriptor.piiFieldNames(forEvent: "bagView") == ["email", "query"])
        #expect(Self.descriptor.piiFieldNames(forEvent: "unknown") == [])
        #expect(Self.descriptor.globalDefaults.map(\.wireName) == ["appVersion"])
        #expect(Self.descriptor.globalDefaults.map(\.value) == [.string("unknown")])
        #expect(Self.descriptor.payloadFields(forEvent: "bagView")?.map(\.field.wireName) == [
            "uuid", "clientTimestamp", "screen", "items", "count", "ratio", "seen", "query",
        ])
    }
}
