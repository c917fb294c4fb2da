import CollectorResponses
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
        let items = try #require(snapshot).decoded(as: MonitorSnapshot.self).items
        func steps(_ event: WishlistView) -> [MonitorJourneyStep] {
            items.compactMap { if case .journeyStep(let step) = $0, step.uuid == event.uuid.lowercasedString { step } else { nil } }
        }
        func received(_ event: WishlistView) -> [MonitorEventItem] {
            items.compactMap { if case .event(let item) = $0, item.uuid == event.uuid.lowercasedString { item } else { nil } }
        }
        // Delivered: the app's whole journey, and the collector's row in the same request.
        #expect(steps(delivered).map(\.stage) == ["created", "validated", "persisted", "batched", "sent", "confirmed"])
        #expect(received(delivered).map(\.verdict) == [.valid])
        let sentIn = steps(delivered).first { $0.stage == "sent" }?.requestId
        #expect(sentIn != nil && received(delivered).first?.requestId == sentIn)
        // Created, sent, failed: never received.
        #expect(steps(lost).map(\.stage) == ["created", "validated", "persisted", "batched", "sent", "failed"])
        #expect(received(lost).isEmpty)
    }
}
