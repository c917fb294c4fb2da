import Foundation
import TrackingCore

/// One injected fault: the answer to the next batch request instead of the normal
/// one. Served only by a collector started with `--enable-faults`.
///
/// JSON form (for `POST /faults`): `{"status":503,"retryAfter":"2"}`,
/// `{"drop":true}`, `{"delayMs":1500}` (then answered normally, or with `status`),
/// `{"status":400,"body":"…"}`. `Fault.parse` validates every member.
public struct Fault: Sendable, Hashable {
    /// The status to answer with (200–599); `nil` with a delay means "answer normally, late".
    /// 204 and 304 answers have no body (RFC 9110, 15.3.5 and 15.4.5).
    public var status: Int?
    /// The `Retry-After` header value: delay seconds or an HTTP date.
    public var retryAfter: String?
    /// Wait this long before answering (at most `CollectorLimits.maxFaultDelayMs`).
    public var delayMs: Int?
    /// Close the connection without an answer.
    public var drop: Bool
    /// A body to answer with (default: a short JSON error, none for 204 and 304); at most 64 KiB.
    public var body: String?

    /// A fault; `Fault.parse` is the checked way in from JSON.
    public init(status: Int? = nil, retryAfter: String? = nil, delayMs: Int? = nil, drop: Bool = false, body: String? = nil) {
        self.status = status
        self.retryAfter = retryAfter
        self.delayMs = delayMs
        self.drop = drop
        self.body = body
    }

    /// Why a fault was refused.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }

    static let maxBodyBytes = 64 * 1_024

    /// One fault, or an array of at most `maxCount` faults, from JSON; every member checked.
    public static func parse(_ bytes: [UInt8], limits: CollectorLimits) throws(Invalid) -> [Fault] {
        guard let value = try? JSONValue.parse(bytes, maxDepth: 4) else { throw Invalid(description: "not JSON") }
        let items: [JSONValue]
        if case .array(let list) = value { items = list } else { items = [value] }
        guard items.count <= limits.maxQueuedFaults else {
            throw Invalid(description: "at most \(limits.maxQueuedFaults) faults at once")
        }
        var faults: [Fault] = []
        for item in items { faults.append(try fault(from: item, limits: limits)) }
        return faults
    }

    private static func fault(from value: JSONValue, limits: CollectorLimits) throws(Invalid) -> Fault {
        guard let members = value.objectMembers else { throw Invalid(description: "a fault is a JSON object") }
        var fault = Fault()
        for (key, member) in members {
            switch key {
            case "status":
                guard let status = integer(member), (100...599).contains(status) else {
                    throw Invalid(description: "status must be an integer from 100 to 599")
                }
                fault.status = status
            case "delayMs":
                guard let delay = integer(member), (0...limits.maxFaultDelayMs).contains(delay) else {
                    throw Invalid(description: "delayMs must be an integer from 0 to \(limits.maxFaultDelayMs)")
                }
                fault.delayMs = delay
            case "retryAfter":
                guard let text = member.stringValue, isRetryAfter(text) else {
                    throw Invalid(description: "retryAfter must be delay seconds or an HTTP date")
                }
                fault.retryAfter = text
            case "drop":
                guard case .bool(let drop) = member else { throw Invalid(description: "drop must be true or false") }
                fault.drop = drop
            case "body":
                guard let text = member.stringValue, text.utf8.count <= maxBodyBytes else {
                    throw Invalid(description: "body must be a string of at most \(maxBodyBytes) bytes")
                }
                fault.body = text
            default:
                throw Invalid(description: "unknown member \(String(key.prefix(40)).debugDescription)")
            }
        }
        // Framing: an answer with one of these statuses ends at its head, so a body
        // would be read by the client as the start of the next answer.
        if let status = fault.status, (100...199).contains(status) {
            throw Invalid(description: "status \(status) is informational, not an answer: use 200 to 599")
        }
        if let status = fault.status, !Self.allowsBody(status: status), fault.body != nil {
            throw Invalid(description: "a \(status) answer has no body: remove body")
        }
        return fault
    }

    /// Whether an answer with `status` may have a body (not 1xx, 204 or 304).
    static func allowsBody(status: Int) -> Bool {
        status >= 200 && status != 204 && status != 304
    }

    /// A JSON integer that fits an `Int` (no fraction, no exponent).
    private static func integer(_ value: JSONValue) -> Int? {
        guard case .number(let text) = value, text.count <= 12 else { return nil }
        return Int(text)
    }

    /// `Retry-After` (RFC 9110): delay-seconds (digits) or an IMF-fixdate such as
    /// `Sun, 06 Nov 1994 08:49:37 GMT`. Nothing else reaches a header, so no CR/LF can.
    static func isRetryAfter(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if !bytes.isEmpty, bytes.count <= 10, bytes.allSatisfy({ (48...57).contains($0) }) { return true }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard bytes.count == 29, let date = formatter.date(from: text) else { return false }
        return formatter.string(from: date) == text
    }
}
