/// One scripted fault: the answer to the next batch request instead of the normal one.
struct Fault: Sendable, Hashable {
    /// The status to answer with; `nil` with a delay means "answer normally, late".
    var status: Int?
    /// The `Retry-After` header value.
    var retryAfter: String?
    /// Wait this long before answering (a client with a shorter timeout times out).
    var delayMs: Int?
    /// Close the connection in the middle of the answer.
    var drop: Bool?
    /// A body to answer with (default: a short JSON error).
    var body: String?
    /// Hold the answer until the test calls ``CollectorServer/releaseHeldRequests()``
    /// (then answered normally, or with `status`): a request in flight for as long
    /// as the test needs, whatever the machine's load.
    var held: Bool?

    init(status: Int? = nil, retryAfter: String? = nil, delayMs: Int? = nil, drop: Bool? = nil, body: String? = nil) {
        self.status = status
        self.retryAfter = retryAfter
        self.delayMs = delayMs
        self.drop = drop
        self.body = body
    }

    static func status(_ code: Int, retryAfter: String? = nil) -> Fault { Fault(status: code, retryAfter: retryAfter) }
    static let dropConnection = Fault(drop: true)
    static func delay(milliseconds: Int) -> Fault { Fault(delayMs: milliseconds) }
    static var heldUntilReleased: Fault {
        var fault = Fault()
        fault.held = true
        return fault
    }
}
