import CollectorResponses
import Foundation
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// The collector's HTTP endpoints, spoken to over loopback as a developer or a script would.
@Suite("Collector endpoints", .timeLimit(.minutes(10)))
struct EndpointTests {
    @Test("Batches, queries, faults and resets over HTTP")
    func endpoints() async throws {
        let collector = try await RunningCollector.start { $0.enableFaults = true }
        let a = UUID().uuidString.lowercased()

        let (ok, _, answer) = try await collector.post("/v1/batch", batch([exampleEvent(uuid: a)]))
        #expect(ok == 200)
        #expect(try #require(answer).decoded(as: BatchVerdict.self).accepted == [a])
        #expect(try await collector.service.events().map(\.uuid) == [a])

        // Faults are served in order to the next batch requests.
        let (queued, _, _) = try await collector.post("/faults", #"[{"status":429,"retryAfter":"7"},{"status":500}]"#)
        #expect(queued == 200)
        let (first, headers, _) = try await collector.post("/v1/batch", batch([]))
        #expect(first == 429)
        #expect(headers["retry-after"] == "7")
        #expect(try await collector.post("/v1/batch", batch([])).0 == 500)
        #expect(try await collector.post("/v1/batch", batch([])).0 == 200)

        let (_, _, events) = try await collector.request("GET", "/events?uuid=\(a)")
        let list = try #require(events).decoded(as: EventList.self).events
        #expect(list.count == 1)
        #expect(try list.first?.payload.value["uuid"] == .string(a))

        let (_, _, statsAnswer) = try await collector.request("GET", "/stats")
        let stats = try #require(statsAnswer).decoded(as: CollectorStatistics.self)
        #expect(stats.events == 1)
        #expect(stats.faultsServed == 2)
        #expect(stats.requests == 4)

        #expect(try await collector.request("DELETE", "/events").0 == 200)
        #expect(try await collector.service.events().isEmpty)
        #expect(try await collector.request("GET", "/health").0 == 200)
        await collector.stop()
    }

    @Test("A gzipped batch is inflated, accepted and stored")
    func gzippedBatch() async throws {
        let collector = try await RunningCollector.start()
        let a = UUID().uuidString.lowercased()
        let body = try #require(TestGzip.compress(prefix: Array(batch([exampleEvent(uuid: a)]).utf8), repeating: [], times: 0, suffix: []))
        let (status, _, answer) = try await collector.request("POST", "/v1/batch", body: body,
                                                              headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"])
        #expect(status == 200)
        #expect(answer?["accepted"] == .array([.string(a)]))
        #expect(try await collector.service.events().map(\.uuid) == [a])
        let (_, _, stats) = try await collector.request("GET", "/stats")
        #expect(stats?["gzippedRequests"] == .number("1"))
        await collector.stop()
    }

    @Test("A broken gzip body is answered 400, an unknown encoding 415; nothing stored")
    func badEncodings() async throws {
        let collector = try await RunningCollector.start()
        let broken = try await collector.request("POST", "/v1/batch", body: Array("not gzip".utf8),
                                                 headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"])
        #expect(broken.0 == 400)
        let brotli = try await collector.request("POST", "/v1/batch", body: Array("{}".utf8),
                                                 headers: ["Content-Encoding": "br", "Content-Type": "application/json"])
        #expect(brotli.0 == 415)
        #expect(try await collector.service.events().isEmpty)
        await collector.stop()
    }

    @Test("The benchmark sink answers 200 without reading, checking or storing; keep-alive and the limits still hold")
    func benchmarkSink() async throws {
        let collector = try await RunningCollector.start { $0.benchmarkSink = true }
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()])).0 == 200)
        #expect(try await collector.post("/v1/batch", "not even JSON").0 == 200)
        #expect(try await collector.service.events().isEmpty)
        #expect(try await collector.service.statistics().requests == 0)
        // The unread body is skipped: the connection's next request is answered.
        let body = Array(batch([exampleEvent()]).utf8)
        var request = HostileInputTests.head("POST /v1/batch HTTP/1.1", ["Host: 127.0.0.1", "Content-Length: \(body.count)"]) + body
        request += HostileInputTests.head("GET /health HTTP/1.1", ["Host: 127.0.0.1", "Connection: close"])
        let answer = try await RawHTTP.exchange(port: collector.port, request)
        #expect(answer.text.components(separatedBy: "HTTP/1.1 200").count == 3)
        // The head guard is in front of the sink too: a body past the limit still ends
        // with a 413 and a closed connection (after the sink's early 200).
        let huge = try await RawHTTP.exchange(port: collector.port, HostileInputTests.chunked(megabytes: 8))
        #expect(huge.text.contains("HTTP/1.1 413"), "\(huge.text.prefix(300))")
        await collector.stop()
    }

    @Test("Without --enable-faults there is no /faults endpoint")
    func faultsNeedTheFlag() async throws {
        let collector = try await RunningCollector.start()
        #expect(try await collector.post("/faults", #"{"status":500}"#).0 == 404)
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()])).0 == 200)
        await collector.stop()
    }
}
