import CollectorResponses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Testing
import TrackingContract
import TrackingCore
@testable import TrackingCollectorKit

/// A collector on 127.0.0.1 with in-memory SQLite (or the storage given), for one test.
struct RunningCollector {
    let service: CollectorService
    let port: Int
    let logs: LogCapture

    static func start(_ configure: (inout CollectorConfiguration) -> Void = { _ in },
                      storage: (any EventStorage)? = nil,
                      contract: LoadedContract = .example) async throws -> RunningCollector {
        var configuration = CollectorConfiguration()
        configure(&configuration)
        let logs = LogCapture()
        let service = CollectorService(configuration: configuration, storage: try storage ?? SQLiteStorage(path: nil),
                                       contract: contract, logger: logs.logger)
        let port = try await service.start()
        return RunningCollector(service: service, port: port, logs: logs)
    }

    var base: URL { URL(string: "http://127.0.0.1:\(port)")! }
    var batchURL: URL { CollectorService.batchURL(port: port) }

    func stop() async { await service.stop(timeout: 2) }

    /// One HTTP exchange through URLSession: status, headers, body as JSON when it parses.
    func request(_ method: String, _ path: String, body: [UInt8]? = nil,
                 headers: [String: String] = ["Content-Type": "application/json"]) async throws -> (Int, [String: String], JSONValue?) {
        var request = URLRequest(url: URL(string: path, relativeTo: base)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0) }
        request.setValue("", forHTTPHeaderField: "Expect")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] { fields[String(describing: name).lowercased()] = String(describing: value) }
        return (http?.statusCode ?? 0, fields, try? JSONValue.parse(Array(data)))
    }

    func post(_ path: String, _ text: String, headers: [String: String] = ["Content-Type": "application/json"]) async throws -> (Int, [String: String], JSONValue?) {
        try await request("POST", path, body: Array(text.utf8), headers: headers)
    }
}

extension JSONValue {
    /// This answer read as `shape`, one of the collector's answer shapes (CollectorResponses),
    /// with the description the collector writes it by.
    func decoded<Shape: Decodable>(as shape: Shape.Type) throws -> Shape {
        try JSONValueDecoding.decode(shape, from: self)
    }
}

extension LoadedContract {
    /// The example contract (contract/contract.yaml, as built into TrackingContract).
    static let example = LoadedContract(name: Omnitracking.descriptor.name, version: Omnitracking.descriptor.version,
                                        descriptor: Omnitracking.descriptor)
}

/// A valid wishlistPageView of the example contract, as the dispatcher would send it.
func exampleEvent(uuid: String = UUID().uuidString.lowercased(), viewType: String = "Wishlist",
                  timestamp: String = "2026-11-22T12:00:00.000Z", extra: String = "") -> String {
    #"{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"\#(uuid)","clientTimestamp":"\#(timestamp)","viewType":"\#(viewType)","uniqueViewId":"00000000-0000-4000-8000-000000000001","skuItemList":["1234"]\#(extra)}"#
}

func batch(_ events: [String]) -> String { #"{"sentAt":"2026-11-22T12:00:01.000Z","events":[\#(events.joined(separator: ","))]}"# }

/// Captures log lines (the collector's one line per batch, reload notices).
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func append(_ line: String) { lock.withLock { lines.append(line) } }

    var logger: Logger {
        Logger(label: "test") { _ in CaptureHandler(capture: self) }
    }

    struct CaptureHandler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) { capture.append("\(event.level): \(event.message)") }
    }
}

/// Runs blocking work (a socket, a pipe, a child process) on a thread of its own and
/// awaits it. Never block a task instead: the Swift concurrency pool has one thread per
/// core (two here), the collector under test runs its request handlers on that pool in
/// this same process, and other suites run in parallel. A client blocked in `send`
/// on a pool thread while another suite blocks the other one leaves nobody to consume
/// the body it sends; Hummingbird's backpressure then stops reading the socket, and
/// client and server wait on each other until the idle timeout (issue 13's intermittent
/// chunked 413).
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Raw bytes over a socket, for what URLSession will not send (huge lines, slow
/// requests, half requests) and to see exactly how the collector answers.
enum RawHTTP {
    struct Answer {
        /// The status of the answer's first line; `nil` when the connection closed without one.
        var status: Int?
        var text: String
    }

    /// A connected socket; `receiveBuffer` makes the kernel's buffer small (set before
    /// connecting), for a client that reads slowly.
    static func connect(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer { setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
        // Bounded both ways: a server that stops reading fails the test, it does not hang it.
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// Sends as much of `bytes` as the server takes (it may close early), then reads the answer to EOF,
    /// on a thread of its own (see `offPool`): the collector under test runs in this process.
    static func exchange(port: Int, _ bytes: [UInt8]) async throws -> Answer {
        try await offPool { try exchangeBlocking(port: port, bytes) }
    }

    /// `exchange` on the calling thread: never call it from a task (it blocks the thread).
    static func exchangeBlocking(port: Int, _ bytes: [UInt8]) throws -> Answer {
        let fd = try connect(port: port)
        defer { close(fd) }
        send(fd, bytes)
        let text = readAll(fd)
        return Answer(status: status(of: text), text: text)
    }

    @discardableResult
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Int {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, min($0.count, 1 << 16), Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            offset += count
        }
        return offset
    }

    static func readAll(_ fd: Int32, limit: Int = 4 << 20) -> String {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while result.count < limit {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            result += chunk[0..<count]
        }
        return String(decoding: result, as: UTF8.self)
    }

    static func status(of text: String) -> Int? {
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }
}

extension JSONValue {
    /// The array element at `index`, for reading answers in tests.
    subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}

/// Holds all but one thread of the concurrency pool in blocking waits until `release()`,
/// as a suite running in parallel does while it blocks in a pipe read or a child
/// process: a test's parallel conditions made explicit, so a test that needs the pool
/// (an in-process collector) and blocks it too fails every time, not now and then.
final class PoolSqueeze: Sendable {
    private let gate = DispatchSemaphore(value: 0)
    let threads: Int

    /// Blocks `threads` pool threads (all but one by default), one after the other.
    init(threads: Int = max(ProcessInfo.processInfo.activeProcessorCount - 1, 0)) async {
        self.threads = threads
        for _ in 0..<threads {
            await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
                Task.detached { [gate] in
                    started.resume()
                    gate.wait()
                }
            }
        }
    }

    func release() {
        for _ in 0..<threads { gate.signal() }
    }
}
