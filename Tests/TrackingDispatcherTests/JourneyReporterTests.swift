import Foundation
import Logging
import Testing
import TrackingTesting
import TrackingCore
@testable import TrackingDispatcher

/// A debug dispatcher reports each event's journey to the collector's
/// `POST /v1/journey` (docs/dispatcher.md, "Journey reports"), here the loopback
/// collector: batched, bounded, never retried, never a value of the event.
@Suite("Journey reports", .timeLimit(.minutes(10)))
struct JourneyReporterTests {
    typealias Canary = PersonalDataCanaryTests

    static func client(_ directory: TemporaryDirectory, batchPort: UInt16, reporting: JourneyReporting?,
                       batch: BatchConfiguration = BatchConfiguration()) -> TrackingClient {
        let configuration = DispatcherConfiguration(
            databaseURL: directory.database, batch: batch, strategies: [.manual],
            retry: RetryPolicy(initialBackoff: 2, jitter: 0.2, minimumRequestInterval: 0, requestTimeout: 60),
            contract: DispatcherContract(descriptor: Canary.descriptor), reportViolationsLoudly: false,
            journeyReporting: reporting)
        var logger = Logger(label: "tracking.tests")
        logger.logLevel = .critical
        return TrackingClient(configuration: configuration,
                              providers: [CollectorProvider(endpoint: CollectorServer.batchURL(port: batchPort))],
                              globals: StaticGlobals(["appVersion": .string("2"), "userEmail": .string(Canary.canaries[5])]),
                              clock: ManualClock(), logger: logger)
    }

    static func journeyURL(port: UInt16) -> URL { URL(string: "http://127.0.0.1:\(port)/v1/journey")! }

    /// Every step posted for `uuid`, in order, as `stage` plus its details.
    static func steps(_ reports: [[JSONValue]], uuid: UUID) -> [JSONValue] {
        reports.flatMap { $0 }.filter { $0["uuid"]?.stringValue == uuid.lowercasedString }
    }

    @Test("Off by default")
    func offByDefault() throws {
        let configuration = DispatcherConfiguration(databaseURL: URL(fileURLWithPath: "/nonexistent/db"), contract: .standard)
        #expect(configuration.journeyReporting == nil)
        #expect(JourneyLog().reporter == nil)
    }

    @Test("Created, validated with path and rule, persisted, batched, sent, confirmed; no value of the event")
    func delivered() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let collector = try CollectorServer()
        let port = try await collector.start()
        defer { Task { await collector.stop() } }
        let client = Self.client(directory, batchPort: port, reporting: JourneyReporting(endpoint: Self.journeyURL(port: port)))
        let event = Canary.CheckoutEvent()
        client.track(event)
        await client.waitUntilPersisted()
        #expect(await client.flush().delivered == 1)
        let reporter = try #require(client.journey.reporter)
        await reporter.waitUntilIdle()
        await client.shutdown()

        let steps = Self.steps(collector.journeyReports(), uuid: event.uuid)
        try #require(steps.count == 6, "steps: \(steps)")
        #expect(steps.map { $0["stage"]?.stringValue } == ["created", "validated", "persisted", "batched", "sent", "confirmed"])
        #expect(steps.allSatisfy { $0["event"]?.stringValue == "checkout" && $0["at"]?.stringValue?.hasSuffix("Z") == true })
        guard case .array(let list)? = steps[1]["violations"] else {
            Issue.record("no violations in \(steps[1])")
            return
        }
        let violations = list.compactMap(\.stringValue)
        #expect(violations.contains("lines[0].sku: patternMismatch"))
        #expect(violations.contains("customer.email: patternMismatch"))
        let requestID = try #require(steps[3]["requestId"]?.stringValue)
        #expect(steps[4]["requestId"]?.stringValue == requestID)
        #expect(steps[5]["requestId"]?.stringValue == requestID)
        #expect(try collector.requestLog().map(\.requestID).contains(requestID))
        let posted = collector.journeyReportBodies().joined(separator: "\n")
        #expect(Canary.leaks(posted).isEmpty, "journey report: \(posted)")
        #expect(reporter.statistics.sentSteps == 6 && reporter.statistics.lostSteps == 0)
    }

    @Test("Set aside with the collector's reason, and dropped when the queue is full")
    func setAsideAndDropped() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let collector = try CollectorServer()
        let port = try await collector.start()
        defer { Task { await collector.stop() } }
        let client = Self.client(directory, batchPort: port, reporting: JourneyReporting(endpoint: Self.journeyURL(port: port)),
                                 batch: BatchConfiguration(maxQueueSize: 1))
        let first = Canary.CheckoutEvent(), second = Canary.CheckoutEvent()
        client.track(first)
        await client.waitUntilPersisted()
        client.track(second)   // the queue holds one: the first is dropped
        await client.waitUntilPersisted()
        await collector.inject([Fault(status: 200, body: #"{"accepted":[],"rejected":[{"uuid":"\#(second.uuid.lowercasedString)","reason":"not today"}]}"#)])
        _ = await client.flush()
        let reporter = try #require(client.journey.reporter)
        await reporter.waitUntilIdle()
        await client.shutdown()

        let reports = collector.journeyReports()
        #expect(Self.steps(reports, uuid: first.uuid).map { $0["stage"]?.stringValue } == ["created", "validated", "persisted", "dropped"])
        let secondSteps = Self.steps(reports, uuid: second.uuid)
        #expect(secondSteps.map { $0["stage"]?.stringValue } == ["created", "validated", "persisted", "batched", "sent", "failed", "setAside"])
        #expect(secondSteps.last?["reason"]?.stringValue == "not today")
        let posted = collector.journeyReportBodies().joined(separator: "\n")
        #expect(Canary.leaks(posted).isEmpty, "journey report: \(posted)")
    }

    @Test("A collector that cannot be reached: steps bounded, lost, never retried; tracking goes on")
    func unreachable() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let reporting = JourneyReporting(endpoint: Self.journeyURL(port: 1), maxBufferedSteps: 3, timeout: 2, pauseAfterFailure: 1)
        let client = Self.client(directory, batchPort: 1, reporting: reporting)
        for _ in 0..<20 { client.track(Canary.CheckoutEvent()) }
        #expect(await client.waitUntilPersisted() == .persisted)
        let reporter = try #require(client.journey.reporter)
        await reporter.waitUntilIdle()
        await client.shutdown()
        let statistics = reporter.statistics
        #expect(statistics.sentSteps == 0)
        #expect(statistics.lostSteps + statistics.droppedSteps == 60)
        #expect(statistics.droppedSteps > 0)
        #expect(statistics.lostSteps <= 3 * statistics.requests)
        #expect(statistics.pendingSteps == 0)
    }

    @Test("Shutdown cancels the report in flight, counts its steps lost, returns without waiting for it; nothing is sent afterwards")
    func shutdownCancelsReportInFlight() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let collector = try CollectorServer()
        let port = try await collector.start()
        defer { Task { await collector.stop() } }
        collector.holdJourneyReports(seconds: 3_600)
        // A timeout and a pause far longer than the test may take: shutdown must wait out neither.
        let reporting = JourneyReporting(endpoint: Self.journeyURL(port: port), timeout: 3_600, pauseAfterFailure: 3_600)
        let client = Self.client(directory, batchPort: port, reporting: reporting)
        client.track(Canary.CheckoutEvent())
        #expect(await client.waitUntilPersisted() == .persisted)
        // The first event's three steps are in a request the collector holds.
        #expect(await eventually { collector.journeyRequestsHeld == 1 })
        client.track(Canary.CheckoutEvent())   // its steps wait behind that request
        #expect(await client.waitUntilPersisted() == .persisted)
        let reporter = try #require(client.journey.reporter)
        #expect(reporter.statistics.pendingSteps == 3)

        let clock = ContinuousClock()
        let elapsed = await clock.measure { await client.shutdown() }
        // Far below the hour-long timeout, and far above what a busy machine adds.
        #expect(elapsed < .seconds(300), "shutdown took \(elapsed)")
        // Final when shutdown returns: in flight and buffered, all lost, none pending.
        let statistics = reporter.statistics
        #expect(statistics.requests == 1)
        #expect(statistics.sentSteps == 0)
        #expect(statistics.lostSteps == 6)
        #expect(statistics.pendingSteps == 0)
        // A step recorded after shutdown is dropped, never sent.
        reporter.report([(uuid: UUID().lowercasedString, name: "checkout")], .dropped(reason: "late"), at: Date())
        #expect(reporter.statistics.droppedSteps == 1 && reporter.statistics.pendingSteps == 0)
        // The collector saw the client give the held request up, and nothing else came.
        #expect(await eventually { collector.journeyRequestsAbandoned == 1 })
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(collector.journeyRequestsHeld == 1)
        #expect(collector.journeyReports().isEmpty)
    }

    @Test("Shutdown during the pause after a failed report returns at once")
    func shutdownDuringPause() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        // Nothing listens on port 1: the first report fails at once, then the reporter pauses.
        let reporting = JourneyReporting(endpoint: Self.journeyURL(port: 1), timeout: 5, pauseAfterFailure: 3_600)
        let client = Self.client(directory, batchPort: 1, reporting: reporting)
        client.track(Canary.CheckoutEvent())
        #expect(await client.waitUntilPersisted() == .persisted)
        let reporter = try #require(client.journey.reporter)
        #expect(await eventually { reporter.statistics.requests == 1 })
        client.track(Canary.CheckoutEvent())   // waits behind the pause
        #expect(await client.waitUntilPersisted() == .persisted)

        let elapsed = await ContinuousClock().measure { await client.shutdown() }
        // Far below the hour-long pause, and far above what a busy machine adds.
        #expect(elapsed < .seconds(300), "shutdown took \(elapsed)")
        let statistics = reporter.statistics
        #expect(statistics.requests == 1)
        #expect(statistics.lostSteps == 6 && statistics.pendingSteps == 0 && statistics.sentSteps == 0)
    }
}

