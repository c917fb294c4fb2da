import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TrackingTesting
@testable import TrackingDispatcher

/// A tiny HTTP/1.1 server on 127.0.0.1 that answers the first request of every
/// connection (keeping the connection alive) and drops the connection, without
/// an answer, when a second request arrives on it: what load balancers and
/// servers with short idle timeouts do to kept-alive connections.
///
/// It records every request it read: the declared `Content-Length`, the body
/// bytes that actually arrived (within `bodyTimeout`) and whether the client asked
/// for `Connection: close`. A request whose body does not arrive is answered 400,
/// as a strict server would.
final class KeepAliveDroppingServer: @unchecked Sendable {
    struct Request: Sendable {
        var connection: Int
        var declaredLength: Int
        var received: Int
        var asksToClose: Bool
        var answered: Int?   // status, nil when dropped
    }

    private let lock = NSLock()
    private var log: [Request] = []
    private var listener: Int32 = -1
    private var connections = 0
    private var stopped = false
    let bodyTimeout: TimeInterval
    private(set) var port: UInt16 = 0

    /// `bodyTimeout` only ends a connection whose body never comes: generous, so
    /// a body that is merely late on a busy machine still arrives.
    init(bodyTimeout: TimeInterval = 60) {
        self.bodyTimeout = bodyTimeout
    }

    var requests: [Request] { lock.withLock { log } }

    func start() throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EIO) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let fd = listener
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                let number = lock.withLock { () -> Int in connections += 1; return connections }
                Thread { [self] in serve(client, connection: number) }.start()
            }
        }.start()
    }

    func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/v1/batch")! }

    private func serve(_ fd: Int32, connection: Int) {
        defer { close(fd) }
        var timeout = timeval()
        timeout.tv_sec = .init(bodyTimeout)
        timeout.tv_usec = .init((bodyTimeout - floor(bodyTimeout)) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer: [UInt8] = []
        var served = 0
        while true {
            // The head.
            var headEnd: Int?
            while headEnd == nil {
                if let range = findHeadEnd(buffer) { headEnd = range; break }
                guard readMore(fd, into: &buffer) else { return }
            }
            let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
            buffer.removeFirst(headEnd! + 4)
            let fields = head.split(separator: "\r\n").compactMap { line -> (name: String, value: String)? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                return (parts[0].lowercased(), parts[1].trimmingCharacters(in: .whitespaces))
            }
            let declared = fields.first { $0.name == "content-length" }.flatMap { Int($0.value) } ?? 0
            let asksToClose = fields.contains { $0.name == "connection" && $0.value.lowercased() == "close" }
            served += 1
            if served >= 2 {
                // A second request on a kept-alive connection: read it, then drop the connection.
                while buffer.count < declared, readMore(fd, into: &buffer) {}
                record(Request(connection: connection, declaredLength: declared, received: min(buffer.count, declared),
                               asksToClose: asksToClose, answered: nil))
                return
            }
            while buffer.count < declared, readMore(fd, into: &buffer) {}
            let received = min(buffer.count, declared)
            buffer.removeFirst(received)
            let status = received == declared ? 200 : 400
            record(Request(connection: connection, declaredLength: declared, received: received, asksToClose: asksToClose,
                           answered: status))
            let body = status == 200 ? "{}" : "{\"error\":\"body shorter than Content-Length\"}"
            let answer = "HTTP/1.1 \(status) X\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: keep-alive\r\n\r\n\(body)"
            _ = answer.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            if status != 200 { return }
        }
    }

    private func record(_ request: Request) { lock.withLock { log.append(request) } }

    private func readMore(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &chunk, chunk.count, 0)
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private func findHeadEnd(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}

@Suite("Kept-alive connections dropped by the server", .timeLimit(.minutes(10)))
struct KeepAliveDropTests {
    /// What this project does about kept-alive connections, whatever the platform's
    /// URLSession does with one that is dropped (FoundationNetworking re-sends a
    /// request without its body; see `HTTPTransport.reusesConnectionsByDefault`):
    /// without reuse, no request ever meets a connection the server may drop.
    @Test("Without connection reuse (the default on Linux), each request goes on a connection of its own, asking the server to close it")
    func eachRequestOnItsOwnConnection() async throws {
        #if canImport(FoundationNetworking)
        #expect(!HTTPTransport.reusesConnectionsByDefault)
        #endif
        let server = KeepAliveDroppingServer()
        try server.start()
        defer { server.stop() }
        let transport = HTTPTransport(endpoint: server.url, timeout: 60, headers: [:], gzipThreshold: nil, reusesConnections: false)
        var results: [String] = []
        for index in 0..<3 {
            switch await transport.post(Array(#"{"events":[]}"#.utf8), requestID: "r\(index)") {
            case .response(let status, _, _): results.append("\(status)")
            case .failure(let reason): results.append(reason)
            }
        }
        transport.invalidate()
        let requests = server.requests
        #expect(results == ["200", "200", "200"], "\(requests)")
        #expect(requests.count == 3)
        #expect(Set(requests.map(\.connection)).count == requests.count, "a connection carried two requests: \(requests)")
        for request in requests {
            #expect(request.asksToClose, "a request without Connection: close: \(requests)")
            #expect(request.declaredLength > 0 && request.received == request.declaredLength, "\(requests)")
        }
    }

    @Test("The dispatcher against a server that drops kept-alive connections: every request carries its body, nothing set aside")
    func droppedKeptAliveConnection() async throws {
        let server = KeepAliveDroppingServer()
        try server.start()
        defer { server.stop() }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let provider = CollectorProvider(endpoint: server.url, gzipAbove: nil)
        let client = TrackingClient(
            configuration: DispatcherConfiguration(
                databaseURL: directory.database, batch: BatchConfiguration(deliverySize: 2), strategies: [.manual],
                retry: RetryPolicy(minimumRequestInterval: 0, requestTimeout: 60), contract: .standard),
            providers: [provider], globals: StaticGlobals(), clock: ManualClock())
        for _ in 0..<6 { client.track(TestEvent()) }
        let summary = await client.flush()
        let requests = server.requests
        #expect(requests.count >= 3)
        for request in requests {
            #expect(request.declaredLength > 0, "a request without a Content-Length: \(requests)")
            #expect(request.received == request.declaredLength, "a request arrived without its body: \(requests)")
        }
        #expect(summary.setAside == 0)
        #expect(summary.delivered == 6)
        #expect(try await client.storeCounts().total == 0)
        await client.shutdown()
    }
}
