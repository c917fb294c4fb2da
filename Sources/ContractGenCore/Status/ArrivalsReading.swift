import CollectorResponses
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `contractgen status` gets an ``ArrivalsReport``: a saved copy
/// (`--arrivals FILE`) or a collector's `GET /arrivals` (`--collector URL`).
package enum ArrivalsReading {
    /// Why no report could be had; `description` is the whole message.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// The largest arrivals document read: one entry per event name is small,
    /// but a collector that received garbage names may keep many.
    package static let maxBytes = 64 << 20

    /// Decodes the JSON of `GET /arrivals`; `name` names it in messages.
    package static func decode(_ data: Data, name: String) throws(Failure) -> ArrivalsReport {
        let report: ArrivalsReport
        do {
            report = try ArrivalsReport.decoded(from: data)
        } catch let error as DecodingError {
            throw Failure("\(name): not an arrivals report (the JSON of a collector's GET /arrivals): \(describe(error))")
        } catch {
            throw Failure("\(name): not an arrivals report: \(error)")
        }
        guard report.format == ArrivalsReport.currentFormat else {
            throw Failure("\(name): arrivals format \(report.format), this contractgen reads format \(ArrivalsReport.currentFormat); use a contractgen as new as the collector")
        }
        return report
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "member '\(key.stringValue)' missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(context.debugDescription)\(path(context))"
        case .dataCorrupted(let context): return "invalid JSON\(path(context))"
        @unknown default: return "\(error)"
        }
    }

    /// Reads a saved copy. `since` (`--since`) can only be applied when the
    /// copy was itself read with that window: it holds totals, not days.
    package static func read(file: String, since: String?) throws(Failure) -> ArrivalsReport {
        let data: Data
        do {
            let bytes = try ContractLoader.readFile(file, maxBytes: maxBytes)
            data = Data(bytes)
        } catch {
            throw Failure("cannot read arrivals \(file): \(error)")
        }
        let report = try decode(data, name: file)
        if let since, windowDay(report.since) != windowDay(since) {
            let held = report.since.map { "the window since \($0)" } ?? "everything the collector kept"
            throw Failure("--since \(since) cannot be applied to \(file): it holds totals over \(held), not per-day counts; "
                + "save it with that window (curl -o \(file) 'URL/arrivals?since=\(since)') or drop --since")
        }
        return report
    }

    /// A window's start as the collector reads `?since=`: a date (`2026-12-01`) or an
    /// ISO 8601 time with `Z` or an offset, with or without fractional seconds.
    package static func windowStart(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime], [.withFullDate]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// The UTC day a window starts on: the collector counts per day, so a
    /// window starts at the day holding its `since` (and says so in the answer).
    static func windowDay(_ text: String?) -> Int? {
        text.flatMap(windowStart).map { Int(($0.timeIntervalSince1970 / 86_400).rounded(.down)) }
    }

    /// `GET URL/arrivals[?since=…]` from a collector, with the read token as
    /// `Authorization: Bearer` when one is given. Plain `http://` only: an
    /// HTTPS client would link libcurl into the self-contained binary.
    package static func fetch(collector: String, since: String?, token: String?, timeoutSeconds: Int = 60) throws(Failure) -> ArrivalsReport {
        let url = try CollectorURL(collector)
        var target = url.basePath + "/arrivals"
        if let since { target += "?since=" + percentEncoded(since) }
        let response = try HTTPGet(host: url.host, port: url.port, target: target, token: token, timeoutSeconds: timeoutSeconds).run()
        let shown = "\(collector.hasSuffix("/") ? String(collector.dropLast()) : collector)/arrivals"
        switch response.status {
        case 200: break
        case 401:
            throw Failure("\(shown): 401 unauthorized; give the collector's read token (--read-token-file FILE or TRACKING_COLLECTOR_TOKEN)")
        case 404:
            throw Failure("\(shown): 404; this collector has no arrivals endpoint (a collector older than contractgen status?)")
        default:
            let body = TerminalSafeText.escaped(String(decoding: response.body.prefix(300), as: UTF8.self))
            throw Failure("\(shown): HTTP \(response.status)\(body.isEmpty ? "" : ": \(body)")")
        }
        return try decode(response.body, name: shown)
    }

    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~:")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `http://host[:port][/base]`, the collector's address.
    struct CollectorURL {
        var host: String
        var port: UInt16
        var basePath: String

        init(_ text: String) throws(Failure) {
            if text.lowercased().hasPrefix("https://") {
                throw Failure("--collector \(TerminalSafeText.escaped(text)): https is not supported by contractgen's built-in client; "
                    + "save the report with 'curl -o arrivals.json \(TerminalSafeText.escaped(text))/arrivals' and give --arrivals arrivals.json")
            }
            guard text.lowercased().hasPrefix("http://") else {
                throw Failure("--collector \(TerminalSafeText.escaped(text)): not an http:// URL (like http://127.0.0.1:8080)")
            }
            var rest = Substring(text.dropFirst("http://".count))
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<slash]
            rest = rest[slash...]
            while rest.hasSuffix("/") { rest = rest.dropLast() }
            guard !authority.contains("@"), !rest.contains("?"), !rest.contains("#") else {
                throw Failure("--collector \(TerminalSafeText.escaped(text)): give the collector's base URL only (no user, query or fragment)")
            }
            var port: UInt16 = 80
            if authority.hasPrefix("[") {
                guard let close = authority.firstIndex(of: "]") else { throw Failure("--collector \(text): unclosed '[' in the host") }
                let after = authority[authority.index(after: close)...]
                if after.hasPrefix(":") {
                    guard let value = UInt16(after.dropFirst()), value > 0 else { throw Failure("--collector \(text): bad port") }
                    port = value
                }
                authority = authority[authority.index(after: authority.startIndex)..<close]
            } else if let colon = authority.lastIndex(of: ":") {
                guard let value = UInt16(authority[authority.index(after: colon)...]), value > 0 else {
                    throw Failure("--collector \(TerminalSafeText.escaped(text)): bad port")
                }
                port = value
                authority = authority[..<colon]
            }
            guard !authority.isEmpty else { throw Failure("--collector \(TerminalSafeText.escaped(text)): no host") }
            host = String(authority)
            self.port = port
            basePath = String(rest)
        }
    }
}

/// One HTTP/1.1 GET over a socket, `Connection: close`: the status and the
/// body (by `Content-Length`, chunked, or up to the end), bounded in size and time.
struct HTTPGet {
    var host: String
    var port: UInt16
    var target: String
    var token: String?
    var timeoutSeconds: Int

    struct Response {
        var status: Int
        var body: Data
    }

    typealias Failure = ArrivalsReading.Failure

    /// A peer that closed early is an error to report, not a SIGPIPE that ends contractgen.
    #if canImport(Darwin)
    static let noSignal: Int32 = 0
    #else
    static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    func run() throws(Failure) -> Response {
        let descriptor = try openSocket()
        defer { close(descriptor) }
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var request = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nAccept: application/json\r\nUser-Agent: contractgen-status\r\nConnection: close\r\n"
        if let token { request += "Authorization: Bearer \(token)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Self.noSignal) }
            guard count > 0 else { throw Failure("\(place): sending the request failed: \(String(cString: strerror(errno)))") }
            sent += count
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure("\(place): no answer within \(timeoutSeconds) s") }
                throw Failure("\(place): reading the answer failed: \(String(cString: strerror(errno)))")
            }
            received.append(contentsOf: buffer[0..<count])
            guard received.count <= ArrivalsReading.maxBytes + 65536 else {
                throw Failure("\(place): the answer is larger than \(ArrivalsReading.maxBytes >> 20) MiB")
            }
        }
        return try parse(received)
    }

    var place: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    func openSocket() throws(Failure) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw Failure("\(place): cannot resolve '\(TerminalSafeText.escaped(host))': \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = ECONNREFUSED
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { lastError = errno; continue }
            var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            lastError = errno
            close(descriptor)
        }
        throw Failure("\(place): cannot connect: \(String(cString: strerror(lastError))); is the collector running?")
    }

    func parse(_ data: Data) throws(Failure) -> Response {
        let bytes = [UInt8](data)
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { bytes[$0..<$0 + 4].elementsEqual(separator) }) else {
            throw Failure("\(place): not an HTTP answer (no header end)")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = head[0].split(separator: " ")
        guard statusWords.count >= 2, statusWords[0].hasPrefix("HTTP/1."), let status = Int(statusWords[1]) else {
            throw Failure("\(place): not an HTTP answer: '\(TerminalSafeText.escaped(String(head[0].prefix(80))))'")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = try dechunk(body)
        } else if let length = headers["content-length"].flatMap(Int.init) {
            guard body.count >= length else { throw Failure("\(place): the answer ended after \(body.count) of \(length) bytes") }
            body = Array(body.prefix(length))
        }
        return Response(status: status, body: Data(body))
    }

    func dechunk(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }) else {
                throw Failure("\(place): a chunked answer ended early")
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                throw Failure("\(place): a bad chunk size in the answer")
            }
            index = lineEnd + 2
            if size == 0 { return out }
            guard index + size <= bytes.count else { throw Failure("\(place): a chunked answer ended early") }
            out += bytes[index..<index + size]
            index += size + 2
        }
    }
}
