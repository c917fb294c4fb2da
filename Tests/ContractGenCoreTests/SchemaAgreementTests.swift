@testable import ContractGenCore
import Foundation
import TestSupport
import Testing
import TrackingContract
import TrackingCore

/// The schemas of `contract/contract.yaml`, checked by an independent
/// validator (Python's `jsonschema`, Debian's python3-jsonschema): every
/// payload the generated encoder writes is valid, with and without the
/// dispatcher's globals; and for every constraint a payload carries, one
/// mutation that breaks it is rejected by the schema (at that keyword and
/// place) and flagged by the runtime descriptor (with that code and path).
/// Fails, never skips, when python3-jsonschema is missing.
@Suite struct SchemaAgreementTests {
    static let script = Fixtures.directory.appendingPathComponent("schema/check_payloads.py")
    static let python = "/usr/bin/python3"

    struct Outcome {
        var schemaProblems: [String]
        /// Per case: (event schema errors, bundle errors) as "keyword@path".
        var results: [(event: Set<String>, bundle: Set<String>)]
    }

    /// Writes the schemas and runs the Python validator over `cases` (schema file, payload).
    static func validate(_ cases: [(schema: String, payload: JSONValue)], contract path: String = "contract/contract.yaml") async throws -> Outcome {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let contract = try DiffFixtures.contract(path)
        for file in try JSONSchemaGenerator.files(for: contract) {
            try Data(file.bytes).write(to: directory.appendingPathComponent(file.name))
        }
        var writer = JSONWriter()
        writer.beginArray()
        for item in cases {
            writer.beginObject()
            writer.key("schema"); writer.value(item.schema)
            writer.key("payload"); item.payload.write(to: &writer)
            writer.endObject()
        }
        writer.endArray()
        let casesURL = directory.appendingPathComponent("cases.json")
        try writer.data.write(to: casesURL)

        // Debian's interpreter, whose python3-jsonschema is the validator meant (not another Python on PATH).
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: Self.python), [script.path, directory.path, casesURL.path], in: Fixtures.packageRoot)
        try #require(
            run.status == 0,
            "the independent validator did not run (python3-jsonschema missing? run scripts/install-test-deps.sh): \(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require(object["results"] as? [[String: [[String: String]]]])
        func errors(_ list: [[String: String]]?) -> Set<String> {
            Set((list ?? []).map { "\($0["keyword"] ?? "?")@\($0["path"] ?? "?")" })
        }
        return Outcome(schemaProblems: object["schemaProblems"] as? [String] ?? ["no schemaProblems"],
                       results: results.map { (errors($0["event"]), errors($0["bundle"])) })
    }

    /// The encoder's payload of every event of the example contract (the same bytes as Goldens/Events).
    static func payloads() throws -> [(name: String, payload: JSONValue)] {
        try ExampleEvents.all.map { ($0.name, try JSONValue.parse($0.event.encodedJSON())) }
    }

    /// The payload as the dispatcher sends it: with the globals appended.
    static func withGlobals(_ payload: JSONValue) -> JSONValue {
        guard case .object(var members) = payload else { return payload }
        members += [
            ("appVersion", .string("4.2.0")), ("osVersion", .string("unknown")), ("deviceModel", .string("unknown")),
            ("sessionId", .string("00000000-0000-4000-8000-0000000000aa")),
        ]
        return .object(members)
    }

    @Test func everyEncodedPayloadIsValid() async throws {
        let payloads = try Self.payloads()
        #expect(payloads.count == Omnitracking.descriptor.events.count)
        var cases: [(schema: String, payload: JSONValue)] = []
        for (name, payload) in payloads {
            cases.append(("\(name).schema.json", payload))
            cases.append(("\(name).schema.json", Self.withGlobals(payload)))
        }
        let outcome = try await Self.validate(cases)
        #expect(outcome.schemaProblems == [])
        #expect(outcome.results.count == cases.count)
        for (index, result) in outcome.results.enumerated() {
            #expect(result.event.isEmpty, "\(cases[index].schema): \(result.event)")
            #expect(result.bundle.isEmpty, "bundle, \(cases[index].schema): \(result.bundle)")
            #expect(Omnitracking.descriptor.validate(payload: cases[index].payload) == [])
        }
    }

    /// The committed goldens themselves (the same bytes as the encoder's output, which EncodingGoldenTests checks).
    @Test func everyGoldenFileIsValid() async throws {
        let folder = GeneratedTestSupport.goldens.appendingPathComponent("Events")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count == Omnitracking.descriptor.events.count)
        let cases = try names.map { name in
            (schema: name.replacingOccurrences(of: ".json", with: ".schema.json"),
             payload: try JSONValue.parse(Array(try Data(contentsOf: folder.appendingPathComponent(name)))))
        }
        let outcome = try await Self.validate(cases)
        for (index, result) in outcome.results.enumerated() {
            #expect(result.event.isEmpty && result.bundle.isEmpty, "\(names[index]): \(result.event) \(result.bundle)")
        }
    }

    /// The catalogue's example payloads of every reference contract (hostile
    /// strings included) satisfy the schema and the runtime check alike.
    @Test(arguments: ["contract/contract.yaml", "Tests/Reference/Hostile/contract.yaml", "Examples/ShopApp/Sources/ShopEvents/contract.yaml"])
    func catalogueExamplesAreValidForBoth(path: String) async throws {
        let contract = try DiffFixtures.contract(path)
        let examples = ExamplePayload(contract: contract)
        let descriptor = ContractTranslator.descriptor(of: contract)
        var cases: [(schema: String, payload: JSONValue)] = []
        for event in contract.events {
            let payload = try #require(examples.payload(for: event), "\(path): no example for \(event.name)")
            #expect(descriptor.validate(payload: payload) == [], "\(path) \(event.name)")
            cases.append((JSONSchemaGenerator.fileName(forEvent: event.name), payload))
        }
        let outcome = try await Self.validate(cases, contract: path)
        #expect(outcome.schemaProblems == [])
        for (index, result) in outcome.results.enumerated() {
            #expect(result.event.isEmpty && result.bundle.isEmpty, "\(path) \(cases[index].schema): \(result.event) \(result.bundle)")
        }
    }

    @Test func everyBrokenConstraintIsRejectedByBoth() async throws {
        let mutator = PayloadMutator(descriptor: Omnitracking.descriptor)
        var mutations: [(schema: String, mutation: PayloadMutation)] = []
        for (name, payload) in try Self.payloads() {
            mutations += mutator.mutations(of: Self.withGlobals(payload)).map { ("\(name).schema.json", $0) }
        }
        // Every kind of constraint the contract has is exercised somewhere.
        let codes = Set(mutations.map(\.mutation.code))
        let expected: Set<Violation.Code> = [
            .tooShort, .tooLong, .patternMismatch, .belowMinimum, .aboveMaximum, .tooManyItems, .notInValueSet, .wrongType,
            .badFormat, .missingField, .unknownField, .constantMismatch,
        ]
        #expect(codes == expected)
        #expect(mutations.count > 150)

        let outcome = try await Self.validate(mutations.map { ($0.schema, $0.mutation.payload) })
        #expect(outcome.results.count == mutations.count)
        for (index, result) in outcome.results.enumerated() {
            let mutation = mutations[index].mutation
            let violations = Omnitracking.descriptor.validate(payload: mutation.payload)
            #expect(violations.contains { $0.code == mutation.code && $0.path == mutation.runtimePath },
                    "runtime did not flag \(mutation): \(violations)")
            let wanted = "\(mutation.keyword)@\(mutation.schemaPath)"
            #expect(result.event.contains(wanted), "event schema did not reject \(mutation): \(result.event)")
            #expect(result.bundle.contains(wanted), "bundle did not reject \(mutation): \(result.bundle)")
        }
    }
}
