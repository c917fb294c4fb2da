import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingCore
@testable import TrackingDispatcher
import TrackingGzip

/// Request bodies above the threshold travel gzipped (system zlib) and the
/// collector inflates them; small bodies go as they are.
@Suite("Gzip request bodies", .timeLimit(.minutes(10)))
struct GzipTests {
    @Test("A large batch is sent gzipped and arrives byte for byte at the real collector")
    func largeBatchGzipped() async throws {
        let h = try await Harness.make(batch: BatchConfiguration(deliverySize: 100))
        let events = (0..<60).map { index in TestEvent(padding: String(repeating: "wishlist-\(index % 7) ", count: 20)) }
        events.forEach { h.client.track($0) }
        let stored = try await h.pending()
        let summary = await h.client.flush()
        #expect(summary.delivered == events.count)
        #expect(summary.requests == 1)
        let statistics = try await h.collector.statistics()
        #expect(statistics.gzippedRequests == 1)
        // Every payload as stored is what the collector stored.
        let collected = Dictionary(uniqueKeysWithValues: try h.collected().map { ($0.uuid, $0.payload) })
        #expect(collected.count == events.count)
        for row in stored {
            #expect(collected[row.uuid] == row.payloadString)
        }
        await h.tearDown()
    }

    @Test("A small batch (under 1 KiB) goes uncompressed")
    func smallBatchPlain() async throws {
        let h = try await Harness.make()
        let event = TestEvent()
        h.client.track(event)
        let summary = await h.client.flush()
        #expect(summary.delivered == 1)
        let statistics = try await h.collector.statistics()
        #expect(statistics.requests == 1)
        #expect(statistics.gzippedRequests == 0)
        #expect(try h.collected().map(\.uuid) == [event.id])
        await h.tearDown()
    }

    @Test("gzip round trip; what is not gzip, or inflates too far, is refused")
    func roundTrip() throws {
        let text = Array((0..<5_000).map { "event \($0 % 13);" }.joined().utf8)
        let compressed = try #require(Gzip.compress(text))
        #expect(compressed.count < text.count / 4)
        #expect(Array(compressed.prefix(2)) == [0x1f, 0x8b])   // gzip magic, not a raw zlib stream
        #expect(try Gzip.inflate(compressed, limit: text.count) == text)
        #expect(try Gzip.inflate(try #require(Gzip.compress([])), limit: 0) == [])
        #expect(throws: Gzip.InflateFailure.malformed) { try Gzip.inflate(Array("not gzip".utf8), limit: 1 << 20) }
        #expect(throws: Gzip.InflateFailure.malformed) { try Gzip.inflate(Array(compressed.dropLast(4)), limit: 1 << 20) }
        #expect(throws: Gzip.InflateFailure.tooLarge) { try Gzip.inflate(compressed, limit: 1_000) }
        #expect(throws: Gzip.InflateFailure.tooLarge) { try Gzip.inflate(compressed, limit: text.count - 1) }
    }

    @Test("Several gzip members inflate to their contents in order; anything after the last member is refused")
    func members() throws {
        let first = Array("{\"sentAt\":\"2026-11-22T12:00:01.000Z\",".utf8), second = Array("\"events\":[]}".utf8)
        let one = try #require(Gzip.compress(first)), two = try #require(Gzip.compress(second))
        #expect(try Gzip.inflate(one + two, limit: 1 << 20) == first + second)
        #expect(try Gzip.inflate(one + two + one, limit: 1 << 20) == first + second + first)
        #expect(throws: Gzip.InflateFailure.tooLarge) { try Gzip.inflate(one + two, limit: first.count + 1) }
        #expect(throws: Gzip.InflateFailure.malformed) { try Gzip.inflate(one + Array("garbage".utf8), limit: 1 << 20) }
        #expect(throws: Gzip.InflateFailure.malformed) { try Gzip.inflate(one + [0, 0, 0, 0], limit: 1 << 20) }
        #expect(throws: Gzip.InflateFailure.malformed) { try Gzip.inflate(one + two.dropLast(3), limit: 1 << 20) }
        #expect(throws: Gzip.InflateFailure.malformed) { try Gzip.inflate(one + [0x1f], limit: 1 << 20) }
    }
}
