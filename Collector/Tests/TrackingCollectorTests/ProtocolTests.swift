import Foundation
import Testing
import TrackingCore
import TrackingGzip
@testable import TrackingCollectorKit

/// Issue 25, "Protocol correctness": what RFC 9112 and RFC 1952 require, over raw
/// sockets so that every byte of the answer (and whether the connection closes) is seen.
@Suite("Protocol correctness", .timeLimit(.minutes(10)))
struct ProtocolTests {
    static func request(_ line: String, _ headers: [String], body: [UInt8] = []) -> [UInt8] {
        Array((([line] + headers).joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    /// A collector whose idle connections stay open for an hour: a connection that
    /// closes in these tests was closed on purpose, not for being idle.
    static func start(_ configure: (inout CollectorConfiguration) -> Void = { _ in }) async throws -> RunningCollector {
        try await RunningCollector.start {
            $0.limits.idleTimeout = 3_600
            configure(&$0)
        }
    }

    @Test("A malformed chunked body is answered 400, not 413 (the dispatcher halves its page on 413)")
    func malformedChunked() async throws {
        let collector = try await Self.start()
        let head = ["Host: 127.0.0.1", "Content-Type: application/json", "Transfer-Encoding: chunked"]
        for body in ["zz\r\n{}\r\n0\r\n\r\n",          // not a hex size
                     "2\r\n{}XX0\r\n\r\n",              // data not followed by CRLF
                     "2\r\n{}\r\n0\r\n\rX",             // the last line's CR without its LF
                     "2\n{}\r\n0\r\n\r\n"] {             // a size line ended by LF alone
            let answer = try await RawHTTP.exchange(port: collector.port,
                                                    Self.request("POST /v1/batch HTTP/1.1", head, body: Array(body.utf8)))
            #expect(answer.status == 400, "\(body.debugDescription): \(answer.text.prefix(200))")
            #expect(answer.text.contains("chunked"))
        }
        // Well-formed chunks still arrive whole.
        let batchText = batch([exampleEvent()])
        let chunked = "\(String(batchText.utf8.count, radix: 16))\r\n\(batchText)\r\n0\r\n\r\n"
        let good = try await RawHTTP.exchange(port: collector.port,
                                              Self.request("POST /v1/batch HTTP/1.1", head + ["Connection: close"], body: Array(chunked.utf8)))
        #expect(good.status == 200)
        await collector.stop()
    }

    @Test("A gzip body of several members is read as zcat reads it; a member followed by garbage is refused")
    func gzipMembers() async throws {
        let collector = try await Self.start()
        let uuid = UUID().uuidString.lowercased()
        let text = Array(batch([exampleEvent(uuid: uuid)]).utf8)
        let split = text.count / 2
        // What `cat first.gz second.gz` makes.
        let members = try #require(Gzip.compress(Array(text[..<split]))) + #require(Gzip.compress(Array(text[split...])))
        let head = ["Host: 127.0.0.1", "Content-Type: application/json", "Content-Encoding: gzip", "Connection: close"]
        let accepted = try await RawHTTP.exchange(port: collector.port,
                                                  Self.request("POST /v1/batch HTTP/1.1", head + ["Content-Length: \(members.count)"], body: members))
        #expect(accepted.status == 200, "\(accepted.text.prefix(300))")
        #expect(try await collector.service.events(uuid: uuid).count == 1)

        for trailing in [Array("garbage".utf8), [0, 0, 0, 0], Array(try #require(Gzip.compress(text)).dropLast(2))] {
            let body = try #require(Gzip.compress(Array(batch([exampleEvent()]).utf8))) + trailing
            let refused = try await RawHTTP.exchange(port: collector.port,
                                                     Self.request("POST /v1/batch HTTP/1.1", head + ["Content-Length: \(body.count)"], body: body))
            #expect(refused.status == 400, "\(refused.text.prefix(300))")
            #expect(refused.text.contains("gzip"))
        }
        #expect(try await collector.service.statistics().events == 1)
        await collector.stop()
    }

    @Test("A request without Host, or with two, is answered 400 (RFC 9112, 3.2); HTTP/1.0 may omit it")
    func hostHeader() async throws {
        let collector = try await Self.start()
        let missing = try await RawHTTP.exchange(port: collector.port, Self.request("GET /health HTTP/1.1", []))
        #expect(missing.status == 400)
        #expect(missing.text.contains("Host"))
        let two = try await RawHTTP.exchange(port: collector.port, Self.request("GET /health HTTP/1.1", ["Host: 127.0.0.1", "host: localhost"]))
        #expect(two.status == 400)
        let twoOld = try await RawHTTP.exchange(port: collector.port, Self.request("GET /health HTTP/1.0", ["Host: 127.0.0.1", "Host: 127.0.0.1"]))
        #expect(twoOld.status == 400)
        let old = try await RawHTTP.exchange(port: collector.port, Self.request("GET /health HTTP/1.0", []))
        #expect(old.status == 200, "\(old.text.prefix(300))")
        await collector.stop()
    }

    @Test("An HTTP/1.0 request without keep-alive has its connection closed after the answer; with keep-alive it stays open")
    func http10Close() async throws {
        let collector = try await Self.start()
        // The read ends only at EOF: the collector closes (idle connections would stay an hour).
        let closed = try await RawHTTP.exchange(port: collector.port, Self.request("GET /health HTTP/1.0", ["Host: 127.0.0.1"]))
        #expect(closed.status == 200)
        #expect(closed.text.hasSuffix(#"{"ok":true}"#))
        // A large answer is written whole before the close.
        let batchText = batch([exampleEvent(extra: #","padding":"\#(String(repeating: "p", count: 200_000))""#)])
        #expect(try await collector.post("/v1/batch", batchText).0 == 200)
        let list = try await RawHTTP.exchange(port: collector.port, Self.request("GET /events HTTP/1.0", ["Host: 127.0.0.1"]))
        #expect(list.status == 200)
        let listBody = try #require(RawHTTP.body(of: list.text))
        #expect(try JSONValue.parse(Array(listBody.utf8))["events"]?[0]?["uuid"] != nil)
        // Keep-alive: both answers on one connection, then Connection: close ends it.
        let kept = try await RawHTTP.exchange(port: collector.port,
                                              Self.request("GET /health HTTP/1.0", ["Host: 127.0.0.1", "Connection: keep-alive"])
                                                  + Self.request("GET /health HTTP/1.1", ["Host: 127.0.0.1", "Connection: close"]))
        #expect(kept.text.components(separatedBy: #"{"ok":true}"#).count == 3, "\(kept.text)")
        await collector.stop()
    }

    @Test("A fault with status 1xx, or 204/304 with a body, is refused when queued; 204 is answered without a body")
    func bodylessFaults() async throws {
        let collector = try await Self.start { $0.enableFaults = true }
        for fault in [#"{"status":204,"body":"x"}"#, #"{"status":304,"body":"{}"}"#, #"{"status":100}"#, #"{"status":101}"#,
                      #"[{"status":503},{"status":199}]"#] {
            let (status, _, answer) = try await collector.post("/faults", fault)
            #expect(status == 400, "\(fault)")
            #expect(answer?["error"]?.stringValue?.isEmpty == false)
        }
        #expect(try await collector.service.statistics().faultsPending == 0)
        #expect(try await collector.post("/faults", #"[{"status":204},{"status":304}]"#).0 == 200)
        // Each answer ends at its head, and the connection stays in step for the request after it.
        let batchText = Array(batch([exampleEvent()]).utf8)
        let post = Self.request("POST /v1/batch HTTP/1.1", ["Host: 127.0.0.1", "Content-Type: application/json",
                                                            "Content-Length: \(batchText.count)"], body: batchText)
        let answer = try await RawHTTP.exchange(port: collector.port,
                                                post + post + Self.request("GET /health HTTP/1.1", ["Host: 127.0.0.1", "Connection: close"]))
        let parts = answer.text.components(separatedBy: "HTTP/1.1 ")
        #expect(parts.dropFirst().map { $0.prefix(3) } == ["204", "304", "200"], "\(answer.text)")
        #expect(parts.count == 4 && !parts[1].contains("{") && !parts[2].contains("{"))
        #expect(answer.text.hasSuffix(#"{"ok":true}"#))
        await collector.stop()
    }
}
