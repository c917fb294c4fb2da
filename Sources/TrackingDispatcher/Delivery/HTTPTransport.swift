import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
    private let session: URLSession
    private let headers: [String: String]
    private let gzipThreshold: Int?

    init(endpoint: URL, timeout: TimeInterval, headers: [String: String], gzipThreshold: Int? = 1_024) {
        self.endpoint = endpoint
        self.headers = headers
        self.gzipThreshold = gzipThreshold
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
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
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        // The completion-handler API on purpose, never `session.data(for:)`: on Linux
        // cancelling the Swift task that awaits `data(for:)` runs URLSession's cancel
        // handler under the task's status lock, and it waits for URLSession's work
        // queue, which may at that moment be resuming the same task: a deadlock that
        // hung test runs. Requests are cancelled through `invalidate()` instead.
        let session = self.session
        return await withCheckedContinuation { (continuation: CheckedContinuation<TransportResult, Never>) in
            let task = session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(Self.describe(error)))
                } else if let http = response as? HTTPURLResponse {
                    continuation.resume(returning: .response(status: http.statusCode,
                                                             retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                                                             body: data ?? Data()))
                } else {
                    continuation.resume(returning: .failure("not an HTTP response"))
                }
            }
            task.resume()
        }
    }

    /// Cancels the running request (its `post` returns a failure) and refuses new ones.
    func invalidate() { session.invalidateAndCancel() }

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
