import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TrackingCore
import TrackingGzip

/// A small, dependency-free HTTP/1.1 server on 127.0.0.1 that stands in for the
/// collector in the dispatcher's tests: real sockets, one thread per connection,
/// every answer closes its connection. It records every batch request and every
/// accepted event, and serves scripted faults in order. The real collector is the
/// `Collector/` package; this one only speaks the wire format (docs/wire-format.md).
///
/// A batch with a rejected event is answered `rejectionStatus` (400) with the
/// per-event verdict, and nothing of that request is stored.
final class CollectorServer: @unchecked Sendable {
    private let lock = NSCondition()
    private let checker: EventChecker
    private let rejectionStatus: Int
    private var listener: Int32 = -1
    private var stopped = false
    private var connections: Set<Int32> = []
    private var faults: [Fault] = []
    private var faultsServed = 0
    private var batchRequestsHeld = 0
    private var heldReleased = false
    private var gzippedRequests = 0
    private var stored: [CollectedEvent] = []
    private var requests: [(requestID: String, status: Int, events: Int, outcome: String)] = []
    private var journeyRequests: [[JSONValue]] = []
    private var journeyBodies: [String] = []
    private var journeyHold: TimeInterval = 0
    private var journeyHeld = 0
    private var journeyAbandoned = 0

    /// Bodies above this are refused with 413 (the dispatcher splits the batch).
    static let maximumBodyBytes = 32 << 20
    static let maximumHeadBytes = 64 << 10

    init(checker: EventChecker = EventChecker(), rejectionStatus: Int = 400) throws {
        self.checker = checker
        self.rejectionStatus = rejectionStatus
    }

    /// Starts listening on a free port of 127.0.0.1; returns it.
    @discardableResult
    func start() async throws -> UInt16 {
        #if canImport(Glibc)
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let socketFD = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketFD >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 128) == 0 else {
            let code = errno
            close(socketFD)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        lock.withLock { listener = socketFD }
        let thread = Thread { [self] in acceptLoop(socketFD) }
        thread.name = "loopback-collector-accept"
        thread.start()
        return UInt16(bigEndian: address.sin_port)
    }

    /// The batch endpoint URL for a port `start()` returned.
    static func batchURL(port: UInt16) -> URL { URL(string: "http://127.0.0.1:\(port)/v1/batch")! }

    /// Closes the listening socket and every open connection; a delayed answer ends at once.
    func stop() async {
        let sockets: [Int32] = lock.withLock {
            stopped = true
            lock.broadcast()
            defer { listener = -1; connections.removeAll() }
            return [listener] + Array(connections)
        }
        for fd in sockets where fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)) }
        if let fd = sockets.first, fd >= 0 { close(fd) }
    }

    // MARK: What tests read and script

    func inject(_ more: [Fault]) async { lock.withLock { faults += more } }

    /// Batch requests that reached a ``Fault/heldUntilReleased`` fault, so far.
    var heldBatchRequests: Int { lock.withLock { batchRequestsHeld } }

    /// Answers every held batch request, and every one held from now on.
    func releaseHeldRequests() {
        lock.withLock {
            heldReleased = true
            lock.broadcast()
        }
    }

    func events(uuid: String? = nil) throws -> [CollectedEvent] {
        lock.withLock { uuid.map { id in stored.filter { $0.uuid == id.lowercased() } } ?? stored }
    }

    func statistics() async throws -> CollectorStatistics {
        lock.withLock {
            CollectorStatistics(requests: requests.count,
                                acceptedRequests: requests.filter { $0.status / 100 == 2 }.count,
                                events: stored.count, distinctUUIDs: Set(stored.map(\.uuid)).count,
                                largestBatch: requests.map(\.events).max() ?? 0,
                                faultsServed: faultsServed, faultsPending: faults.count,
                                gzippedRequests: gzippedRequests)
        }
    }

    /// Every batch request's status and size, in arrival order.
    func requestLog() throws -> [(requestID: String, status: Int, events: Int, outcome: String)] {
        lock.withLock { requests }
    }

    // MARK: Connections

    private func acceptLoop(_ socketFD: Int32) {
        while true {
            let fd = accept(socketFD, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return   // closed by stop()
            }
            let open = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                connections.insert(fd)
                return true
            }
            guard open else { close(fd); return }
            let thread = Thread { [self] in
                serve(fd)
                lock.withLock { _ = connections.remove(fd) }
                close(fd)
            }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = HTTPRequestReader.read(fd, maximumHeadBytes: Self.maximumHeadBytes,
                                                   maximumBodyBytes: Self.maximumBodyBytes) else { return }
        switch request {
        case .tooLarge:
            write(fd, status: 413, body: #"{"error":"body too large"}"#)
        case .malformed:
            write(fd, status: 400, body: #"{"error":"malformed request"}"#)
        case .request(let method, let path, let headers, let body):
            if method == "POST", path == "/v1/journey" {
                journey(fd, headers: headers, body: body)
                return
            }
            guard method == "POST", path == "/v1/batch" else {
                write(fd, status: path == "/health" ? 200 : 404, body: #"{"ok":\#(path == "/health")}"#)
                return
            }
            batch(fd, headers: headers, body: body)
        }
    }

    /// From now on, every `POST /v1/journey` is held this long before it is
    /// answered (and recorded); a client that closes the connection meanwhile
    /// abandons it (``journeyRequestsAbandoned``), and nothing of it is recorded.
    func holdJourneyReports(seconds: TimeInterval) { lock.withLock { journeyHold = seconds } }
    /// Journey requests that were held (``holdJourneyReports(seconds:)``), so far.
    var journeyRequestsHeld: Int { lock.withLock { journeyHeld } }
    /// Held journey requests whose client closed the connection before the answer.
    var journeyRequestsAbandoned: Int { lock.withLock { journeyAbandoned } }

    /// The steps of every `POST /v1/journey` received, one array per request.
    func journeyReports() -> [[JSONValue]] { lock.withLock { journeyRequests } }
    /// The bodies of those requests, as received.
    func journeyReportBodies() -> [String] { lock.withLock { journeyBodies } }

    /// `POST /v1/journey` (docs/collector.md): recorded as posted, answered like the collector.
    private func journey(_ fd: Int32, headers: [String: String], body: [UInt8]) {
        guard headers["content-type"] == "application/json",
              let parsed = try? JSONValue.parse(body), case .array(let steps)? = parsed["steps"] else {
            write(fd, status: 400, body: #"{"error":"expected {\"steps\":[…]}"}"#)
            return
        }
        let hold = lock.withLock { () -> TimeInterval in
            if journeyHold > 0 { journeyHeld += 1 }
            return journeyHold
        }
        if hold > 0, !Self.stillOpen(fd, for: hold, stopped: { self.lock.withLock { self.stopped } }) {
            lock.withLock { journeyAbandoned += 1 }
            return
        }
        lock.withLock {
            journeyRequests.append(steps)
            journeyBodies.append(String(decoding: body, as: UTF8.self))
        }
        write(fd, status: 200, body: #"{"recorded":\#(steps.count),"refused":0}"#)
    }

    private func batch(_ fd: Int32, headers: [String: String], body rawBody: [UInt8]) {
        let requestID = headers["x-request-id"] ?? UUID().uuidString
        if let fault = lock.withLock({ () -> Fault? in
            guard !faults.isEmpty else { return nil }
            faultsServed += 1
            return faults.removeFirst()
        }) {
            if fault.held == true {
                lock.withLock {
                    batchRequestsHeld += 1
                    lock.broadcast()
                    while !stopped, !heldReleased { lock.wait() }
                }
            }
            if let delay = fault.delayMs, delay > 0 {
                let deadline = Date().addingTimeInterval(Double(delay) / 1_000)
                lock.withLock {
                    while !stopped, lock.wait(until: deadline) {}
                }
            }
            if fault.drop == true {
                log(requestID, status: 0, events: 0, outcome: "dropped")
                // A head that promises a body which never comes, then the connection closes.
                send(fd, Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 64\r\n\r\n{".utf8))
                return
            }
            if let status = fault.status {
                log(requestID, status: status, events: 0, outcome: "fault")
                write(fd, status: status, body: fault.body ?? #"{"error":"injected fault \#(status)"}"#,
                      extra: fault.retryAfter.map { ["Retry-After": $0] } ?? [:])
                return
            }
        }
        var body = rawBody
        switch headers["content-encoding"]?.lowercased() {
        case nil, "identity":
            break
        case "gzip":
            // The runtime's inflater, the one the real collector uses; 64 MiB is more than any test sends.
            guard let inflated = try? Gzip.inflate(rawBody, limit: 64 << 20) else {
                log(requestID, status: 400, events: 0, outcome: "bad gzip")
                write(fd, status: 400, body: #"{"error":"the body is not a valid gzip stream"}"#)
                return
            }
            lock.withLock { gzippedRequests += 1 }
            body = inflated
        default:
            log(requestID, status: 415, events: 0, outcome: "encoding")
            write(fd, status: 415, body: #"{"error":"unsupported Content-Encoding (gzip or none)"}"#)
            return
        }
        guard let parsed = try? JSONValue.parse(body), case .array(let items)? = parsed["events"] else {
            log(requestID, status: 400, events: 0, outcome: "malformed")
            write(fd, status: 400, body: #"{"error":"expected {\"sentAt\":…,\"events\":[…]}"}"#)
            return
        }
        var accepted: [CollectedEvent] = []
        var rejected: [(uuid: String, reason: String)] = []
        for item in items {
            switch checker.check(item) {
            case .accepted(let uuid, let name, let violations):
                accepted.append(CollectedEvent(uuid: uuid, eventName: name,
                                               payload: String(decoding: item.encodedBytes, as: UTF8.self),
                                               violations: violations, requestID: requestID))
            case .rejected(let uuid, let reason):
                rejected.append((uuid, reason))
            }
        }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("accepted"); writer.beginArray(); accepted.forEach { writer.value($0.uuid) }; writer.endArray()
        writer.key("rejected"); writer.beginArray()
        for item in rejected {
            writer.beginObject(); writer.key("uuid"); writer.value(item.uuid); writer.key("reason"); writer.value(item.reason); writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        let answer = String(decoding: writer.bytes, as: UTF8.self)
        if !rejected.isEmpty {
            log(requestID, status: rejectionStatus, events: items.count, outcome: "rejected \(rejected.count)")
            write(fd, status: rejectionStatus, body: answer)
            return
        }
        lock.withLock {
            stored += accepted
            requests.append((requestID, 200, items.count, "stored"))
        }
        write(fd, status: 200, body: answer)
    }

    /// Waits `seconds` (or until the server stops); `false` as soon as the
    /// client closes the connection (its request is then abandoned).
    private static func stillOpen(_ fd: Int32, for seconds: TimeInterval, stopped: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var byte: UInt8 = 0
        while Date() < deadline, !stopped() {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 20) > 0 {
                // Readable with nothing to read: the client closed (or reset) the connection.
                if recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) <= 0 { return false }
            }
        }
        return true
    }

    private func log(_ requestID: String, status: Int, events: Int, outcome: String) {
        lock.withLock { requests.append((requestID, status, events, outcome)) }
    }

    private func write(_ fd: Int32, status: Int, body: String, extra: [String: String] = [:]) {
        let bytes = Array(body.utf8)
        var head = "HTTP/1.1 \(status) \(status / 100 == 2 ? "OK" : "Status")\r\n"
        head += "Content-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n"
        for (name, value) in extra { head += "\(name): \(value)\r\n" }
        send(fd, Array((head + "\r\n").utf8) + bytes)
    }

    private func send(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { sendWithoutSignal(fd, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}

/// `send` without SIGPIPE on a socket the client already closed.
private func sendWithoutSignal(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    #else
    return Darwin.send(fd, pointer, count, 0)
    #endif
}
