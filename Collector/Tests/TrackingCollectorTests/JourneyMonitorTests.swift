import Foundation
import Logging
import Testing
import TrackingContract
import TrackingCore
import TrackingDispatcher
@testable import TrackingCollectorKit

/// The app's half and the collector's half of each event, end to end: a
/// `TrackingClient` with journey reporting on (docs/dispatcher.md) sends its
/// batches and its journey to a real collector, and the monitor's data
/// (`GET /monitor/snapshot`) shows both, including an event the app created but
/// the collector never received (its batch dropped by an injected fault).
@Suite("Journey reports in the monitor", .timeLimit(.minutes(10)))
struct JourneyMonitorTests {
    /// A wishlistPageView of the example contract, written as generated code writes it.
    struct WishlistView: TrackingEvent {
        var eventName = "wishlistPageView"
        var kindName = "pageView"
        var contractVersion = Omnitracking.descriptor.version
        var uuid = UUID()
        var clientTimestamp = Date(timeIntervalSince1970: 1_800_000_000)

        func writeMembers(to writer: inout JSONWriter) {
            writer.key("event"); writer.value(eventName)
            writer.key("kind"); writer.value(kindName)
            writer.key("contractVersion"); writer.value(contractVersion)
            writer.key("uuid"); writer.value(uuid)
            writer.key("clientTimestamp"); writer.timestamp(clientTimestamp)
            writer.key("viewType"); writer.value("Wishlist")
            writer.key("uniqueViewId"); writer.value("00000000-0000-4000-8000-000000000001")
            writer.key("skuItemList"); writer.beginArray(); writer.value("1234"); writer.endArray()
        }

        func validate() -> [Violation] { [] }
    }

    @Test("Both halves of a delivered event; a dropped batch's event created but not received")
    func bothHalves() async throws {
        let collector = try await RunningCollector.start { $0.enableFaults = true }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("journey-monitor-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: directory)
        }
        var configuration = DispatcherConfiguration(
            databaseURL: directory.appendingPathComponent("events.sqlite"), strategies: [.manual],
            // No retry within the test: the dropped batch's event stays unreceived.
            retry: RetryPolicy(initialBackoff: 600, jitter: 0, minimumRequestInterval: 0, requestTimeout: 60),
            contract: DispatcherContract(descriptor: Omnitracking.descriptor), reportViolationsLoudly: false)
        configuration.journeyReporting = JourneyReporting(endpoint: URL(string: "/v1/journey", relativeTo: collector.base)!.absoluteURL)
        var logger = Logger(label: "journey-monitor")
        logger.logLevel = .critical
        let client = TrackingClient(
            configuration: configuration, providers: [CollectorProvider(endpoint: collector.batchURL)],
            globals: StaticGlobals(["appVersion": .string("4.2.0"), "osVersion": .string("18.1"), "deviceModel": .string("iPhone17,1")]),
            logger: logger)

        let delivered = WishlistView(), lost = WishlistView()
        client.track(delivered)
        #expect(await client.waitUntilPersisted() == .persisted)
        #expect(await client.flush().delivered == 1)
        let (queued, _, _) = try await collector.post("/faults", #"{"drop":true}"#)
        #expect(queued == 200)
        client.track(lost)
        #expect(await client.waitUntilPersisted() == .persisted)
        #expect(await client.flush().delivered == 0)
        let reporter = try #require(client.journey.reporter)
        await reporter.waitUntilIdle()
        await client.shutdown()
        #expect(reporter.statistics.lostSteps == 0 && reporter.statistics.sentSteps > 0)

        let (status, _, snapshot) = try await collector.request("GET", "/monitor/snapshot")
        await collector.stop()
        #expect(status == 200)
        guard case .array(let items)? = snapshot?["items"] else {
            Issue.record("no items in \(String(describing: snapshot))")
            return
        }
        func half(_ side: String, _ event: WishlistView) -> [JSONValue] {
            items.filter { $0["side"]?.stringValue == side && $0["uuid"]?.stringValue == event.uuid.lowercasedString }
        }
        // Delivered: the app's whole journey, and the collector's row in the same request.
        let app = half("app", delivered).compactMap { $0["stage"]?.stringValue }
        #expect(app == ["created", "validated", "persisted", "batched", "sent", "confirmed"])
        let received = half("collector", delivered)
        #expect(received.count == 1)
        #expect(received.first?["verdict"]?.stringValue == "valid")
        let sentIn = half("app", delivered).first { $0["stage"]?.stringValue == "sent" }?["requestId"]?.stringValue
        #expect(sentIn != nil && received.first?["requestId"]?.stringValue == sentIn)
        // Created, sent, failed: never received.
        let lostSteps = half("app", lost).compactMap { $0["stage"]?.stringValue }
        #expect(lostSteps == ["created", "validated", "persisted", "batched", "sent", "failed"])
        #expect(half("collector", lost).isEmpty)
    }
}
