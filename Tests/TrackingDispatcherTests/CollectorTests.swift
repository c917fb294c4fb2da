import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingCollectorKit
import TrackingCore
@testable import TrackingDispatcher

/// The collector's HTTP endpoints, spoken to over loopback as a developer or a
/// script would.
@Suite("Local collector endpoints", .timeLimit(.minutes(1)))
struct CollectorTests {
    static func request(_ method: String, _ url: URL, body: String? = nil) async throws -> (Int, JSONValue?) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.setValue("", forHTTPHeaderField: "Expect")
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONValue.parse(Array(data)))
    }

    static func event(uuid: String, timestamp: String = "2026-11-22T12:00:00.000Z") -> String {
        #"{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"\#(uuid)","clientTimestamp":"\#(timestamp)"}"#
    }

    @Test("Batches, queries, faults and resets over HTTP")
    func endpoints() async throws {
        let collector = try CollectorServer()
        let port = try await collector.start()
        let base = URL(string: "http://127.0.0.1:\(port)")!
        let batch = CollectorServer.batchURL(port: port)
        let a = UUID().uuidString.lowercased(), b = UUID().uuidString.lowercased()

        let (ok, answer) = try await Self.request("POST", batch, body: #"{"sentAt":"2026-11-22T12:00:01.000Z","events":[\#(Self.event(uuid: a))]}"#)
        #expect(ok == 200)
        #expect(answer?["accepted"] == .array([.string(a)]))

        // A rejected event: 400 with the verdict, nothing of the request stored.
        let (bad, verdict) = try await Self.request("POST", batch, body: #"{"sentAt":"x","events":[\#(Self.event(uuid: b)),\#(Self.event(uuid: a, timestamp: "noon"))]}"#)
        #expect(bad == 400)
        #expect(verdict?["accepted"] == .array([.string(b)]))
        #expect(verdict?["rejected"] == .array([.object([("uuid", .string(a)), ("reason", .string("clientTimestamp is missing or not ISO 8601 UTC with milliseconds"))])]))
        #expect(try collector.events().map(\.uuid) == [a])

        // Faults are served in order to the next batch requests.
        let (queued, _) = try await Self.request("POST", base.appendingPathComponent("faults"), body: #"[{"status":429,"retryAfter":"7"},{"status":500}]"#)
        #expect(queued == 200)
        #expect(try await Self.request("POST", batch, body: #"{"sentAt":"x","events":[]}"#).0 == 429)
        #expect(try await Self.request("POST", batch, body: #"{"sentAt":"x","events":[]}"#).0 == 500)
        #expect(try await Self.request("POST", batch, body: #"{"sentAt":"x","events":[]}"#).0 == 200)

        let (_, events) = try await Self.request("GET", URL(string: "http://127.0.0.1:\(port)/events?uuid=\(a)")!)
        guard case .array(let list)? = events?["events"] else { Issue.record("no events list"); return }
        #expect(list.count == 1)
        #expect(list.first?["payload"]?["uuid"] == .string(a))

        let (_, stats) = try await Self.request("GET", base.appendingPathComponent("stats"))
        #expect(stats?["events"] == .number("1"))
        #expect(stats?["faultsServed"] == .number("2"))
        #expect(stats?["requests"] == .number("5"))

        #expect(try await Self.request("DELETE", base.appendingPathComponent("events")).0 == 200)
        #expect(try collector.events().isEmpty)
        #expect(try await Self.request("GET", base.appendingPathComponent("health")).0 == 200)
        await collector.stop()
    }
}

@Suite("Retry policy", .timeLimit(.minutes(1)))
struct RetryPolicyTests {
    @Test("Backoff doubles per failure up to the ceiling; jitter adds at most its fraction")
    func backoff() {
        let policy = RetryPolicy(initialBackoff: 2, maximumBackoff: 60, jitter: 0.25)
        #expect(policy.delay(afterFailures: 1, retryAfter: nil, random: 0) == 2)
        #expect(policy.delay(afterFailures: 2, retryAfter: nil, random: 0) == 4)
        #expect(policy.delay(afterFailures: 4, retryAfter: nil, random: 0) == 16)
        #expect(policy.delay(afterFailures: 10, retryAfter: nil, random: 0) == 60)
        #expect(policy.delay(afterFailures: 2, retryAfter: nil, random: 0.999) < 5)
        #expect(policy.delay(afterFailures: 2, retryAfter: nil, random: 0.5) == 4.5)
    }

    @Test("Retry-After wins when it asks for longer; seconds and HTTP dates both parse")
    func retryAfter() {
        let policy = RetryPolicy(initialBackoff: 2, jitter: 0)
        #expect(policy.delay(afterFailures: 1, retryAfter: 30, random: 0) == 30)
        #expect(policy.delay(afterFailures: 1, retryAfter: 1, random: 0) == 2)
        let now = ISO8601Timestamp.date(from: "2026-11-22T12:00:00.000Z")!
        #expect(DeliveryVerdict.parseRetryAfter(" 120 ", now: now) == 120)
        #expect(DeliveryVerdict.parseRetryAfter("Sun, 22 Nov 2026 12:01:30 GMT", now: now) == 90)
        #expect(DeliveryVerdict.parseRetryAfter("soon", now: now) == nil)
    }
}
