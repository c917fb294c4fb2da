import Foundation
import Testing
import TrackingTesting
import TrackingCore
@testable import TrackingDispatcher

@Suite("Tracking client", .timeLimit(.minutes(10)))
struct ClientTests {
    @Test("Globals are appended to every event in contract order")
    func globalsHydrated() async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        let stored = try #require(try await h.pending().first)
        let keys = try #require(stored.json?.objectMembers).map(\.key)
        #expect(keys == ["event", "kind", "contractVersion", "uuid", "clientTimestamp", "viewType",
                         "appVersion", "osVersion", "deviceModel", "sessionId"])
        #expect(stored.json?["appVersion"] == .string("4.2.0"))
        #expect(stored.flags == [])
        await h.tearDown()
    }

    @Test("A missing global gets its contract default and flags the event incomplete; it is still delivered")
    func missingGlobalUsesDefault() async throws {
        let h = try await Harness.make(globals: ["appVersion": .string("4.2.0")])
        let event = TestEvent()
        h.client.track(event)
        let stored = try #require(try await h.pending().first)
        #expect(stored.json?["osVersion"] == .string("unknown"))
        #expect(stored.json?["deviceModel"] == .string("unknown"))
        #expect(stored.flags == [.incomplete])
        #expect(h.notices.all.contains(.incomplete(uuid: event.id, missingGlobals: ["osVersion", "deviceModel"])))
        #expect(await h.client.flush().delivered == 1)
        await h.tearDown()
    }

    @Test("A global without a value (absent or null) and without a default is left out, never null; the event is incomplete")
    func missingGlobalWithoutDefaultIsLeftOut() async throws {
        // Every global absent: the payload must still be the event's members alone, valid JSON (no stray comma).
        let rules = DispatcherContract(globals: [GlobalSpec(name: "build"), GlobalSpec(name: "region"), GlobalSpec(name: "userEmail", isPII: true)])
        let h = try await Harness.make(contract: rules, globals: ["build": .null])
        let event = TestEvent()
        h.client.track(event)
        let stored = try #require(try await h.pending().first)
        let keys = try #require(stored.json?.objectMembers).map(\.key)
        #expect(keys == ["event", "kind", "contractVersion", "uuid", "clientTimestamp", "viewType"])
        #expect(!stored.payloadString.contains("null"))
        #expect(stored.flags == [.incomplete])
        #expect(h.notices.all.contains(.incomplete(uuid: event.id, missingGlobals: ["build", "region", "userEmail"])))
        // One given between two absent ones: no stray comma either side.
        let middle = try await Harness.make(contract: rules, globals: ["region": .string("DE")])
        middle.client.track(TestEvent())
        let withRegion = try #require(try await middle.pending().first)
        #expect(withRegion.payloadString.hasSuffix(#""viewType":"Wishlist","region":"DE"}"#), "\(withRegion.payloadString)")
        #expect(withRegion.json != nil)
        await middle.tearDown()
        await h.tearDown()
    }

    @Test("The session id is stable within the timeout and renewed after it")
    func sessionTimeout() async throws {
        let h = try await Harness.make()
        h.client.track(TestEvent())
        h.clock.advance(by: .seconds(29 * 60))
        h.client.track(TestEvent())
        h.clock.advance(by: .seconds(31 * 60))
        h.client.track(TestEvent())
        let sessions = try await h.pending().map { $0.json?["sessionId"] }
        #expect(sessions.count == 3)
        #expect(sessions[0] == sessions[1])
        #expect(sessions[1] != sessions[2])
        await h.tearDown()
    }

    @Test("A repeated uuid is flagged as a duplicate and still delivered")
    func duplicateFlaggedAndDelivered() async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        h.client.track(event)
        let stored = try await h.pending()
        #expect(stored.map(\.flags) == [[], [.duplicate]])
        #expect(h.notices.all.contains(.duplicate(uuid: event.id)))
        #expect(await h.client.flush().delivered == 2)
        #expect(try h.collected().map(\.uuid) == [event.id, event.id])
        await h.tearDown()
    }

    @Test("Violations are flagged, reported and never a reason to drop")
    func violationsFlagged() async throws {
        let h = try await Harness.make()
        let event = TestEvent(viewType: "")
        h.client.track(event)
        let stored = try #require(try await h.pending().first)
        #expect(stored.flags == [.violations])
        #expect(h.notices.all.contains(.violations(uuid: event.id, event: "wishlistPageView", violations: [Violation(path: "viewType", code: .tooShort, message: "must not be empty")])))
        #expect(h.client.journey.steps(for: event.uuid).contains { $0.stage == .validated(violations: ["viewType: must not be empty"]) })
        #expect(await h.client.flush().delivered == 1)
        await h.tearDown()
    }

    @Test("Large batches are validated in parallel; every flag lands on its own event")
    func parallelValidation() async throws {
        let h = try await Harness.make()
        let events = (0..<600).map { TestEvent(viewType: $0 % 3 == 0 ? "" : "Wishlist") }
        events.forEach { h.client.track($0) }
        let stored = try await h.client.storedEvents(in: .pending, limit: 1_000)
        #expect(stored.map(\.uuid) == events.map(\.id))
        #expect(stored.enumerated().allSatisfy { index, row in
            row.flags == (index % 3 == 0 ? [.violations] : [])
        })
        await h.tearDown()
    }

    @Test("The contract's payload validator runs on the encoded event with its globals")
    func payloadValidatorSeam() async throws {
        let rules = DispatcherContract(globals: DispatcherContract.standard.globals) { payload in
            payload["appVersion"] == .string("4.2.0") ? [] : [Violation(path: "appVersion", code: .badFormat, message: "unexpected")]
        }
        let h = try await Harness.make(contract: rules, globals: [:])
        h.client.track(TestEvent())
        let stored = try #require(try await h.pending().first)
        #expect(stored.flags == [.incomplete, .violations])
        await h.tearDown()
    }

    @Test("Generated events are trusted to their validate(); an app's own models get the payload check",
          arguments: [1, 600])   // one event, and a batch large enough for the parallel path
    func generatedEventsSkipPayloadCheck(count: Int) async throws {
        let checked = PayloadCheckCount()
        let rules = DispatcherContract(globals: DispatcherContract.standard.globals) { payload in
            checked.increment()
            return [Violation(path: "viewType", code: .notInValueSet, message: "payload check ran")]
        }
        let h = try await Harness.make(contract: rules)
        let generated = (0..<count).map { index in GeneratedTestEvent(base: TestEvent(viewType: index % 2 == 0 ? "" : "Wishlist")) }
        let composed = (0..<count).map { _ in TestEvent() }
        generated.forEach { h.client.track($0) }
        composed.forEach { h.client.track($0) }
        await h.client.waitUntilPersisted()
        let processed = h.recorder.events
        let byUUID = Dictionary(uniqueKeysWithValues: processed.map { ($0.uuid, $0) })
        #expect(processed.count == 2 * count)
        // The payload validator ran for the composed events only.
        #expect(checked.value == count)
        for (index, event) in generated.enumerated() {
            let row = try #require(byUUID[event.base.id])
            // Only the generated validate() decides: empty viewType is its one violation.
            #expect(row.violations.map(\.description) == (index % 2 == 0 ? ["viewType: must not be empty"] : []))
        }
        for event in composed {
            #expect(byUUID[event.id]?.violations.map(\.description) == ["viewType: payload check ran"])
        }
        await h.tearDown()
    }

    @Test("Without consent, PII fields are stripped before persistence")
    func consentStripsPII() async throws {
        let rules = DispatcherContract(globals: DispatcherContract.standard.globals + [GlobalSpec(name: "userEmail", isPII: true)],
                                  piiFields: ["email"])
        let h = try await Harness.make(contract: rules, consent: .denied,
                                       globals: ["appVersion": .string("1"), "osVersion": .string("1"),
                                                 "deviceModel": .string("x"), "userEmail": .string("a@b.c")])
        h.client.track(TestEvent(email: "someone@example.com"))
        let stored = try #require(try await h.pending().first)
        #expect(!stored.payloadString.contains("someone@example.com"))
        #expect(!stored.payloadString.contains("a@b.c"))
        #expect(stored.json?["email"] == nil)
        #expect(stored.flags.contains(.piiStripped))
        // Consent granted later: kept.
        h.client.consent = .granted
        h.client.track(TestEvent(email: "someone@example.com"))
        #expect(try await h.pending().last?.json?["email"] == .string("someone@example.com"))
        await h.tearDown()
    }

    @Test("PII values never reach the logs")
    func piiNeverLogged() async throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = CapturedLog()
        let rules = DispatcherContract(globals: DispatcherContract.standard.globals, piiFields: ["email"])
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: dir.database, strategies: [.manual], contract: rules),
            providers: [LoggingProvider(logger: log.logger)], globals: StaticGlobals(), clock: ManualClock(),
            logger: log.logger)
        client.track(TestEvent(viewType: "", email: "secret@example.com"))
        client.associate(user: TrackedUser(id: "user-secret-id"))
        await client.waitUntilPersisted()
        let lines = log.all
        #expect(lines.contains { $0.contains("tracked wishlistPageView") })
        #expect(lines.contains { $0.contains("<redacted>") })
        #expect(!lines.contains { $0.contains("secret@example.com") || $0.contains("user-secret-id") })
        await client.shutdown()
    }

    @Test("The recording provider sees every event and the user association")
    func recordingProvider() async throws {
        let h = try await Harness.make()
        let events = (0..<3).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        h.client.associate(user: TrackedUser(id: "42"))
        await h.client.waitUntilPersisted()
        #expect(h.recorder.isSetUp)
        #expect(h.recorder.events.map(\.uuid) == events.map(\.id))
        #expect(h.recorder.user == TrackedUser(id: "42"))
        h.client.disassociate()
        await h.client.waitUntilPersisted()
        #expect(h.recorder.user == nil)
        await h.tearDown()
    }

    @Test("track() from many threads at once: every event persisted exactly once")
    func concurrentTracking() async throws {
        let h = try await Harness.make()
        let client = h.client
        let uuids = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<250).map { _ in
                        let event = TestEvent()
                        client.track(event)
                        return event.id
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        let stored = try await client.storedEvents(in: .pending, limit: 10_000)
        #expect(stored.count == 2_000)
        #expect(Set(stored.map(\.uuid)) == Set(uuids))
        await h.tearDown()
    }

    @Test("A full queue drops the oldest events, counts and reports them")
    func fullQueueDropsOldest() async throws {
        // The shared table's one policy (docs/wire-format.md, "Shared constants"), which this test shows the client follows.
        #expect(RuntimeConstants.queueOverflowPolicy == "dropOldest")
        let h = try await Harness.make(batch: BatchConfiguration(maxQueueSize: 5))
        let events = (0..<8).map { _ in TestEvent() }
        for event in events {
            h.client.track(event)
            await h.client.waitUntilPersisted()
        }
        #expect(try await h.pending().map(\.uuid) == events.suffix(5).map(\.id))
        let dropped = h.notices.all.reduce(0) { if case .droppedOldest(let n) = $1 { $0 + n } else { $0 } }
        #expect(dropped == 3)
        #expect(h.client.journey.steps(for: events[0].uuid).last?.stage == .dropped(reason: "queue full (maxQueueSize 5)"))
        await h.tearDown()
    }

    @Test("The journey of a delivered event: created, validated, persisted, batched, sent, confirmed, deleted")
    func journeyOfDeliveredEvent() async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        _ = await h.client.flush()
        let stages = h.client.journey.steps(for: event.uuid).map(\.stage)
        #expect(stages.count == 7)
        #expect(stages[0] == .created)
        #expect(stages[1] == .validated(violations: []))
        #expect(stages[2] == .persisted(flags: []))
        guard case .batched(let requestID) = stages[3] else { Issue.record("not batched: \(stages)"); return }
        #expect(stages[4] == .sent(requestID: requestID))
        #expect(stages[5] == .confirmed(requestID: requestID))
        #expect(stages[6] == .deleted)
        #expect(try h.collected().first?.requestID == requestID)
        let dump = await h.client.describe()
        #expect(dump.contains(event.id))
        #expect(dump.contains("confirmed by collector (\(requestID))"))
        await h.tearDown()
    }

    @Test("The journey log is bounded")
    func journeyBounded() async throws {
        let h = try await Harness.make(journeyCapacity: 10)
        let events = (0..<25).map { _ in TestEvent() }
        events.forEach { h.client.track($0) }
        await h.client.waitUntilPersisted()
        #expect(h.client.journey.uuids == events.suffix(10).map(\.id))
        #expect(h.client.journey.steps(for: events[0].uuid).isEmpty)
        await h.tearDown()
    }
}

/// A hand-written stand-in for generated code: conforms to `ContractGeneratedEvent`.
struct GeneratedTestEvent: ContractGeneratedEvent {
    var base: TestEvent
    var eventName: String { base.eventName }
    var kindName: String { base.kindName }
    var contractVersion: String { base.contractVersion }
    var uuid: UUID { base.uuid }
    var clientTimestamp: Date { base.clientTimestamp }
    func writeMembers(to writer: inout JSONWriter) { base.writeMembers(to: &writer) }
    func validate() -> [Violation] { base.validate() }
}

/// Counts payload-validator calls (they run on several threads at once).
final class PayloadCheckCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
