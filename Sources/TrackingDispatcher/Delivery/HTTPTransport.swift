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
/// No gzip: Foundation offers no gzip encoder on Linux (and on Apple platforms
/// only raw zlib/deflate through `NSData.compressed(using:)`, not the gzip framing
/// servers expect), and the package takes no compression dependency. Batches are
/// bounded by `maxRequestBytes` instead.
final class HTTPTransport: Sendable {
    let endpoint: URL
    private let session: URLSession
    private let headers: [String: String]

    init(endpoint: URL, timeout: TimeInterval, headers: [String: String]) {
        self.endpoint = endpoint
        self.headers = headers
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 2
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    func post(_ body: [UInt8], requestID: String) async -> TransportResult {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(requestID, forHTTPHeaderField: "X-Request-ID")
        // libcurl (URLSession on Linux) otherwise sends `Expect: 100-continue` and
        // waits up to a second for an interim answer many servers never send.
        request.setValue("", forHTTPHeaderField: "Expect")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else { return .failure("not an HTTP response") }
            return .response(status: http.statusCode,
                             retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                             body: data)
        } catch {
            return .failure(Self.describe(error))
        }
    }

    func invalidate() { session.invalidateAndCancel() }

    static func describe(_ error: any Error) -> String {
        if let url = error as? URLError {
            switch url.code {
            case .timedOut: return "timed out"
            case .cannotConnectToHost: return "connection refused"
            case .networkConnectionLost: return "connection lost"
            case .notConnectedToInternet: return "offline"
            default: return "network error \(url.code.rawValue)"
            }
        }
        return "\(error)"
    }
}
