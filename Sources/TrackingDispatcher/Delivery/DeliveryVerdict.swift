import Foundation
import TrackingCore

/// What to do with a batch after the collector's answer: the delivery table.
/// Which statuses mean what is data, `RuntimeConstants.deliveryRules` (generated
/// from the shared table, docs/wire-format.md "Delivery protocol"); this type
/// reads the body of an answer for the action its status has.
///
/// | action (statuses today) | events |
/// |---|---|
/// | `accept` (2xx), no verdict in the body | all deleted (collectors that know nothing of verdicts keep working) |
/// | `accept` (2xx) with `accepted` / `rejected` | accepted deleted, rejected set aside with the reason, the rest resent |
/// | `setAside` (400) with a per-event verdict | rejected ones set aside with the reason, the rest retried at once |
/// | `setAside` (400) without a verdict | all set aside (never retried as is) |
/// | `pause` (401, 403) | kept; delivery paused and reported |
/// | `split` (413) | kept; the batch is split in halves; a single event is set aside only when it alone exceeds `maxRequestBytes`, otherwise the server's limit is reported and retried after backoff |
/// | `retry` (every other status, timeout, connection error) | kept; retried after backoff with jitter, honouring `Retry-After` |
enum DeliveryVerdict: Equatable {
    case delivered
    /// A 2xx naming events: accepted uuids and rejected ones with their reasons (lowercased).
    case verdicts(accepted: Set<String>, rejected: [String: String])
    /// A refusal naming events (uuid: reason), answered with `status`.
    case rejected(status: Int, [String: String])
    case rejectedWithoutVerdict(String)
    case pause(status: Int)
    /// The request was too large (answered with `status`).
    case split(status: Int)
    case retry(reason: String, retryAfter: TimeInterval?)

    static func classify(_ result: TransportResult, now: Date) -> DeliveryVerdict {
        switch result {
        case .failure(let reason):
            return .retry(reason: reason, retryAfter: nil)
        case .response(let status, let retryAfter, let body):
            switch RuntimeConstants.deliveryAction(forStatus: status) {
            case .accept:
                if let verdicts = parseVerdicts(body) { return .verdicts(accepted: verdicts.accepted, rejected: verdicts.rejected) }
                return .delivered
            case .setAside:
                if let rejected = parseRejections(body), !rejected.isEmpty { return .rejected(status: status, rejected) }
                let text = String(decoding: body.prefix(200), as: UTF8.self)
                return .rejectedWithoutVerdict("HTTP \(status)" + (text.isEmpty ? "" : ": \(text)"))
            case .pause:
                return .pause(status: status)
            case .split:
                return .split(status: status)
            case .retry:
                return .retry(reason: "HTTP \(status)", retryAfter: retryAfter.flatMap { parseRetryAfter($0, now: now) })
            }
        }
    }

    /// A 2xx body's verdict: `{"accepted":[uuid…],"rejected":[{"uuid","reason"}…]}`
    /// (either list may be absent). `nil` when the body names no verdict at all
    /// (no body, not JSON, neither list): then the whole batch is confirmed.
    static func parseVerdicts(_ body: Data) -> (accepted: Set<String>, rejected: [String: String])? {
        guard !body.isEmpty, let json = try? JSONValue.parse(Array(body)) else { return nil }
        let acceptedList: [JSONValue]?
        if case .array(let items)? = json[RuntimeConstants.VerdictMember.accepted] { acceptedList = items } else { acceptedList = nil }
        let rejected = parseRejections(body)
        guard acceptedList != nil || rejected != nil else { return nil }
        let accepted = Set((acceptedList ?? []).compactMap { $0.stringValue?.lowercased() })
        return (accepted, rejected ?? [:])
    }

    /// `{"rejected":[{"uuid":"…","reason":"…"}]}` -> uuid: reason.
    static func parseRejections(_ body: Data) -> [String: String]? {
        guard let json = try? JSONValue.parse(Array(body)),
              case .array(let items)? = json[RuntimeConstants.VerdictMember.rejected] else { return nil }
        var result: [String: String] = [:]
        for item in items {
            guard let uuid = item[RuntimeConstants.VerdictMember.uuid]?.stringValue else { continue }
            result[uuid.lowercased()] = item[RuntimeConstants.VerdictMember.reason]?.stringValue ?? "rejected by the collector"
        }
        return result
    }

    /// Seconds, or an HTTP date (`Sun, 22 Nov 2026 12:00:00 GMT`).
    static func parseRetryAfter(_ value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed) { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
