@testable import ContractGenCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `status --collector`'s own HTTP GET against a real HTTP server on
/// 127.0.0.1 (a one-answer server in this file): the request it sends, a
/// `Content-Length` and a chunked answer, and the messages of 401 and 404.
@Suite struct ArrivalsFetchTests {
    static let body = #"{"format":1,"readAt":"2026-12-07T05:00:00.000Z","since":"2026-12-01","events":[{"event":"addToCart","count":2,"rejected":0,"firstSeen":"a","lastSeen":"b","contractVersions":{"1.0.0":2},"appVersions":{},"violations":{}}]}"#

    /// A server that accepts one connection, records the request and sends `answer`.
    final class OneAnswerServer: @unchecked Sendable {
        let socketDescriptor: Int32
        let port: UInt16
        private let lock = NSLock()
        private var received = ""
        let done = DispatchSemaphore(value: 0)

        init(answer: String) throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
            try #require(bound == 0 && listen(descriptor, 1) == 0)
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
            socketDescriptor = descriptor
            port = UInt16(bigEndian: address.sin_port)
            Thread.detachNewThread { [self] in
                let client = accept(descriptor, nil, nil)
                var request = [UInt8]()
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !request.suffix(4).elementsEqual([13, 10, 13, 10]) {
                    let count = recv(client, &buffer, buffer.count, 0)
                    if count <= 0 { break }
                    request += buffer[0..<count]
                }
                lock.withLock { received = String(decoding: request, as: UTF8.self) }
                let bytes = Array(answer.utf8)
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, 0) }
                close(client)
                close(descriptor)
                done.signal()
            }
        }

        var request: String { lock.withLock { received } }
    }

    @Test func readsAContentLengthAnswerAndSendsTheToken() throws {
        let server = try OneAnswerServer(answer: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(Self.body.utf8.count)\r\n\r\n\(Self.body)")
        let report = try ArrivalsReading.fetch(collector: "http://127.0.0.1:\(server.port)/", since: "2026-12-01T00:00:00Z", token: "s3cret")
        _ = server.done.wait(timeout: .now() + 60)
        #expect(report.events.map(\.event) == ["addToCart"])
        #expect(server.request.hasPrefix("GET /arrivals?since=2026-12-01T00:00:00Z HTTP/1.1\r\n"))
        #expect(server.request.contains("\r\nAuthorization: Bearer s3cret\r\n"))
    }

    @Test func readsAChunkedAnswer() throws {
        let half = Self.body.utf8.count / 2
        let first = String(Self.body.prefix(half)), second = String(Self.body.dropFirst(half))
        let chunked = String(first.utf8.count, radix: 16) + "\r\n" + first + "\r\n" + String(second.utf8.count, radix: 16) + "\r\n" + second + "\r\n0\r\n\r\n"
        let server = try OneAnswerServer(answer: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked)
        let report = try ArrivalsReading.fetch(collector: "http://127.0.0.1:\(server.port)", since: nil, token: nil)
        _ = server.done.wait(timeout: .now() + 60)
        #expect(report.since == "2026-12-01")
        #expect(!server.request.contains("Authorization"))
    }

    @Test(arguments: [
        (401, "401 unauthorized; give the collector's read token (--read-token-file FILE or TRACKING_COLLECTOR_TOKEN)"),
        (404, "404; this collector has no arrivals endpoint"),
        (500, "HTTP 500: boom"),
    ])
    func errorAnswersSayWhatToDo(status: Int, message: String) throws {
        let server = try OneAnswerServer(answer: "HTTP/1.1 \(status) X\r\nContent-Length: 4\r\n\r\nboom")
        do {
            _ = try ArrivalsReading.fetch(collector: "http://127.0.0.1:\(server.port)", since: nil, token: nil)
            Issue.record("HTTP \(status) was read as a report")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
        _ = server.done.wait(timeout: .now() + 60)
    }

    @Test func aClosedPortIsAClearError() throws {
        // Port 1 on loopback: nothing listens there on a test machine.
        do {
            _ = try ArrivalsReading.fetch(collector: "http://127.0.0.1:1", since: nil, token: nil)
            Issue.record("a closed port answered")
        } catch {
            #expect(error.description.contains("cannot connect"), "\(error.description)")
        }
    }
}
