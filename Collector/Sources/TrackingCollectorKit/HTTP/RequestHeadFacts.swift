import Foundation

/// What the head guard reads from a whole request head (request line and headers)
/// before the parser sees it: the body's framing, and what RFC 9112 requires a
/// server to check itself.
struct RequestHeadFacts: Equatable {
    enum Framing: Equatable {
        case length(Int)
        case chunked
    }

    /// The body's framing: chunked, or a length (0 without one). A malformed length
    /// is left for the parser to refuse (400).
    var framing: Framing = .length(0)
    /// The request target (`/monitor/stream?x=1`), as sent.
    var target = ""
    /// `HTTP/1.0`, `HTTP/1.1`, ... as sent.
    var version = ""
    /// How many `Host` field lines the head has (RFC 9112, 3.2: exactly one).
    var hostLines = 0
    /// The `Connection` header's options, lowercased (`close`, `keep-alive`).
    var connectionOptions: Set<String> = []

    /// Why the head must be answered 400 (RFC 9112, 3.2), if it must: an HTTP/1.1
    /// request without `Host`, or any request with more than one.
    var hostProblem: String? {
        if hostLines > 1 { return "a request has one Host header, not \(hostLines)" }
        if hostLines == 0, version != "HTTP/1.0" { return "a request has one Host header" }
        return nil
    }

    /// An HTTP/1.0 request closes its connection after the answer unless it asks for
    /// keep-alive (RFC 9112, 9.3); an HTTP/1.1 one when it says `Connection: close`.
    var closesConnection: Bool {
        version == "HTTP/1.0" ? !connectionOptions.contains("keep-alive") : connectionOptions.contains("close")
    }

    /// The target's path, without the query.
    var path: Substring { target.prefix { $0 != "?" } }

    init(head: [UInt8]) {
        let text = String(decoding: head, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)[...]
        if let requestLine = lines.popFirst() {
            let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
            if parts.count == 3 {
                target = String(parts[1])
                version = String(parts[2])
            }
        }
        var length = 0
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = Self.trimmingWhitespace(line[line.index(after: colon)...])
            switch name {
            case "transfer-encoding" where value.lowercased().contains("chunked"):
                framing = .chunked
            case "content-length":
                if let number = Int(value), number >= 0 {
                    length = number
                } else if value.count > 18 {
                    length = Int.max
                }
            case "host":
                hostLines += 1
            case "connection":
                for option in value.split(separator: ",") {
                    connectionOptions.insert(Self.trimmingWhitespace(option).lowercased())
                }
            default:
                break
            }
        }
        if framing != .chunked { framing = .length(length) }
    }

    /// `text` without the optional whitespace around a field value or list member
    /// (spaces and tabs, RFC 9110, 5.6.3), without Foundation's trimming, which
    /// bridged every header line through `NSString`.
    static func trimmingWhitespace(_ text: Substring) -> Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }
}
