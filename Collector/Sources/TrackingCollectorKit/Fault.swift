import Foundation

/// One injected fault: the answer to the next batch request instead of the normal one.
///
/// JSON form (for `POST /faults`): `{"status":503,"retryAfter":"2"}`,
/// `{"drop":true}`, `{"delayMs":1500}` (then answered normally, or with `status`),
/// `{"status":400,"body":"…"}`.
public struct Fault: Sendable, Hashable, Codable {
    /// The status to answer with; `nil` with a delay means "answer normally, late".
    public var status: Int?
    /// The `Retry-After` header value (seconds or an HTTP date).
    public var retryAfter: String?
    /// Wait this long before answering (makes a client with a short timeout time out).
    public var delayMs: Int?
    /// Close the connection without a complete answer.
    public var drop: Bool?
    /// A body to answer with (default: a short JSON error).
    public var body: String?

    public init(status: Int? = nil, retryAfter: String? = nil, delayMs: Int? = nil, drop: Bool? = nil, body: String? = nil) {
        self.status = status
        self.retryAfter = retryAfter
        self.delayMs = delayMs
        self.drop = drop
        self.body = body
    }

    public static func status(_ code: Int, retryAfter: String? = nil) -> Fault { Fault(status: code, retryAfter: retryAfter) }
    public static let dropConnection = Fault(drop: true)
    public static func delay(milliseconds: Int) -> Fault { Fault(delayMs: milliseconds) }
}
