import CollectorResponses
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// Issue 25, "Capacity that one client can take away": readers, idle connections and
/// a client reconnecting at will cannot keep a batch from being served, and a list of
/// any length reaches a slow reader whole, in bounded memory. Real connections on
/// 127.0.0.1; every assertion is on what is observed, none on how long it took.
@Suite("Capacity", .timeLimit(.minutes(10)), .serialized)
struct CapacityTests {
    static func request(_ line: String, _ headers: [String] = ["Host: 127.0.0.1"], body: [UInt8] = []) -> [UInt8] {
        Array((([line] + headers).joined(separator: "\r\n") + "\r\n\r\n").utf8) + body
    }

    static func batchRequest(uuid: String = UUID().uuidString.lowercased()) -> [UInt8] {
        let body = Array(batch([exampleEvent(uuid: uuid)]).utf8)
        return request("POST /v1/batch HTTP/1.1", ["Host: 127.0.0.1", "Content-Type: application/json", "Connection: close",
                                                   "Content-Length: \(body.count)"], body: body)
    }

    @Test("Idle connections, three times the limit (a client reconnecting at will), make room: a batch is served while they stay open")
    func idleConnectionsMakeRoom() async throws {
        let collector = try await RunningCollector.start {
            $0.limits.idleTimeout = 3_600   // only making room closes them
            $0.limits.maxConnections = 8
            $0.limits.maxStreams = 2
            $0.limits.maxConcurrentReads = 2
        }
        let idle = try (0..<24).map { _ in try RawHTTP.connect(port: collector.port) }
        defer { idle.forEach { close($0) } }
        let answer = try await RawHTTP.exchange(port: collector.port, Self.batchRequest())
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(collector.service.registry.evictions >= 1)
        // The longest idle was closed by the collector (EOF, not the read timeout).
        #expect(try await offPool { RawHTTP.closedByPeer(idle[0]) })
        await collector.stop()
    }

    @Test("Hundreds of monitor streams: a bounded number is served, the rest answered 503; a batch still goes through and reaches the open streams")
    func manyStreams() async throws {
        let collector = try await RunningCollector.start {
            $0.limits.idleTimeout = 3_600
            $0.limits.maxConnections = 64
            $0.limits.maxStreams = 8
            $0.limits.maxConcurrentReads = 4
        }
        let port = collector.port
        let streams = try (0..<200).map { _ in
            let fd = try RawHTTP.connect(port: port)
            RawHTTP.send(fd, Self.request("GET /monitor/stream HTTP/1.1"))
            return fd
        }
        defer { streams.forEach { close($0) } }
        let uuid = UUID().uuidString.lowercased()
        let answer = try await RawHTTP.exchange(port: port, Self.batchRequest(uuid: uuid))
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(collector.service.feed.subscriberCount == 8)
        // Each open stream receives the batch's event.
        var open: [Int32] = []
        var seen: [Int32: String] = [:]
        while open.count < 8 {
            for fd in streams where !open.contains(fd) {
                seen[fd, default: ""] += RawHTTP.readAvailable(fd)
                if seen[fd]?.contains("text/event-stream") == true { open.append(fd) }
            }
            if open.count < 8 { try await Task.sleep(for: .milliseconds(50)) }
        }
        for fd in open {
            let before = seen[fd] ?? ""
            let text = try await offPool { RawHTTP.read(fd, until: uuid, after: before) }
            #expect(text.contains(#""uuid":"\#(uuid)""#))
        }
        let refused = try await RawHTTP.exchange(port: port, Self.request("GET /monitor/stream HTTP/1.1", ["Host: 127.0.0.1", "Connection: close"]))
        #expect(refused.status == 503)
        #expect(refused.text.lowercased().contains("retry-after"))
        await collector.stop()
    }

    @Test("A monitor stream ends after maxStreamSeconds and gives its place back")
    func streamEnds() async throws {
        let collector = try await RunningCollector.start {
            $0.limits.idleTimeout = 3_600
            $0.limits.maxStreamSeconds = 1
        }
        // Read to EOF: the stream ended, then the connection (Connection: close).
        let answer = try await RawHTTP.exchange(port: collector.port,
                                                Self.request("GET /monitor/stream HTTP/1.1", ["Host: 127.0.0.1", "Connection: close"]))
        #expect(answer.status == 200)
        #expect(answer.text.contains(": connected"))
        #expect(answer.text.hasSuffix("0\r\n\r\n"))
        while collector.service.feed.subscriberCount > 0 { try await Task.sleep(for: .milliseconds(20)) }
        await collector.stop()
    }

    @Test("A slow reader gets the whole 20 MB list past the idle timeout; meanwhile reads beyond the budget get 503 and a batch goes through; writes stay at one page")
    func slowReader() async throws {
        let storage = try SQLiteStorage(path: nil)
        let padding = String(repeating: "x", count: 2_000)
        for chunk in 0..<10 {
            let events = (0..<1_000).map { index in
                CollectedEvent(uuid: UUID().uuidString.lowercased(), eventName: "wishlistPageView", kind: "pageView",
                               payload: #"{"n":\#(chunk * 1_000 + index),"padding":"\#(padding)"}"#, violations: [],
                               requestID: "r\(chunk)", receivedAt: Date())
            }
            _ = try await storage.ingest(IngestBatch(accepted: events, rejected: [],
                                                     request: RequestRecord(requestID: "r\(chunk)", status: 200, events: 1_000, bytes: 0,
                                                                            outcome: "stored", receivedAt: Date())))
        }
        let collector = try await RunningCollector.start({
            $0.limits.idleTimeout = 1
            $0.limits.maxConcurrentReads = 1
            $0.showPII = true   // the padding as stored (masked, it would be a few bytes)
        }, storage: storage)
        let fd = try RawHTTP.connect(port: collector.port, receiveBuffer: 8_192)
        defer { close(fd) }
        RawHTTP.send(fd, Self.request("GET /events?limit=10000 HTTP/1.1", ["Host: 127.0.0.1", "Connection: close"]))
        let start = try await offPool { RawHTTP.read(fd, until: "\r\n\r\n", after: "") }
        #expect(start.hasPrefix("HTTP/1.1 200"))
        // The answer is far larger than the socket buffers: it is still being written.
        let other = try await collector.request("GET", "/events?limit=1")
        #expect(other.0 == 503)
        #expect(other.1["retry-after"] == "1")
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()])).0 == 200)
        // Slower than the idle timeout: the last bytes are read seconds after they were written.
        let whole = try await offPool { RawHTTP.readSlowly(fd, after: start) }
        let body = try #require(RawHTTP.body(of: whole))
        #expect(body.utf8.count > 20_000_000)
        let list = try JSONValueDecoding.decode(EventList.self, from: Array(body.utf8))
        #expect(list.events.count == 10_000)
        #expect(try list.events.last?.payload.value["n"] == .number("9999"))
        #expect(list.next == 10_000)
        let largest = collector.service.largestListWrite.get()
        #expect(largest <= 1 << 20, "largest single write \(largest) bytes")
        // The permit was given back.
        #expect(try await collector.request("GET", "/events?limit=1").0 == 200)
        await collector.stop()
    }

    @Test("Lists page with a cursor: next continues where a page ended; the snapshot shows the newest events and rejections")
    func cursorAndNewest() async throws {
        let collector = try await RunningCollector.start { $0.showPII = true }   // rejected uuids as sent
        let uuids = (0..<7).map { _ in UUID().uuidString.lowercased() }
        #expect(try await collector.post("/v1/batch", batch(uuids.map { exampleEvent(uuid: $0) })).0 == 200)
        let broken = (0..<5).map { #"{"event":"wishlistPageView","uuid":"not-\#($0)"}"# }
        #expect(try await collector.post("/v1/batch", batch(broken)).0 == 200)
        var listed: [String] = []
        var after = 0
        while true {
            let (status, _, page) = try await collector.request("GET", "/events?limit=3&after=\(after)")
            #expect(status == 200)
            let list = try #require(page).decoded(as: EventList.self)
            guard !list.events.isEmpty else { break }
            listed += list.events.map(\.uuid)
            after = list.next
        }
        #expect(listed == uuids)
        let (_, _, rejected) = try await collector.request("GET", "/rejected?limit=2&offset=1")
        #expect(try #require(rejected).decoded(as: RejectedList.self).rejected.first?.uuid == "not-1")
        let (_, _, snapshotAnswer) = try await collector.request("GET", "/monitor/snapshot?limit=2")
        let snapshot = try #require(snapshotAnswer).decoded(as: MonitorSnapshot.self)
        #expect(snapshot.items.map(\.uuid) == Array(uuids.suffix(2)) + ["not-3", "not-4"])
        #expect(snapshot.contract.name == LoadedContract.example.name)
        await collector.stop()
    }

    @Test("Limits that leave batches no connection are refused at start")
    func budgetsChecked() async throws {
        var configuration = CollectorConfiguration()
        configuration.limits.maxConnections = 40
        let service = CollectorService(configuration: configuration, storage: try SQLiteStorage(path: nil), contract: .example)
        await #expect(throws: CollectorStartError.self) { try await service.start() }
    }
}

extension RawHTTP {
    /// Whether the collector closed `fd` (EOF), rather than the read timing out.
    static func closedByPeer(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        while true {
            let count = recv(fd, &byte, 1, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    /// What has arrived on `fd`, without waiting.
    static func readAvailable(_ fd: Int32) -> String {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count <= 0 { break }
            result += chunk[0..<count]
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Reads until the text (`after` and what follows) contains `marker`, EOF or the read timeout.
    static func read(_ fd: Int32, until marker: String, after: String) -> String {
        var text = after
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while !text.contains(marker) {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            text += String(decoding: chunk[0..<count], as: UTF8.self)
        }
        return text
    }

    /// Reads to EOF, pausing 50 ms every 128 KiB: a reader far slower than the collector writes.
    static func readSlowly(_ fd: Int32, after: String) -> String {
        var result = Array(after.utf8)
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var sincePause = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            result += chunk[0..<count]
            sincePause += count
            if sincePause >= 128 * 1_024 {
                sincePause = 0
                usleep(50_000)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The body of the first answer in `text`: by `Content-Length`, chunked (decoded;
    /// `nil` when the last chunk is missing: a cut answer), or to the end.
    static func body(of text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let headEnd = bytes.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else { return nil }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
        var rest = bytes[headEnd...]
        if head.contains("transfer-encoding: chunked") {
            var body: [UInt8] = []
            while let lineEnd = rest.firstRange(of: Array("\r\n".utf8)) {
                guard let size = Int(String(decoding: rest[rest.startIndex..<lineEnd.lowerBound], as: UTF8.self), radix: 16) else { return nil }
                if size == 0 { return String(decoding: body, as: UTF8.self) }
                let start = lineEnd.upperBound
                guard rest.endIndex - start >= size + 2 else { return nil }
                body += rest[start..<start + size]
                rest = rest[(start + size + 2)...]
            }
            return nil
        }
        if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
           let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) {
            guard rest.count >= length else { return nil }
            return String(decoding: rest.prefix(length), as: UTF8.self)
        }
        return String(decoding: rest, as: UTF8.self)
    }
}
