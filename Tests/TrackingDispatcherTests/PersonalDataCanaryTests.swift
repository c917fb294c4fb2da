import Foundation
import Testing
import TrackingTesting
import TrackingCore
import TrackingSQLite
@testable import TrackingDispatcher
import TrackingSQLite

/// Personal data never escapes: canary values in fields marked `pii` at the top
/// level, in an object, in an object inside it and in an array of objects,
/// events that break constraints on exactly those fields, an app-written
/// violation that quotes one, and an app-composed payload that does not parse.
/// Every log line, notice, journey dump (`describe()`), stored violation and the
/// collector's stored answers are scanned for the canaries; with consent
/// denied, also every stored row, the database files and every request body.
@Suite("Personal data canaries", .timeLimit(.minutes(10)))
struct PersonalDataCanaryTests {
    static let emailSpec = ValueSpec(.string, FieldConstraints(pattern: "^[a-z]+@example\\.com$"))
    static let descriptor = ContractDescriptor(
        name: "Canary", version: "1.0.0",
        objects: [
            ObjectDescriptor(name: "Customer",
                             required: [FieldDescriptor("name", ValueSpec(.string)), FieldDescriptor("email", emailSpec, pii: true)],
                             optional: [FieldDescriptor("address", ValueSpec(.object("Address")))]),
            ObjectDescriptor(name: "Address", required: [FieldDescriptor("street", ValueSpec(.string, FieldConstraints(maxLength: 5)), pii: true)]),
            ObjectDescriptor(name: "Line",
                             required: [FieldDescriptor("sku", ValueSpec(.string, FieldConstraints(pattern: "^[0-9]{4}$")))],
                             optional: [FieldDescriptor("recipientEmail", emailSpec, pii: true)]),
        ],
        mandatory: [FieldDescriptor("uuid", ValueSpec(.uuid)), FieldDescriptor("clientTimestamp", ValueSpec(.timestamp))],
        kinds: [KindDescriptor(name: "pageView")],
        globals: [FieldDescriptor("appVersion", ValueSpec(.string), defaultValue: .string("1")),
                  FieldDescriptor("userEmail", ValueSpec(.string), pii: true)],
        fields: [FieldDescriptor("email", emailSpec, pii: true),
                 FieldDescriptor("customer", ValueSpec(.object("Customer"))),
                 FieldDescriptor("lines", ValueSpec(.array(items: ValueSpec(.object("Line")))))],
        events: [EventDescriptor(name: "checkout", kind: "pageView", optional: ["email", "customer", "lines"])])

    /// Each breaks its field's constraint (uppercase letters, a dot, too long), except the last two.
    static let canaries = ["CanaryTop.7f3a@x", "CanaryObj.91bd@x", "CanaryDeep.c0de", "CanaryItem.55aa@x",
                           "canaryitemok@example.com", "canaryglobal@example.com"]
    static let brokenCanary = "CanaryBroken.0bad"

    struct CheckoutEvent: TrackingEvent {
        var eventName = "checkout"
        var kindName = "pageView"
        var contractVersion = "1.0.0"
        var uuid = UUID()
        var clientTimestamp = Date(timeIntervalSince1970: 1_800_000_000)
        /// Writes a member with no value after the canary: JSON that does not parse.
        var broken = false

        func writeMembers(to writer: inout JSONWriter) {
            writer.key("event"); writer.value(eventName)
            writer.key("kind"); writer.value(kindName)
            writer.key("contractVersion"); writer.value(contractVersion)
            writer.key("uuid"); writer.value(uuid)
            writer.key("clientTimestamp"); writer.timestamp(clientTimestamp)
            if broken {
                writer.key("email"); writer.value(PersonalDataCanaryTests.brokenCanary)
                writer.key("customer")   // no value: `"customer":,` or `"customer":}`
                return
            }
            let canaries = PersonalDataCanaryTests.canaries
            writer.key("email"); writer.value(canaries[0])
            writer.key("customer")
            writer.beginObject()
            writer.key("name"); writer.value("Public Name")
            writer.key("email"); writer.value(canaries[1])
            writer.key("address")
            writer.beginObject()
            writer.key("street"); writer.value(canaries[2])
            writer.endObject()
            writer.endObject()
            writer.key("lines")
            writer.beginArray()
            writer.beginObject()
            writer.key("sku"); writer.value("12345")   // breaks its pattern: not personal data, reported in full
            writer.key("recipientEmail"); writer.value(canaries[3])
            writer.endObject()
            writer.beginObject()
            writer.key("sku"); writer.value("1234")
            writer.key("recipientEmail"); writer.value(canaries[4])
            writer.endObject()
            writer.endArray()
        }

        /// An app's own check that quotes the value (the dispatcher must withhold it).
        func validate() -> [Violation] {
            broken ? [] : [Violation(path: "customer.email", code: .patternMismatch, message: "\(PersonalDataCanaryTests.canaries[1]) is no email")]
        }
    }

    static func leaks(_ text: String, canaries: [String] = canaries + [brokenCanary]) -> [String] {
        canaries.filter { text.lowercased().contains($0.lowercased()) }
    }

    @Test("The descriptor knows every pii path")
    func piiPaths() {
        let policy = PIIPolicy(descriptor: Self.descriptor)
        #expect(policy.paths(forEvent: "checkout") == ["customer.address.street", "customer.email", "email", "lines[].recipientEmail", "userEmail"])
        #expect(policy.contains(path: "lines[0].recipientEmail", event: "checkout"))
        #expect(policy.contains(path: "customer.address.street", event: "checkout"))
        #expect(!policy.contains(path: "lines[0].sku", event: "checkout"))
        #expect(!policy.contains(path: "customer.name", event: "checkout"))
    }

    @Test("No canary in logs, notices, journey, stored violations or the collector's answers", arguments: [PIIConsent.granted, .denied])
    func canaries(consent: PIIConsent) async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let captured = CapturedLog()
        let notices = CapturedLog()
        let collector = try CollectorServer(checker: EventChecker(contractValidator: { Self.descriptor.validate(payload: $0) }))
        let port = try await collector.start()
        let configuration = DispatcherConfiguration(
            databaseURL: directory.database, strategies: [.manual],
            retry: RetryPolicy(initialBackoff: 2, jitter: 0.2, minimumRequestInterval: 0, requestTimeout: 60),
            contract: DispatcherContract(descriptor: Self.descriptor),
            consent: consent, reportViolationsLoudly: true)
        let client = TrackingClient(
            configuration: configuration,
            providers: [CollectorProvider(endpoint: CollectorServer.batchURL(port: port)), LoggingProvider(logger: captured.logger), RecordingProvider()],
            globals: StaticGlobals(["appVersion": .string("2"), "userEmail": .string(Self.canaries[5])]),
            clock: ManualClock(), logger: captured.logger, onNotice: { notices.append("\($0)") })

        let events = [CheckoutEvent(), CheckoutEvent(broken: true)]
        events.forEach { client.track($0) }
        await client.waitUntilPersisted()

        // The stored rows, before delivery: violations flagged, pii withheld.
        let database = try SQLiteDatabase(path: directory.database.path)
        let statement = try database.statement("SELECT payload, violations FROM events ORDER BY id")
        var storedPayloads: [String] = []
        var storedViolations: [String] = []
        while try statement.step() {
            storedPayloads.append(String(decoding: statement.bytes(at: 0), as: UTF8.self))
            storedViolations.append(statement.string(at: 1) ?? "")
        }
        statement.reset()
        database.close()
        #expect(storedPayloads.count == 2)
        let violations = storedViolations.joined(separator: "\n")
        #expect(violations.contains("lines[0].sku: does not match the pattern ^[0-9]{4}$"))
        #expect(violations.contains("customer.email: breaks the rule patternMismatch (may hold personal data: details withheld)"))
        if consent == .granted {
            for path in ["email", "customer.address.street", "lines[0].recipientEmail"] {
                #expect(violations.contains("\(path): "), "a violation at \(path)")
            }
        }
        #expect(violations.contains("the payload is not valid JSON; only its envelope was kept"))

        let summary = await client.flush()
        #expect(summary.delivered == 2)
        let dump = await client.describe()
        await client.shutdown()

        // Where personal data must never be, whatever the consent.
        #expect(captured.all.contains { $0.contains("CONTRACT VIOLATION") })
        if consent == .granted { #expect(captured.all.contains { $0.contains("<redacted>") }) }
        for line in captured.all { #expect(Self.leaks(line).isEmpty, "log line: \(line)") }
        #expect(notices.all.contains { $0.contains("violations") })
        for notice in notices.all { #expect(Self.leaks(notice).isEmpty, "notice: \(notice)") }
        #expect(dump.contains("validated with"))
        #expect(Self.leaks(dump).isEmpty, "journey dump: \(dump)")
        #expect(Self.leaks(violations).isEmpty, "stored violations: \(violations)")
        let collected = try collector.events()
        #expect(collected.count == 2)
        for event in collected {
            #expect(Self.leaks(event.violations.joined(separator: "\n")).isEmpty, "collector's violations: \(event.violations)")
        }
        for request in try collector.requestLog() {
            #expect(Self.leaks(request.outcome).isEmpty, "collector's answer: \(request.outcome)")
        }

        let bodies = collected.map(\.payload).joined(separator: "\n")
        switch consent {
        case .granted:
            // Kept and sent, as consented (this also shows the scan finds canaries).
            #expect(Self.leaks(bodies, canaries: Self.canaries) == Self.canaries)
        case .denied:
            #expect(Self.leaks(bodies).isEmpty, "request bodies: \(bodies)")
            for payload in storedPayloads { #expect(Self.leaks(payload).isEmpty, "stored row: \(payload)") }
            #expect(storedPayloads[0].contains("Public Name"))   // only personal data is removed
            for suffix in ["", "-wal", "-journal"] {
                let url = URL(fileURLWithPath: directory.database.path + suffix)
                guard let bytes = try? Data(contentsOf: url) else { continue }
                #expect(Self.leaks(String(decoding: bytes, as: UTF8.self)).isEmpty, "database file \(suffix)")
            }
        }
        await collector.stop()
    }
}
