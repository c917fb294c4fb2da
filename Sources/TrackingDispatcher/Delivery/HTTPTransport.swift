import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TrackingCore
import TrackingGzip

/// The answer to one POST: a status with headers and body, or a transport failure.
enum TransportResult: Sendable {
    case response(status: Int, retryAfter: String?, body: Data)
    /// Timeout, refused or dropped connection, DNS...: always retried.
    case failure(String)
}

/// POSTs JSON bodies with URLSession (FoundationNetworking on Linux).
///
/// Bodies of at least `gzipThreshold` bytes are sent gzipped (`Content-Encoding:
/// gzip`, system zlib) when that makes them smaller; smaller bodies go as they are
/// (compressing a few hundred bytes costs more than it saves).
final class HTTPTransport: Sendable {
    let endpoint: URL
    /// The shared session when connections are reused; otherwise each request
    /// gets a session of its own, invalidated when it ends.
    private let sharedSession: URLSession?
    private let configuration: URLSessionConfiguration
    private let sessions = SessionRegistry()
    private let inFlight = InFlightTask()
    private let headers: [String: String]
    private let gzipThreshold: Int?

    /// Whether requests may reuse a kept-alive connection.
    ///
    /// Not with FoundationNetworking (Linux): when a server drops a kept-alive
    /// connection without answering, libcurl re-sends the request on a new one,
    /// but FoundationNetworking cannot rewind an `httpBody` for it, so the retry
    /// carries the `Content-Length` and no body. It then stalls for a whole
    /// timeout, and a server that answers that empty request 400 gets the page set
    /// aside for a transport artefact (`KeepAliveDropTests` checks that the
    /// dispatcher never meets such a connection). A
    /// body stream with `needNewBodyStream` does not help there (FoundationNetworking
    /// drops the length and the requests fail), so every request carries
    /// `Connection: close`: there is then no kept-alive connection to lose, at the
    /// price of one TCP handshake per request (requests are at most one per
    /// `minimumRequestInterval`). Apple's URLSession replays `httpBody` itself.
    ///
    /// Without reuse, each request runs in a URLSession of its own (libcurl keeps
    /// its connection cache per session and ignores a request's
    /// `Connection: close` when picking a connection), and carries
    /// `Connection: close` so the server closes its end too.
    static let reusesConnectionsByDefault: Bool = {
        #if canImport(FoundationNetworking)
        return false
        #else
        return true
        #endif
    }()

    private let reusesConnections: Bool

    init(endpoint: URL, timeout: TimeInterval, headers: [String: String], gzipThreshold: Int? = 1_024,
         reusesConnections: Bool = HTTPTransport.reusesConnectionsByDefault) {
        self.endpoint = endpoint
        self.reusesConnections = reusesConnections
        self.headers = headers
        self.gzipThreshold = gzipThreshold
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.urlCache = nil
        self.configuration = configuration
        sharedSession = reusesConnections ? URLSession(configuration: configuration) : nil
    }

    func post(_ body: [UInt8], requestID: String) async -> TransportResult {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        if let threshold = gzipThreshold, body.count >= threshold,
           let compressed = Gzip.compress(body), compressed.count < body.count {
            request.httpBody = Data(compressed)
            request.setValue("gzip", forHTTPHeaderField: "Content-Encoding")
        } else {
            request.httpBody = Data(body)
        }
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(requestID, forHTTPHeaderField: "X-Request-ID")
        // libcurl (URLSession on Linux) otherwise sends `Expect: 100-continue` and
        // waits up to a second for an interim answer many servers never send.
        request.setValue("", forHTTPHeaderField: "Expect")
        if !reusesConnections { request.setValue("close", forHTTPHeaderField: "Connection") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        // The completion-handler API on purpose, never `session.data(for:)`: on Linux
        // cancelling the Swift task that awaits `data(for:)` runs URLSession's cancel
        // handler under the task's status lock, and it waits for URLSession's work
        // queue, which may at that moment be resuming the same task: a deadlock that
        // hung test runs. Requests are cancelled through `invalidate()` instead.
        guard let session = sharedSession ?? sessions.make(configuration) else { return .failure("cancelled") }
        let ownSession = sharedSession == nil
        let sessions = self.sessions
        let inFlight = self.inFlight
        return await withCheckedContinuation { (continuation: CheckedContinuation<TransportResult, Never>) in
            let task = session.dataTask(with: request) { data, response, error in
                if ownSession { sessions.finished(session) }
                inFlight.clear(ifCurrent: requestID)
                if let error {
                    continuation.resume(returning: .failure(Self.describe(error)))
                } else if let http = response as? HTTPURLResponse {
                    continuation.resume(returning: .response(status: http.statusCode,
                                                             retryAfter: http.value(forHTTPHeaderField: RuntimeConstants.retryAfterHeader),
                                                             body: data ?? Data()))
                } else {
                    continuation.resume(returning: .failure("not an HTTP response"))
                }
            }
            inFlight.set(task)
            task.resume()
        }
    }

    /// Cancels the request in flight, if any (its `post` returns a failure); later requests still run.
    func cancelCurrent() { inFlight.cancel() }

    /// Cancels the running request (its `post` returns a failure) and refuses new ones.
    func invalidate() {
        sharedSession?.invalidateAndCancel()
        sessions.invalidateAll()
    }

    static func describe(_ error: any Error) -> String {
        // Completion handlers hand over an NSError in NSURLErrorDomain (a URLError
        // only on some platforms): read its code either way.
        let code: URLError.Code?
        if let url = error as? URLError {
            code = url.code
        } else if (error as NSError).domain == NSURLErrorDomain {
            code = URLError.Code(rawValue: (error as NSError).code)
        } else {
            code = nil
        }
        if let code {
            switch code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "connection refused"
            case .networkConnectionLost: return "connection lost"
            case .notConnectedToInternet: return "offline"
            case .cancelled: return "cancelled"
            default: return "network error \(code.rawValue)"
            }
        }
        return "\(error)"
    }
}

/// The per-request sessions in flight, so `invalidate()` can cancel them.
final class SessionRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var open: [ObjectIdentifier: URLSession] = [:]
    private var invalidated = false

    /// A new session, or `nil` once invalidated.
    func make(_ configuration: URLSessionConfiguration) -> URLSession? {
        lock.withLock {
            guard !invalidated else { return nil }
            let session = URLSession(configuration: configuration)
            open[ObjectIdentifier(session)] = session
            return session
        }
    }

    func finished(_ session: URLSession) {
        lock.withLock { _ = open.removeValue(forKey: ObjectIdentifier(session)) }
        session.finishTasksAndInvalidate()
    }

    func invalidateAll() {
        let sessions = lock.withLock { () -> [URLSession] in
            invalidated = true
            defer { open.removeAll() }
            return Array(open.values)
        }
        for session in sessions { session.invalidateAndCancel() }
    }
}

/// The request in flight, so it can be cancelled from another thread.
final class InFlightTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?

    func set(_ task: URLSessionTask) { lock.withLock { self.task = task } }

    func clear(ifCurrent requestID: String) {
        lock.withLock {
            if task?.originalRequest?.value(forHTTPHeaderField: "X-Request-ID") == requestID { task = nil }
        }
    }

    func cancel() { lock.withLock { task }?.cancel() }
}
