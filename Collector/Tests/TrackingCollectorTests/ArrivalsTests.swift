import CollectorResponses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// `GET /arrivals` (issue 35): what arrived per event name, counted in the
/// transaction that stores the events, read as `contractgen status` reads it.
@Suite("Arrivals", .timeLimit(.minutes(10)))
struct ArrivalsTests {
    /// The body of `GET /arrivals` read as `contractgen status` reads it (`ArrivalsReport.decoded(from:)`).
    static func report(_ collector: RunningCollector, query: String = "",
                       headers: [String: String] = [:]) async throws -> (status: Int, report: ArrivalsReport?, body: String) {
        var request = URLRequest(url: URL(string: "/arrivals\(query)", relativeTo: collector.base)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, status == 200 ? try ArrivalsReport.decoded(from: data) : nil,
                String(decoding: data, as: UTF8.self))
    }

    static func entry(_ report: ArrivalsReport?, _ name: String) -> ArrivedEvent? {
        report?.events.first { $0.event == name }
    }

    /// An event the example contract does not define, otherwise a valid envelope.
    static func unknownEvent(uuid: String = UUID().uuidString.lowercased()) -> String {
        #"{"event":"legacyCheckout","kind":"action","contractVersion":"0.9.0","uuid":"\#(uuid)","clientTimestamp":"2026-11-22T12:00:00.000Z","appVersion":"3.1.0"}"#
    }

    @Test("Counts, contract and app versions, violations, unknown and rejected events; the JSON is ArrivalsReport's")
    func counts() async throws {
        try await Self.checkCounts(try await RunningCollector.start())
    }

    /// Sends one batch of every kind of event to `collector` (with empty storage), checks
    /// the report, and stops it.
    static func checkCounts(_ collector: RunningCollector) async throws {
        let plain = (0..<3).map { _ in exampleEvent() }
        let withApp = (0..<2).map { _ in exampleEvent(extra: #","appVersion":"4.2.0""#) }
        let withColour = exampleEvent(extra: #","appVersion":"4.3.0","colour":"red","size":"L""#)
        let otherVersion = exampleEvent().replacingOccurrences(of: #""contractVersion":"1.3.0""#, with: #""contractVersion":"1.2.0""#)
        // Rejected (no kind): counted under its name; without a name it is in no row.
        let noKind = #"{"event":"wishlistPageView","contractVersion":"1.3.0","uuid":"\#(UUID().uuidString.lowercased())","clientTimestamp":"2026-11-22T12:00:00.000Z"}"#
        let noName = #"{"kind":"action","uuid":"\#(UUID().uuidString.lowercased())"}"#
        let before = Date()
        let events = plain + withApp + [withColour, otherVersion, noKind, noName, Self.unknownEvent(), Self.unknownEvent()]
        let (status, _, answer) = try await collector.post("/v1/batch", batch(events))
        #expect(status == 200)
        #expect(answer?["rejectedCount"] == .number("2"))

        let (readStatus, read, body) = try await Self.report(collector)
        #expect(readStatus == 200, "\(body)")
        let report = try #require(read)
        #expect(report.format == 1)
        #expect(report.since == nil)
        #expect(report.events.map(\.event) == ["legacyCheckout", "wishlistPageView"])

        let wishlist = try #require(Self.entry(report, "wishlistPageView"))
        #expect(wishlist.count == 8)
        #expect(wishlist.rejected == 1)
        #expect(wishlist.contractVersions == ["1.3.0": 7, "1.2.0": 1])
        #expect(wishlist.appVersions == ["4.2.0": 2, "4.3.0": 1])
        // Violations as stored: an event counts once under each of its codes.
        var expected: [String: Int] = [:]
        for event in try await collector.service.events() where event.eventName == "wishlistPageView" {
            for code in Set(event.violations.map(\.code.rawValue)) { expected[code, default: 0] += 1 }
        }
        #expect(wishlist.violations == expected)
        // Two unknown fields in one event: one count.
        #expect(wishlist.violations["unknownField"] == 1)

        let unknown = try #require(Self.entry(report, "legacyCheckout"))
        #expect(unknown.count == 2)
        #expect(unknown.rejected == 0)
        #expect(unknown.contractVersions == ["0.9.0": 2])
        #expect(unknown.appVersions == ["3.1.0": 2])
        #expect(unknown.violations["unknownEvent"] == 2)

        // Times: the collector's clock, ISO 8601 UTC with milliseconds.
        let first = try #require(ISO8601Timestamp.date(from: wishlist.firstSeen))
        let last = try #require(ISO8601Timestamp.date(from: wishlist.lastSeen))
        let readAt = try #require(ISO8601Timestamp.date(from: report.readAt))
        #expect(first >= before.addingTimeInterval(-0.001) && first <= last && last <= readAt.addingTimeInterval(0.001))
        await collector.stop()
    }

    @Test("A batch sent again (the same uuids) is not counted again; a reset empties the counts")
    func repeatedBatch() async throws {
        let collector = try await RunningCollector.start()
        let events = (0..<5).map { _ in exampleEvent() } + [Self.unknownEvent()]
        for _ in 0..<3 { #expect(try await collector.post("/v1/batch", batch(events)).0 == 200) }
        // The same events among new ones: only the new ones count.
        #expect(try await collector.post("/v1/batch", batch(events + [exampleEvent()])).0 == 200)
        let report = try #require(try await Self.report(collector).report)
        #expect(Self.entry(report, "wishlistPageView")?.count == 6)
        #expect(Self.entry(report, "wishlistPageView")?.contractVersions == ["1.3.0": 6])
        #expect(Self.entry(report, "legacyCheckout")?.count == 1)
        #expect(try await collector.request("DELETE", "/events").0 == 200)
        #expect(try await Self.report(collector).report?.events == [])
        await collector.stop()
    }

    @Test("SQLite file: counts survive a restart; a batch re-sent after it is not counted again")
    func restart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrivals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("collector.sqlite").path
        let events = (0..<4).map { _ in exampleEvent() }
        let first = try await RunningCollector.start(storage: try SQLiteStorage(path: path))
        #expect(try await first.post("/v1/batch", batch(events)).0 == 200)
        await first.stop()
        let second = try await RunningCollector.start(storage: try SQLiteStorage(path: path))
        #expect(try await second.post("/v1/batch", batch(events)).0 == 200)
        #expect(try #require(try await Self.report(second).report).events.map(\.count) == [4])
        await second.stop()
    }

    @Test("Upgrading a SQLite file counts the events stored before arrivals were kept")
    func migrationCountsStoredEvents() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrivals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("collector.sqlite").path
        let collector = try await RunningCollector.start(storage: try SQLiteStorage(path: path))
        let events = (0..<3).map { _ in exampleEvent(extra: #","appVersion":"4.2.0","colour":"red""#) } + [Self.unknownEvent()]
        #expect(try await collector.post("/v1/batch", batch(events)).0 == 200)
        let counted = try #require(try await Self.report(collector).report).events
        // Back to the schema before arrivals (version 2), with the events kept.
        try (collector.service.storage as? SQLiteStorage)?.executeForTesting(
            "DROP TABLE arrivals; DROP TABLE arrival_values; PRAGMA user_version = 2;")
        await collector.stop()
        let upgraded = try await RunningCollector.start(storage: try SQLiteStorage(path: path))
        let recounted = try #require(try await Self.report(upgraded).report).events
        #expect(recounted == counted)
        #expect(recounted.count == 2)
        await upgraded.stop()
    }

    @Test("--benchmark-without-arrivals: batches are stored and answered, the counts left alone")
    func benchmarkWithoutArrivals() async throws {
        let collector = try await RunningCollector.start { $0.benchmarkWithoutArrivals = true }
        let events = (0..<3).map { _ in exampleEvent() } + [Self.unknownEvent()]
        #expect(try await collector.post("/v1/batch", batch(events)).0 == 200)
        #expect(try await collector.service.statistics().events == 4)
        #expect(try #require(try await Self.report(collector).report).events == [])
        await collector.stop()
    }

    @Test("The batch counter's runs add up to what counting event by event gives")
    func counterRunsMatchPerEventCounts() {
        // Runs of one name broken by others, versions changing inside a run and back,
        // missing versions, violations (one code twice), rejected events with and without
        // a name, and a UTC day boundary inside a run of one name.
        let midnight = Date(timeIntervalSince1970: 20_000 * 86_400)
        let twice = [Violation(path: "a", code: .unknownField, message: "m"), Violation(path: "b", code: .unknownField, message: "m")]
        let pattern = [Violation(path: "c", code: .patternMismatch, message: "m")]
        typealias Event = (name: String, seconds: Double, rejected: Bool, facts: ArrivalFacts, violations: [Violation])
        var events: [Event] = []
        for index in 0..<200 {
            let name = index % 17 == 5 ? "b" : (index % 31 == 0 ? "c" : "a")
            let facts = ArrivalFacts(event: index % 13 == 0 ? (index % 2 == 0 ? name : nil) : name,
                                     contractVersion: index % 7 == 3 ? nil : (index / 20 % 2 == 0 ? "1.3.0" : "1.2.0"),
                                     appVersion: index % 5 == 0 ? nil : "4.\(index / 50)")
            let violations = index % 11 == 0 ? twice : (index % 19 == 0 ? pattern + twice : [])
            events.append((name, Double(index - 100), index % 13 == 0, facts, violations))
        }
        var counter = ArrivalCounter()
        var expected = ArrivalTally()
        for event in events {
            let at = midnight.addingTimeInterval(event.seconds)
            if event.rejected {
                counter.addRejected(at: at, facts: event.facts)
                if let name = event.facts.event {
                    expected.add(event: name, at: at, rejected: true, facts: event.facts, violationCodes: [])
                }
            } else {
                counter.add(event: event.name, at: at, rejected: false, facts: event.facts, violations: event.violations)
                expected.add(event: event.name, at: at, rejected: false, facts: event.facts,
                             violationCodes: event.violations.map(\.code.rawValue))
            }
        }
        let counted = counter.finish()
        #expect(counted == expected)
        // Both days, and every name on them, have rows.
        #expect(Set(counted.rows.keys.map(\.day)) == [19_999, 20_000])
        #expect(counted.rows.values.map(\.arrived).reduce(0, +) == events.filter { !$0.rejected || $0.facts.event != nil }.count)
        #expect(counted.rows[ArrivalTally.Key(day: 20_000, event: "a")]?.values[.violation]?["unknownField"] != nil)
    }

    @Test("?since= keeps the UTC days from the given one on; a bad value is refused with 400")
    func window() async throws {
        try await Self.checkWindow(try SQLiteStorage(path: nil))
    }

    /// Stores events at chosen times in `storage` (empty), reads windows through a collector on it.
    static func checkWindow(_ storage: any EventStorage) async throws {
        let collector = try await RunningCollector.start(storage: storage)
        // Stored directly, at chosen receipt times (the payload is read for the versions).
        func store(_ payload: String, name: String, at time: String) async throws {
            let date = try #require(ISO8601Timestamp.date(from: time))
            let uuid = UUID().uuidString.lowercased()
            let event = CollectedEvent(uuid: uuid, eventName: name, kind: "pageView", payload: payload, violations: [],
                                       requestID: "r", receivedAt: date)
            _ = try await storage.ingest(IngestBatch(accepted: [event], rejected: [], request: RequestRecord(
                requestID: "r", status: 200, events: 1, accepted: 1, bytes: 0, outcome: "stored", receivedAt: date)))
        }
        try await store(exampleEvent(), name: "wishlistPageView", at: "2026-11-01T10:00:00.000Z")
        try await store(exampleEvent(), name: "wishlistPageView", at: "2026-11-20T23:59:59.999Z")
        try await store(exampleEvent(), name: "wishlistPageView", at: "2026-11-21T00:00:00.000Z")
        try await store(Self.unknownEvent(), name: "legacyCheckout", at: "2026-11-02T08:00:00.000Z")

        let all = try #require(try await Self.report(collector).report)
        #expect(all.events.map(\.count) == [1, 3])
        #expect(Self.entry(all, "wishlistPageView")?.firstSeen == "2026-11-01T10:00:00.000Z")
        #expect(Self.entry(all, "wishlistPageView")?.lastSeen == "2026-11-21T00:00:00.000Z")
        #expect(Self.entry(all, "legacyCheckout")?.appVersions == ["3.1.0": 1])

        // A time within a day starts the window at that day's start (counts are kept per day).
        for since in ["2026-11-20", "2026-11-20T18:30:00Z", "2026-11-20T18:30:00.250Z", "2026-11-20T20:30:00%2B02:00"] {
            let windowed = try #require(try await Self.report(collector, query: "?since=\(since)").report, "\(since)")
            #expect(windowed.since == "2026-11-20T00:00:00.000Z", "\(since)")
            #expect(windowed.events.map(\.event) == ["wishlistPageView"], "\(since)")
            #expect(Self.entry(windowed, "wishlistPageView")?.count == 2, "\(since)")
            #expect(Self.entry(windowed, "wishlistPageView")?.firstSeen == "2026-11-20T23:59:59.999Z", "\(since)")
        }
        #expect(try await Self.report(collector, query: "?since=2026-12-01").report?.events == [])

        for bad in ["yesterday", "2026-13-01", "", "1700000000"] {
            let (status, _, body) = try await Self.report(collector, query: "?since=\(bad)")
            #expect(status == 400, "\(bad)")
            #expect(body.contains("since must be an ISO 8601 date"), "\(bad): \(body)")
        }
        await collector.stop()
    }

    @Test("With a read token, /arrivals needs it (401 without)")
    func readToken() async throws {
        let token = "arrivals-read-token-0123456789"
        let collector = try await RunningCollector.start { $0.access.readToken = token }
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()])).0 == 200)
        #expect(try await Self.report(collector).status == 401)
        #expect(try await Self.report(collector, headers: ["Authorization": "Bearer wrong-\(token)"]).status == 401)
        let read = try await Self.report(collector, headers: ["Authorization": "Bearer \(token)"])
        #expect(read.status == 200)
        #expect(read.report?.events.map(\.count) == [1])
        await collector.stop()
    }
}
