import CollectorResponses
import Foundation
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// The 2xx answer accounts for every event by uuid (docs/wire-format.md).
@Suite("Per-event verdicts", .timeLimit(.minutes(10)))
struct VerdictTests {
    @Test("accepted, duplicates, rejected and violations in one 200 answer; rejected events kept apart")
    func verdicts() async throws {
        let collector = try await RunningCollector.start()
        let valid = UUID().uuidString.lowercased(), flagged = UUID().uuidString.lowercased()
        let broken = UUID().uuidString.lowercased()
        #expect(try await collector.post("/v1/batch", batch([exampleEvent(uuid: valid)])).0 == 200)
        let events = [exampleEvent(uuid: valid),                                   // sent again
                      exampleEvent(uuid: flagged, extra: #","colour":"red""#),      // unknown field: a violation
                      exampleEvent(uuid: broken, timestamp: "noon")]               // broken envelope
        let (status, _, answer) = try await collector.post("/v1/batch", batch(events))
        #expect(status == 200)
        let verdict = try #require(answer).decoded(as: BatchVerdict.self)
        #expect(verdict.accepted == [valid, flagged])
        #expect(verdict.duplicates == [valid])
        #expect(verdict.rejected == [BatchVerdict.RejectedEntry(uuid: broken, reason: "clientTimestamp is missing or not ISO 8601 UTC with milliseconds")])
        #expect(verdict.rejectedCount == 1)
        #expect(verdict.violations.map(\.uuid) == [flagged])
        #expect(verdict.violations.first?.violations.first?.violation.code == .unknownField)
        #expect(Set(try await collector.service.events().map(\.uuid)) == [valid, flagged])
        #expect(try await collector.service.rejectedEvents().map(\.uuid) == [broken])
        let stats = try await collector.service.statistics()
        #expect(stats.duplicates == 1)
        #expect(stats.rejected == 1)
        #expect(stats.events == 2)
        await collector.stop()
    }

    @Test("A long list of rejections is capped with a count; the answer stays small")
    func rejectionsCapped() async throws {
        let collector = try await RunningCollector.start { $0.limits.maxListedRejections = 50 }
        let events = (0..<1_000).map { _ in exampleEvent(timestamp: String(repeating: "x", count: 2_000)) }
        let (status, _, answer) = try await collector.post("/v1/batch", batch(events))
        #expect(status == 200)
        let verdict = try #require(answer).decoded(as: BatchVerdict.self)
        #expect(verdict.rejected.count == 50)
        #expect(verdict.rejectedCount == 1_000)
        #expect(answer.map { $0.encodedBytes.count } ?? .max < 50 * 500)
        await collector.stop()
    }

    @Test("One log line per batch: count, verdicts, time taken")
    func logLine() async throws {
        let collector = try await RunningCollector.start()
        _ = try await collector.post("/v1/batch", batch([exampleEvent(), exampleEvent(timestamp: "noon")]))
        let lines = collector.logs.all.filter { $0.contains("batch ") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("2 events, 1 stored, 0 duplicates, 1 rejected") == true)
        #expect(lines.first?.hasSuffix(" ms") == true)
        await collector.stop()
    }

    @Test("A reloaded contract applies to the next batch, and the reload is logged")
    func reload() async throws {
        let collector = try await RunningCollector.start(contract: LoadedContract(name: "none", version: "0", descriptor: nil))
        let first = try await collector.post("/v1/batch", batch([exampleEvent(extra: #","colour":"red""#)]))
        #expect(try #require(first.2).decoded(as: BatchVerdict.self).violations == [])
        collector.service.reload(.example, reason: "test")
        let second = try await collector.post("/v1/batch", batch([exampleEvent(extra: #","colour":"red""#)]))
        #expect(try #require(second.2).decoded(as: BatchVerdict.self).violations.count == 1)
        #expect(collector.logs.all.contains { $0.contains("contract reloaded (test): \(LoadedContract.example.name)") })
        await collector.stop()
    }
}
