import Foundation
import NIOCore

/// The first handler on every connection, ahead of the HTTP parser: it watches the
/// raw bytes of each request and refuses, with the right status and a closed
/// connection, what the parser should never have to hold:
///
/// - a request line longer than `maxRequestLineBytes`: 414;
/// - a head (request line and headers) longer than `maxHeadBytes`: 431;
/// - a `Content-Length` above `maxBodyBytes`: 413, before any of the body is read;
/// - a request that is not whole `readTimeout` seconds after its first byte: 408.
///
/// One pass over each byte of the head (the end of the head is found by a small
/// state machine, never by rescanning), so a hostile line costs linear time.
/// A chunked body is watched for its size (413) and its end; the route also
/// bounds the body it collects.
final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private enum Phase {
        /// Reading a head: bytes so far, whether the request line ended, how many of "\r\n\r\n" matched.
        case head(bytes: Int, lineEnded: Bool, matched: Int)
        /// Reading a body of known length.
        case body(remaining: Int)
        /// A chunked body: its raw bytes so far, and how much of the closing
        /// "\r\n0\r\n\r\n" was just seen (data that happens to contain it ends the watch early:
        /// this is a guard, the route still bounds the body it collects).
        case chunked(bytes: Int, tail: [UInt8])
        /// Refused: the answer is written and the connection closing.
        case refused
    }

    private let limits: CollectorLimits
    private var phase = Phase.head(bytes: 0, lineEnded: false, matched: 0)
    /// The current head's bytes (at most `maxHeadBytes`), to read its framing headers.
    private var head: [UInt8] = []
    private var timeout: Scheduled<Void>?

    init(limits: CollectorLimits) {
        self.limits = limits
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard inspect(buffer.readableBytesView, context: context) else { return }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // A refused request is drained whatever the handlers behind this one want:
        // the HTTP pipeline may have stopped reading (backpressure on a body nobody
        // consumes now), and a client blocked on a full socket would never read the answer.
        if case .refused = phase { context.read() }
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timeout?.cancel()
        timeout = nil
        context.fireChannelInactive()
    }

    /// Follows the bytes; `false` when the request was refused (nothing more is passed on).
    private func inspect(_ bytes: ByteBufferView, context: ChannelHandlerContext) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch phase {
            case .refused:
                return false
            case .chunked(let count, let tail):
                // Whole reads at a time (a byte loop is too slow for megabytes): the
                // terminator is looked for with Foundation's search, across the previous read's tail.
                let rest = Array(bytes[index...])
                let total = count + rest.count
                if total > Self.streamedBodyLimit(limits) {
                    refuse(413, "the body is larger than \(limits.maxBodyBytes) bytes", context: context)
                    return false
                }
                let window = tail + rest
                if let end = Self.find(Self.chunkedEnd, in: window) {
                    index += end + Self.chunkedEnd.count - tail.count
                    requestComplete()
                } else {
                    index = bytes.endIndex
                    phase = .chunked(bytes: total, tail: Array(window.suffix(Self.chunkedEnd.count - 1)))
                }
            case .body(let remaining):
                let take = min(remaining, bytes.endIndex - index)
                index += take
                if take == remaining {
                    requestComplete()
                } else {
                    phase = .body(remaining: remaining - take)
                }
            case .head(var count, var lineEnded, var matched):
                if count == 0 { startTimer(context: context) }
                while index < bytes.endIndex {
                    let byte = bytes[index]
                    index += 1
                    count += 1
                    head.append(byte)
                    if byte == UInt8(ascii: "\n") { lineEnded = true }
                    if !lineEnded, count > limits.maxRequestLineBytes {
                        refuse(414, "the request line is longer than \(limits.maxRequestLineBytes) bytes", context: context)
                        return false
                    }
                    if count > limits.maxHeadBytes {
                        refuse(431, "the request head is longer than \(limits.maxHeadBytes) bytes", context: context)
                        return false
                    }
                    // "\r\n\r\n": matched counts the bytes of it seen so far.
                    let expected: UInt8 = matched % 2 == 0 ? 13 : 10
                    matched = byte == expected ? matched + 1 : (byte == 13 ? 1 : 0)
                    if matched == 4 { break }
                }
                guard matched == 4 else {
                    phase = .head(bytes: count, lineEnded: lineEnded, matched: matched)
                    return true
                }
                let framing = Self.framing(of: head)
                head.removeAll(keepingCapacity: true)
                switch framing {
                case .chunked:
                    phase = .chunked(bytes: 0, tail: [13, 10])   // the head's last "\r\n" may precede "0\r\n\r\n"
                case .length(let length) where length > limits.maxBodyBytes:
                    refuse(413, "the body is larger than \(limits.maxBodyBytes) bytes", context: context)
                    return false
                case .length(let length):
                    if length == 0 { requestComplete() } else { phase = .body(remaining: length) }
                }
            }
        }
        return true
    }

    private func requestComplete() {
        timeout?.cancel()
        timeout = nil
        phase = .head(bytes: 0, lineEnded: false, matched: 0)
    }

    private func startTimer(context: ChannelHandlerContext) {
        timeout?.cancel()
        let seconds = limits.readTimeout
        timeout = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(seconds * 1_000))) { [self] in
            switch phase {
            case .head(let bytes, _, _) where bytes == 0:
                return
            case .head, .body:
                refuse(408, "the request did not arrive within \(seconds) seconds", context: context)
            case .chunked:
                refuse(408, "the request did not arrive within \(seconds) seconds", context: context)
            case .refused:
                return
            }
        }
    }

    /// Writes the answer straight to the socket (this handler is first in line) and closes.
    private func refuse(_ status: Int, _ message: String, context: ChannelHandlerContext) {
        phase = .refused
        timeout?.cancel()
        timeout = nil
        head = []
        let reason = switch status {
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        default: "Request Header Fields Too Large"
        }
        let body = #"{"error":"\#(message)"}"#
        let text = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        let buffer = context.channel.allocator.buffer(string: text)
        // Close our side only, and keep reading (and dropping) what the client is
        // still sending for a moment: closing with unread input makes the kernel
        // send a reset, which can destroy the answer before the client reads it.
        context.writeAndFlush(NIOAny(buffer)).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            context.read()
            _ = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(10)) {
                context.close(promise: nil)
            }
        }
    }

    /// How many raw bytes of a chunked body pass before it is refused here. Framing
    /// adds a few bytes per chunk, so this is well past `maxBodyBytes`; the route
    /// collects up to the same number and checks the exact limit on the whole body,
    /// so that a body too large while it streams is always refused here, where the
    /// connection is drained (the route's answer mid-body would leave the client's
    /// unread bytes on a connection the pipeline may have stopped reading).
    static func streamedBodyLimit(_ limits: CollectorLimits) -> Int {
        limits.maxBodyBytes + limits.maxBodyBytes / 8 + 1_024
    }

    /// The end of a chunked body (no trailers): the zero-size chunk and the blank line.
    static let chunkedEnd: [UInt8] = Array("\r\n0\r\n\r\n".utf8)

    /// Where `needle` first occurs in `haystack` (Foundation's search, which is
    /// optimised even when this module is built for debugging).
    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        let data = Data(haystack)
        return data.range(of: Data(needle)).map { $0.lowerBound - data.startIndex }
    }

    enum Framing: Equatable {
        case length(Int)
        case chunked
    }

    /// The body's framing from a head's headers: chunked, or a length (0 without one).
    /// A malformed length is left for the parser to refuse (400).
    static func framing(of head: [UInt8]) -> Framing {
        let text = String(decoding: head, as: UTF8.self)
        var length = 0
        for line in text.split(separator: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "transfer-encoding", value.lowercased().contains("chunked") { return .chunked }
            if name == "content-length", let number = Int(value), number >= 0 { length = number }
            if name == "content-length", Int(value) == nil, value.count > 18 { return .length(Int.max) }
        }
        return .length(length)
    }
}
