import Foundation
import Testing
import TrackingContract
import TrackingCore
@testable import TrackingDispatcher

/// The dispatcher and the collector with the generated module of
/// contract/contract.yaml and its runtime descriptor.
@Suite("Generated contract", .timeLimit(.minutes(10)))
struct GeneratedContractTests {
    static let rules = DispatcherContract(descriptor: Omnitracking.descriptor)
    static let checker = EventChecker(contractValidator: { Omnitracking.descriptor.validate(payload: $0) })
    static let globals: [String: JSONValue] = ["appVersion": .string("4.2.0"), "osVersion": .string("18.1"),
                                               "deviceModel": .string("iPhone17,1")]

    @Test("A valid generated event: globals from the descriptor, no flags, stored by the collector without violations")
    func validEvent() async throws {
        let h = try await Harness.make(contract: Self.rules, globals: Self.globals, checker: Self.checker)
        let event = Omnitracking.wishlistPageView(uniqueViewId: UUID(), skuItemList: ["1234", "5678"])
        h.client.track(event)
        let stored = try #require(try await h.pending().first)
        #expect(stored.flags == [])
        #expect(stored.json?["sessionId"]?.stringValue.flatMap(UUID.init(uuidString:)) != nil)
        #expect(stored.json?["contractVersion"] == .string(Omnitracking.version))
        #expect(await h.client.flush().delivered == 1)
        let collected = try #require(try h.collected().first)
        #expect(collected.uuid == event.uuid.uuidString.lowercased())
        #expect(collected.violations == [])
        await h.tearDown()
    }

    @Test("uuid and clientTimestamp: fresh values when left out or nil, the given ones otherwise")
    func freshEnvelopeDefaults() {
        let before = Date()
        let a = Omnitracking.wishlistPageView(uniqueViewId: UUID(), skuItemList: ["1"])
        let b = Omnitracking.wishlistPageView(uniqueViewId: UUID(), skuItemList: ["1"], uuid: nil, clientTimestamp: nil)
        #expect(a.uuid != b.uuid)
        #expect(a.clientTimestamp >= before && b.clientTimestamp >= before)
        let uuid = UUID()
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let c = Omnitracking.wishlistPageView(uniqueViewId: uuid, skuItemList: ["1"], uuid: uuid, clientTimestamp: time)
        #expect(c.uuid == uuid)
        #expect(c.clientTimestamp == time)
    }

    @Test("A generated event that breaks the contract is flagged and still delivered; the collector lists its violations")
    func violatingEvent() async throws {
        let h = try await Harness.make(contract: Self.rules, globals: Self.globals, checker: Self.checker)
        h.client.track(Omnitracking.wishlistPageView(uniqueViewId: UUID(), skuItemList: ["not-a-sku"]))
        let stored = try #require(try await h.pending().first)
        #expect(stored.flags == [.violations])
        #expect(await h.client.flush().delivered == 1)
        let collected = try #require(try h.collected().first)
        #expect(collected.violations.contains { $0.hasPrefix("skuItemList[0]") })
        await h.tearDown()
    }

    @Test("A global the app supplies with the wrong type is flagged on a generated event, whose payload is not re-checked")
    func badGlobalOnGeneratedEvent() async throws {
        var globals = Self.globals
        globals["sessionId"] = .string("not-a-uuid")
        let h = try await Harness.make(contract: Self.rules, globals: globals, checker: Self.checker)
        h.client.track(Omnitracking.wishlistPageView(uniqueViewId: UUID(), skuItemList: ["1234"]))
        let stored = try #require(try await h.pending().first)
        #expect(stored.flags == [.violations])
        let processed = try #require(h.recorder.events.first)
        #expect(processed.violations.count == 1)
        #expect(processed.violations.first?.path == "sessionId")
        await h.tearDown()
    }

    @Test("The contract's pii field is stripped without consent and redacted in ProcessedEvent logs")
    func piiFromContract() async throws {
        #expect(Self.rules.piiFields.contains("searchQuery"))
        let h = try await Harness.make(contract: Self.rules, consent: .denied, globals: Self.globals, checker: Self.checker)
        h.client.track(Omnitracking.searchResultsPageView(uniqueViewId: UUID(), searchQuery: "my private search", skuItemList: ["1234"]))
        let stored = try #require(try await h.pending().first)
        #expect(!stored.payloadString.contains("my private search"))
        #expect(stored.flags.contains(.piiStripped))
        h.client.consent = .granted
        h.client.track(Omnitracking.searchResultsPageView(uniqueViewId: UUID(), searchQuery: "kept", skuItemList: ["1234"]))
        await h.client.waitUntilPersisted()
        let processed = try #require(h.recorder.events.last)
        #expect(processed.payloadString.contains("kept"))
        #expect(!processed.redactedPayload.contains("kept"))
        await h.tearDown()
    }

    @Test("The collector flags unknown fields without rejecting the event")
    func unknownFieldFlagged() async throws {
        let h = try await Harness.make(contract: Self.rules, globals: Self.globals, checker: Self.checker)
        h.client.track(TestEvent(eventName: "wishlistPageView"))  // hand-written: has an unknown field set
        #expect(await h.client.flush().delivered == 1)
        let collected = try #require(try h.collected().first)
        #expect(!collected.violations.isEmpty)
        await h.tearDown()
    }
}
