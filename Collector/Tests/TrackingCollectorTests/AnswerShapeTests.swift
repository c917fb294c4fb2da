import CollectorResponses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// Every body the collector answers is a shape of CollectorResponses, described
/// once: what the collector writes reads back as that shape with the reader its
/// users use (`JSONValueDecoding`; `ArrivalsReport.decoded(from:)` for
/// `contractgen status`) and writes again to the same bytes, so a member renamed,
/// added or moved on one side fails here.
@Suite("Answer shapes", .timeLimit(.minutes(10)))
struct AnswerShapeTests {
    /// A GET's status and body bytes.
    static func get(_ collector: RunningCollector, _ path: String) async throws -> (Int, [UInt8]) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: path, relativeTo: collector.base)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, Array(data))
    }

    /// A POST's status and body bytes.
    static func post(_ collector: RunningCollector, _ path: String, _ text: String) async throws -> (Int, [UInt8]) {
        var request = URLRequest(url: URL(string: path, relativeTo: collector.base)!)
        request.httpMethod = "POST"
        request.httpBody = Data(text.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, Array(data))
    }

    /// `bytes` read as `Shape` and written again: the same bytes. Returns the shape.
    @discardableResult
    static func roundTrip<Shape: Codable>(_ bytes: [UInt8], as shape: Shape.Type,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws -> Shape {
        let value = try JSONValueDecoding.decode(Shape.self, from: bytes)
        let written = try JSONWriterEncoding.bytes(value)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: bytes, as: UTF8.self), sourceLocation: sourceLocation)
        return value
    }

    @Test("Lists, monitor, arrivals, verdicts, errors and small answers read back as their shapes, byte for byte")
    func everyAnswerRoundTrips() async throws {
        let collector = try await RunningCollector.start { $0.enableFaults = true }
        let valid = UUID().uuidString.lowercased()
        let flagged = UUID().uuidString.lowercased()
        let refused = UUID().uuidString.lowercased()
        let events = [exampleEvent(uuid: valid), exampleEvent(uuid: flagged, extra: #","appVersion":"4.2.0","colour":"red""#),
                      #"{"event":"wishlistPageView","uuid":"\#(refused)"}"#]

        // The verdict, then the same batch again (duplicates).
        let (status, verdictBytes) = try await Self.post(collector, "/v1/batch", batch(events))
        #expect(status == 200)
        let verdict = try Self.roundTrip(verdictBytes, as: BatchVerdict.self)
        #expect(verdict.accepted == [valid, flagged])
        #expect(verdict.rejected.map(\.uuid) == [refused])
        #expect(verdict.violations.map(\.uuid) == [flagged])
        #expect(verdict.violations.first?.violations.first?.violation.code == .unknownField)
        let again = try Self.roundTrip(try await Self.post(collector, "/v1/batch", batch(events)).1, as: BatchVerdict.self)
        #expect(again.duplicates == [valid, flagged])

        let (_, eventBytes) = try await Self.get(collector, "/events")
        let list = try Self.roundTrip(eventBytes, as: EventList.self)
        #expect(list.events.map(\.uuid) == [valid, flagged])
        #expect(try list.events[0].payload.value["uuid"] == .string(valid))
        #expect(list.events[1].violations.map(\.code) == ["unknownField"])

        let rejected = try Self.roundTrip(try await Self.get(collector, "/rejected").1, as: RejectedList.self)
        #expect(rejected.rejected.map(\.uuid) == [refused, refused])

        let requests = try Self.roundTrip(try await Self.get(collector, "/requests").1, as: [RequestListRow].self)
        #expect(requests.map(\.accepted) == [2, 2])
        #expect(requests.map(\.duplicates) == [0, 2])

        // A journey step beside the collector's rows in the snapshot.
        let (journeyStatus, recordedBytes) = try await Self.post(collector, "/v1/journey",
            #"{"steps":[{"uuid":"\#(valid)","event":"wishlistPageView","stage":"sent","requestId":"r1","reason":"why","violations":["v"],"at":"2026-12-07T05:00:00.000Z"}]}"#)
        #expect(journeyStatus == 200)
        #expect(try Self.roundTrip(recordedBytes, as: JourneyRecordedAnswer.self) == JourneyRecordedAnswer(recorded: 1, refused: 0))
        let snapshot = try Self.roundTrip(try await Self.get(collector, "/monitor/snapshot").1, as: MonitorSnapshot.self)
        #expect(snapshot.contract == ContractIdentity(name: LoadedContract.example.name, version: LoadedContract.example.version))
        #expect(snapshot.items.map(\.side) == [.collector, .collector, .collector, .collector, .app])
        guard case .journeyStep(let step)? = snapshot.items.last else { Issue.record("no journey step"); return }
        #expect(step.requestId == "r1")
        #expect(step.violations == ["v"])
        guard snapshot.items.count == 5, case .event(let refusedItem) = snapshot.items[2] else { Issue.record("no refused item"); return }
        #expect(refusedItem.verdict == .rejected)
        #expect(refusedItem.reason != nil)

        // contractgen status's reader, and the collector's bytes again from what it read.
        let (_, arrivalBytes) = try await Self.get(collector, "/arrivals?since=2000-01-01")
        let report = try ArrivalsReport.decoded(from: Data(arrivalBytes))
        #expect(String(decoding: try JSONWriterEncoding.bytes(report), as: UTF8.self) == String(decoding: arrivalBytes, as: UTF8.self))
        #expect(report.since == "2000-01-01T00:00:00.000Z")
        #expect(report.events.first?.appVersions == ["4.2.0": 1])

        let (faultStatus, queuedBytes) = try await Self.post(collector, "/faults", #"[{"status":500}]"#)
        #expect(faultStatus == 200)
        #expect(try Self.roundTrip(queuedBytes, as: FaultsQueuedAnswer.self).queued == 1)
        let (badStatus, errorBytes) = try await Self.post(collector, "/v1/batch", "[1]")
        #expect(badStatus == 500)
        #expect(try Self.roundTrip(errorBytes, as: ErrorAnswer.self).error == "injected fault 500")
        let (malformed, malformedBytes) = try await Self.post(collector, "/v1/batch", "[1]")
        #expect(malformed == 400)
        #expect(try Self.roundTrip(malformedBytes, as: ErrorAnswer.self).error.hasPrefix("expected {"))
        #expect(try Self.roundTrip(try await Self.get(collector, "/health").1, as: OKAnswer.self) == OKAnswer())
        let stats = try Self.roundTrip(try await Self.get(collector, "/stats").1, as: CollectorStatistics.self)
        #expect(stats.events == 2)
        await collector.stop()
    }

    /// The bytes each answer had when its members were written by hand (kept the same on
    /// purpose: `MonitorPage/monitor.js`, the runtimes and docs/collector.md read them).
    @Test("Rows, monitor items, verdict and arrivals: the same bytes as before the shapes")
    func sameBytes() throws {
        let received = Date(timeIntervalSince1970: 1_800_000_000)
        let payload = #"{"event":"e","kind":"k","n":1.50}"#
        let violation = Violation(path: "a.b", code: .tooLong, message: "is \"long\"")
        let event = CollectedEvent(uuid: "u1", eventName: "e", kind: "k", payload: payload, violations: [violation],
                                   requestID: "r", receivedAt: received)
        #expect(String(decoding: try JSONWriterEncoding.bytes(EventListRow(event)), as: UTF8.self)
            == #"{"uuid":"u1","event":"e","kind":"k","requestId":"r","receivedAt":"2027-01-15T08:00:00.000Z","violations":[{"path":"a.b","code":"tooLong","message":"is \"long\""}],"payload":{"event":"e","kind":"k","n":1.50}}"#)
        let refused = RejectedEvent(uuid: "u2", reason: "why", payload: payload, requestID: "r", receivedAt: received)
        #expect(String(decoding: try JSONWriterEncoding.bytes(RejectedListRow(refused)), as: UTF8.self)
            == #"{"uuid":"u2","reason":"why","requestId":"r","payload":{"event":"e","kind":"k","n":1.50}}"#)
        let record = RequestRecord(requestID: "r", status: 200, events: 3, accepted: 2, duplicates: 1, rejected: 1, bytes: 99,
                                   outcome: "stored", receivedAt: received)
        #expect(String(decoding: try JSONWriterEncoding.bytes(RequestListRow(record)), as: UTF8.self)
            == #"{"requestId":"r","status":200,"events":3,"accepted":2,"duplicates":1,"rejected":1,"bytes":99,"outcome":"stored"}"#)

        let mask = DisplayMask(contract: .example, showPII: true)
        #expect(MonitorItem(event: event, duplicate: false, mask: mask).json
            == #"{"side":"collector","uuid":"u1","event":"e","kind":"k","verdict":"violations","violations":[{"path":"a.b","code":"tooLong","message":"is \"long\""}],"requestId":"r","receivedAt":"2027-01-15T08:00:00.000Z","payload":{"event":"e","kind":"k","n":1.50}}"#)
        #expect(MonitorItem(rejected: refused, mask: mask).json
            == #"{"side":"collector","uuid":"u2","event":"e","kind":"k","verdict":"rejected","reason":"why","violations":[],"requestId":"r","receivedAt":"2027-01-15T08:00:00.000Z","payload":{"event":"e","kind":"k","n":1.50}}"#)
        #expect(MonitorItem.journeyStep(MonitorJourneyStep(uuid: "u3", event: "e", stage: "sent", at: "t")).json
            == #"{"side":"app","uuid":"u3","event":"e","stage":"sent","at":"t"}"#)

        let ingest = BatchIngest(limits: CollectorLimits(), storage: try SQLiteStorage(path: nil))
        let verdict = ingest.answer(accepted: [event], rejected: [refused], duplicates: ["u1"])
        #expect(String(decoding: verdict, as: UTF8.self)
            == #"{"accepted":["u1"],"duplicates":["u1"],"rejected":[{"uuid":"u2","reason":"why"}],"rejectedCount":1,"violations":[{"uuid":"u1","violations":[{"path":"a.b","code":"tooLong","message":"is \"long\""}]}],"violationsCount":1}"#)

        var summary = ArrivalSummary(event: "e", arrived: 3, rejected: 1, firstSeen: received, lastSeen: received)
        summary.contractVersions = ["1.10.0": 1, "1.9.0": 2]
        summary.violations = ["tooLong": 1]
        #expect(String(decoding: try CollectorService.arrivalsJSON([summary], readAt: received, sinceDay: 20_000), as: UTF8.self)
            == #"{"format":1,"readAt":"2027-01-15T08:00:00.000Z","since":"2024-10-04T00:00:00.000Z","events":[{"event":"e","count":3,"rejected":1,"firstSeen":"2027-01-15T08:00:00.000Z","lastSeen":"2027-01-15T08:00:00.000Z","contractVersions":{"1.10.0":1,"1.9.0":2},"appVersions":{},"violations":{"tooLong":1}}]}"#)
        #expect(String(decoding: CollectorService.errorBytes("a \"b\""), as: UTF8.self) == #"{"error":"a \"b\""}"#)
    }

    /// The collector's sources write no JSON member by hand: each answer is a shape
    /// of CollectorResponses (the issue that moved them: 32, "One rule book").
    @Test("No member of an answer is spelled by hand in the collector's sources")
    func noHandSpelledMembers() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TrackingCollectorKit")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20)
        // A member written through JSONWriter, a JSON object in a literal (`#"{"ok":true}"#`),
        // or a list's structure written as text.
        let handWritten = [#".key(""#, #"#"{""#, #"json.text(#""#, "JSONEncoder()"]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for pattern in handWritten where line.contains(pattern) {
                    Issue.record("\(file.lastPathComponent):\(number + 1) writes JSON by hand (\(pattern)): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
    }
}
