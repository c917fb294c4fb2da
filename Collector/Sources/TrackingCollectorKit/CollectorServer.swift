import FlyingFox
import FlyingSocks
import Foundation
import TrackingCore
import TrackingDispatcher

/// The local collector: an HTTP server on 127.0.0.1 that accepts batches,
/// validates every event, stores them in SQLite and answers queries; it injects
/// faults on demand. The `tracking-collector` executable is a thin shell over
/// this type, and tests start it in-process.
///
/// Endpoints:
/// - `POST /v1/batch` `{"sentAt":…,"events":[…]}` -> 200 `{"accepted":[uuid…],"rejected":[],"violations":[{"uuid","violations":[…]}]}`,
///   or 400 with the same shape when any event is rejected (then nothing of that request is stored).
/// - `GET /events[?uuid=…&limit=…&offset=…]`, `DELETE /events` (also forgets requests and faults).
/// - `GET /stats`, `GET /requests`, `GET /health`.
/// - `POST /faults` (a fault or an array of faults, served in order to the next batch requests), `DELETE /faults`.
public final class CollectorServer: Sendable {
    private let store: CollectorStore
    private let state: CollectorState
    private let server: HTTPServer
    private let requestedPort: UInt16
    private let runTask = TaskBox()

    /// - Parameters:
    ///   - port: the port on 127.0.0.1; 0 picks a free one (see `start()`'s result).
    ///   - databasePath: the SQLite file for received events; `nil` keeps them in memory.
    ///   - checker: how events are validated.
    public init(port: UInt16 = 0, databasePath: String? = nil, checker: EventChecker = EventChecker()) throws {
        store = try CollectorStore(path: databasePath ?? ":memory:")
        state = CollectorState(checker: checker)
        requestedPort = port
        let address = try sockaddr_in.inet(ip4: "127.0.0.1", port: port)
        server = HTTPServer(address: address, timeout: 60, logger: .disabled)
    }

    /// Starts listening; returns the bound port.
    @discardableResult
    public func start() async throws -> UInt16 {
        await registerRoutes()
        let server = self.server
        runTask.set(Task { try? await server.run() })
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress else { return requestedPort }
        return port
    }

    /// The batch endpoint URL for a port `start()` returned.
    public static func batchURL(port: UInt16) -> URL { URL(string: "http://127.0.0.1:\(port)/v1/batch")! }

    /// Stops listening, gives open connections `timeout` seconds to finish, then
    /// cancels the server task and closes the database.
    ///
    /// Bounded: FlyingFox's `stop` waits for its server task after cancelling it, and
    /// a connection handler that does not react to cancellation (a client's idle
    /// keep-alive connection, a socket wait the pool misses) would hold it, and the
    /// caller, forever. `stop()` waits at most `timeout` plus two seconds; the
    /// listening socket is closed at once either way.
    public func stop(timeout: TimeInterval = 0.2) async {
        let server = self.server
        let stopping = Task { await server.stop(timeout: timeout) }
        await Self.wait(for: stopping, atMost: timeout + 2)
        runTask.take()?.cancel()
        store.close()
    }

    /// Awaits `task`, or returns after `seconds` without it (the task keeps running).
    static func wait(for task: Task<Void, Never>, atMost seconds: TimeInterval) async {
        let once = ResumeOnce()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            once.set(continuation)
            Task {
                await task.value
                once.resume()
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { once.resume() }
        }
    }

    // MARK: In-process access (tests)

    public func events(uuid: String? = nil) throws -> [CollectedEvent] { try store.events(uuid: uuid, limit: .max) }

    public func inject(_ faults: [Fault]) async { await state.append(faults) }

    public func clearFaults() async { await state.clearFaults() }

    /// Statistics as `GET /stats` reports them.
    public func statistics() async throws -> CollectorStatistics {
        let counts = try store.counts()
        let requests = try store.requests()
        return CollectorStatistics(requests: counts.requests,
                                   acceptedRequests: requests.filter { $0.status / 100 == 2 }.count,
                                   events: counts.events, distinctUUIDs: counts.distinct,
                                   largestBatch: requests.map(\.events).max() ?? 0,
                                   faultsServed: await state.faultsServed, faultsPending: await state.faultsPending,
                                   gzippedRequests: await state.gzippedRequests)
    }

    /// Every request's status and size, in arrival order.
    public func requestLog() throws -> [(requestID: String, status: Int, events: Int, outcome: String)] {
        try store.requests().map { ($0.requestID, $0.status, $0.events, $0.outcome) }
    }

    // MARK: Routes

    private func registerRoutes() async {
        let store = self.store
        let state = self.state
        await server.appendRoute("POST /v1/batch") { request in
            var body = try await request.bodyData
            let requestID = request.headers[HTTPHeader("X-Request-ID")] ?? UUID().uuidString
            switch request.headers[HTTPHeader("Content-Encoding")]?.lowercased() {
            case nil, "identity":
                break
            case "gzip":
                guard let inflated = try? GzipInflater.inflate(Array(body)) else {
                    try? store.logRequest(id: requestID, status: 400, events: 0, bytes: body.count, outcome: "bad gzip", at: Date())
                    return Self.json(400, Array(#"{"error":"the body is not a valid gzip stream","accepted":[],"rejected":[]}"#.utf8))
                }
                await state.countGzipped()
                body = Data(inflated)
            case let other?:
                try? store.logRequest(id: requestID, status: 415, events: 0, bytes: body.count, outcome: "encoding \(other)", at: Date())
                return Self.json(415, Array(#"{"error":"unsupported Content-Encoding (gzip or none)"}"#.utf8))
            }
            return await Self.ingest(body, requestID: requestID, store: store, state: state)
        }
        await server.appendRoute("GET /events") { request in
            let limit = request.query["limit"].flatMap(Int.init) ?? 10_000
            let offset = request.query["offset"].flatMap(Int.init) ?? 0
            let events = try store.events(uuid: request.query["uuid"], limit: limit, offset: offset)
            var writer = JSONWriter()
            writer.beginObject()
            writer.key("events")
            writer.beginArray()
            for event in events {
                writer.beginObject()
                writer.key("uuid"); writer.value(event.uuid)
                writer.key("event"); writer.value(event.eventName)
                writer.key("requestId"); writer.value(event.requestID)
                writer.key("violations"); writer.beginArray(); event.violations.forEach { writer.value($0) }; writer.endArray()
                writer.key("payload"); writer.rawValue(event.payload.utf8)
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
            return Self.json(200, writer.bytes)
        }
        await server.appendRoute("DELETE /events") { _ in
            try store.reset()
            await state.clearFaults()
            return Self.json(200, Array(#"{"ok":true}"#.utf8))
        }
        await server.appendRoute("GET /stats") { [self] _ in
            let stats = try await statistics()
            return Self.json(200, Array(try JSONEncoder().encode(stats)))
        }
        await server.appendRoute("GET /requests") { _ in
            var writer = JSONWriter()
            writer.beginArray()
            for record in try store.requests() {
                writer.beginObject()
                writer.key("requestId"); writer.value(record.requestID)
                writer.key("status"); writer.value(record.status)
                writer.key("events"); writer.value(record.events)
                writer.key("bytes"); writer.value(record.bytes)
                writer.key("outcome"); writer.value(record.outcome)
                writer.endObject()
            }
            writer.endArray()
            return Self.json(200, writer.bytes)
        }
        await server.appendRoute("POST /faults") { request in
            let body = try await request.bodyData
            let decoder = JSONDecoder()
            guard let faults = (try? decoder.decode([Fault].self, from: body))
                    ?? (try? decoder.decode(Fault.self, from: body)).map({ [$0] }) else {
                return Self.json(400, Array(#"{"error":"expected a fault or an array of faults"}"#.utf8))
            }
            await state.append(faults)
            return Self.json(200, Array(#"{"queued":\#(await state.faultsPending)}"#.utf8))
        }
        await server.appendRoute("DELETE /faults") { _ in
            await state.clearFaults()
            return Self.json(200, Array(#"{"ok":true}"#.utf8))
        }
        await server.appendRoute("GET /health") { _ in Self.json(200, Array(#"{"ok":true}"#.utf8)) }
    }

    static func json(_ status: Int, _ body: [UInt8], headers extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = "application/json"
        // FlyingFox writes an answer's head and body in two writes. On a kept-alive
        // connection Nagle's algorithm then holds the body until the client's delayed
        // ACK (about 40 ms on Linux loopback), capping a client at ~20 requests/s.
        // This development collector closes each connection after its answer instead.
        headers[.connection] = "close"
        for (name, value) in extra { headers[name] = value }
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase(status)), headers: headers, body: Data(body))
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
    }

    /// Handles one batch request (after any injected fault).
    static func ingest(_ body: Data, requestID: String, store: CollectorStore, state: CollectorState) async -> HTTPResponse {
        let now = Date()
        if let fault = await state.nextFault() {
            if let delay = fault.delayMs, delay > 0 {
                // Cancellable: stopping the server ends a long delay at once.
                try? await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
            }
            if fault.drop == true {
                try? store.logRequest(id: requestID, status: 0, events: 0, bytes: body.count, outcome: "dropped", at: now)
                return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: DroppedBody(), count: 64))
            }
            if let status = fault.status {
                try? store.logRequest(id: requestID, status: status, events: 0, bytes: body.count, outcome: "fault", at: now)
                var extra: [HTTPHeader: String] = [:]
                if let retryAfter = fault.retryAfter { extra[HTTPHeader("Retry-After")] = retryAfter }
                let text = fault.body ?? #"{"error":"injected fault \#(status)"}"#
                return json(status, Array(text.utf8), headers: extra)
            }
        }
        guard let parsed = try? JSONValue.parse(Array(body)), case .array(let items)? = parsed["events"] else {
            try? store.logRequest(id: requestID, status: 400, events: 0, bytes: body.count, outcome: "malformed", at: now)
            return json(400, Array(#"{"error":"expected {\"sentAt\":…,\"events\":[…]}","accepted":[],"rejected":[]}"#.utf8))
        }
        let checker = state.checker
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
        writer.key("violations"); writer.beginArray()
        for event in accepted where !event.violations.isEmpty {
            writer.beginObject()
            writer.key("uuid"); writer.value(event.uuid)
            writer.key("violations"); writer.beginArray(); event.violations.forEach { writer.value($0) }; writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        // All or nothing: with a rejection nothing is stored, the client resends the rest.
        if !rejected.isEmpty {
            try? store.logRequest(id: requestID, status: 400, events: items.count, bytes: body.count, outcome: "rejected \(rejected.count)", at: now)
            return json(400, writer.bytes)
        }
        do {
            try store.store(accepted, at: now)
            try store.logRequest(id: requestID, status: 200, events: items.count, bytes: body.count, outcome: "stored", at: now)
        } catch {
            return json(500, Array(#"{"error":"storage failed"}"#.utf8))
        }
        return json(200, writer.bytes)
    }
}

/// What `GET /stats` answers.
public struct CollectorStatistics: Sendable, Hashable, Codable {
    /// Batch requests received (including faulted ones).
    public var requests: Int
    /// Requests answered with 2xx.
    public var acceptedRequests: Int
    /// Events stored (a resent event counts again).
    public var events: Int
    public var distinctUUIDs: Int
    /// The most events one request carried.
    public var largestBatch: Int
    public var faultsServed: Int
    public var faultsPending: Int
    /// Batch requests that came with `Content-Encoding: gzip` and inflated cleanly.
    public var gzippedRequests: Int
}

/// The collector's mutable state besides its database.
actor CollectorState {
    let checker: EventChecker
    private var faults: [Fault] = []
    private(set) var faultsServed = 0
    private(set) var gzippedRequests = 0

    init(checker: EventChecker) { self.checker = checker }

    var faultsPending: Int { faults.count }

    func append(_ more: [Fault]) { faults += more }

    func clearFaults() { faults.removeAll() }

    func countGzipped() { gzippedRequests += 1 }

    func nextFault() -> Fault? {
        guard !faults.isEmpty else { return nil }
        faultsServed += 1
        return faults.removeFirst()
    }
}

/// Holds the server task so `stop()` can await it.
final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    func set(_ task: Task<Void, Never>) { lock.withLock { self.task = task } }
    func take() -> Task<Void, Never>? { lock.withLock { defer { task = nil }; return task } }
}

/// Resumes a continuation exactly once, whichever of several events comes first.
final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var resumed = false

    func set(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = lock.withLock { () -> Bool in
            if resumed { return true }
            self.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume() }
    }

    func resume() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            if resumed { return nil }
            resumed = true
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume()
    }
}
