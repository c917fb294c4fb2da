import Foundation
import NIOCore

/// The first handler on every connection, ahead of the HTTP parser: it watches the
/// raw bytes of each request and refuses, with the right status and a closed
/// connection, what the parser should never have to hold:
///
/// - a request line longer than `maxRequestLineBytes`: 414;
/// - a head (request line and headers) longer than `maxHeadBytes`: 431;
/// - a `Content-Length` above `maxBodyBytes`: 413, before any of the body is read;
/// - a request that is not whole `readTimeout` seconds after its first byte: 408;
/// - a head without `Host` (HTTP/1.1) or with two: 400 (RFC 9112, 3.2);
/// - a chunked body whose framing is not chunked framing: 400 (the route would
///   otherwise see a failed body, which is not a body too large).
///
/// It also asks the connection to close after the answer when the request says so
/// (an HTTP/1.0 request without keep-alive; RFC 9112, 9.3), tells the
/// `ConnectionRegistry` when a connection opens, starts a request and closes, and
/// holds back a close until what was written has reached the socket (below).
///
/// One pass over each byte of the head (the end of the head is found by a small
/// state machine, never by rescanning), so a hostile line costs linear time.
/// - a chunked body whose chunk sizes add up past `maxBodyBytes`: 413, from the size
///   lines alone (a chunk is refused before its data is read), or whose framing
///   passes `streamedBodyLimit`; its end (last chunk, trailers) is followed exactly.
///
/// Being first in line, it sees every write on its way to the socket: a close asked
/// for while written bytes are still queued (Hummingbird closes right after writing
/// the end of an answer, on idle timeout and on quiesce) waits until they are written,
/// so an answer is never cut short for a client that reads slowly; only a client
/// that takes nothing at all for `idleTimeout` seconds is closed on.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private enum Phase {
        /// Reading a head: bytes so far, whether the request line ended, how many of "\r\n\r\n" matched.
        case head(bytes: Int, lineEnded: Bool, matched: Int)
        /// Reading a body of known length.
        case body(remaining: Int)
        /// A chunked body: its raw bytes so far, the chunk sizes declared so far, and
        /// where in the framing it is (sizes are read as they come, so a body is refused
        /// as soon as its declared sizes pass the limit, before their data is read).
        case chunked(raw: Int, declared: Int, state: ChunkState)
        /// Refused: the answer is written and the connection closing.
        case refused
    }

    /// Where a chunked body's framing is (RFC 9112, 7.1).
    enum ChunkState: Equatable {
        /// A size line's hex digits.
        case size(value: Int, digits: Int)
        /// After the size, until the line's CR (extensions, whitespace).
        case sizeExtension(value: Int)
        /// The size line's LF.
        case sizeLF(value: Int)
        case data(remaining: Int)
        /// The CR and LF after a chunk's data.
        case dataCR, dataLF
        /// The trailer section: a line's first byte, inside a line, its LF.
        case trailerStart, trailerLine
        case trailerLF(emptyLine: Bool)
        /// Not chunked framing: refused (400).
        case malformed
    }

    private let limits: CollectorLimits
    private let registry: ConnectionRegistry?
    private var registered = false
    /// Set when the head just read asks for the connection to close after its answer.
    private var quiesceAfterRead = false
    /// Writes passed on and not yet written to the socket, and those written so far.
    private var unwrittenWrites = 0
    private var writtenWrites = 0
    /// A close held back until the writes before it are written.
    private var heldClose: (mode: CloseMode, promises: [EventLoopPromise<Void>])?
    private var stallCheck: Scheduled<Void>?
    private var phase = Phase.head(bytes: 0, lineEnded: false, matched: 0)
    /// The current head's bytes (at most `maxHeadBytes`), to read its framing headers.
    private var head: [UInt8] = []
    private var timeout: Scheduled<Void>?

    init(limits: CollectorLimits, registry: ConnectionRegistry? = nil) {
        self.limits = limits
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { register(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    private func register(_ context: ChannelHandlerContext) {
        guard !registered else { return }
        registered = true
        registry?.opened(context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        guard inspect(buffer.readableBytesView, context: context) else { return }
        context.fireChannelRead(data)
        if quiesceAfterRead {
            // The parser has the head now, so the request counts as in flight:
            // Hummingbird closes the connection once its answer is written.
            quiesceAfterRead = false
            context.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
        }
    }

    // MARK: Writes and closes

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        unwrittenWrites += 1
        let written = promise ?? context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in
            unwrittenWrites -= 1
            writtenWrites += 1
            if unwrittenWrites == 0 { releaseHeldClose(context: context) }
        }
        context.write(data, promise: written)
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard unwrittenWrites > 0, context.channel.isActive else {
            context.close(mode: mode, promise: promise)
            return
        }
        if var held = heldClose {
            if mode == .all { held.mode = .all }
            if let promise { held.promises.append(promise) }
            heldClose = held
            return
        }
        heldClose = (mode, promise.map { [$0] } ?? [])
        context.flush()
        watchForStall(context: context, written: writtenWrites)
    }

    /// Closes anyway when nothing more was written for `idleTimeout` seconds: a client
    /// that reads nothing cannot keep the connection.
    private func watchForStall(context: ChannelHandlerContext, written: Int) {
        stallCheck = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(limits.idleTimeout * 1_000))) { [self] in
            guard heldClose != nil else { return }
            if writtenWrites == written {
                releaseHeldClose(context: context)
            } else {
                watchForStall(context: context, written: writtenWrites)
            }
        }
    }

    private func releaseHeldClose(context: ChannelHandlerContext) {
        guard let held = heldClose else { return }
        heldClose = nil
        stallCheck?.cancel()
        stallCheck = nil
        let promise: EventLoopPromise<Void>? = held.promises.isEmpty ? nil : context.eventLoop.makePromise()
        promise?.futureResult.assumeIsolated().whenComplete { result in
            held.promises.forEach { $0.completeWith(result) }
        }
        context.close(mode: held.mode, promise: promise)
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
        stallCheck?.cancel()
        stallCheck = nil
        if registered { registry?.closed(context.channel) }
        context.fireChannelInactive()
    }

    /// Follows the bytes; `false` when the request was refused (nothing more is passed on).
    private func inspect(_ bytes: ByteBufferView, context: ChannelHandlerContext) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch phase {
            case .refused:
                return false
            case .chunked(let raw, let declared, let state):
                let start = index
                let (next, total, ended, refusal) = followChunks(bytes, from: &index, declared: declared, state: state)
                if let refusal {
                    refuse(refusal.status, refusal.message, context: context)
                    return false
                }
                if ended {
                    requestComplete()
                } else if raw + index - start > Self.streamedBodyLimit(limits) {
                    // Framing spam: tiny chunks or long extensions.
                    refuse(413, "the body is larger than \(limits.maxBodyBytes) bytes", context: context)
                    return false
                } else {
                    phase = .chunked(raw: raw + index - start, declared: total, state: next)
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
                if count == 0 {
                    startTimer(context: context)
                    registry?.requestStarted(on: context.channel)
                }
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
                let facts = RequestHeadFacts(head: head)
                head.removeAll(keepingCapacity: true)
                if let problem = facts.hostProblem {
                    refuse(400, problem, context: context)
                    return false
                }
                if facts.closesConnection { quiesceAfterRead = true }
                switch facts.framing {
                case .chunked:
                    phase = .chunked(raw: 0, declared: 0, state: .size(value: 0, digits: 0))
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

    /// Follows a chunked body's framing through `bytes` from `index` (moved past what
    /// belongs to the body): the state after, the sizes declared in all, whether the
    /// body ended (last chunk and trailers), and why it is refused, if it is. Data is
    /// skipped a whole read at a time; only the framing is read byte by byte.
    private func followChunks(_ bytes: ByteBufferView, from index: inout ByteBufferView.Index, declared: Int,
                              state: ChunkState) -> (ChunkState, Int, Bool, (status: Int, message: String)?) {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let tooLarge = (status: 413, message: "the body is larger than \(limits.maxBodyBytes) bytes")
        var state = state
        var declared = declared
        while index < bytes.endIndex {
            if case .data(let remaining) = state {
                let take = min(remaining, bytes.endIndex - index)
                index += take
                state = take == remaining ? .dataCR : .data(remaining: remaining - take)
                continue
            }
            if state == .malformed {
                return (state, declared, false, (400, "the body is not valid chunked framing"))
            }
            let byte = bytes[index]
            index += 1
            switch state {
            case .size(let value, let digits):
                if let digit = Self.hexDigit(byte) {
                    let size = value * 16 + digit
                    if declared + size > limits.maxBodyBytes { return (state, declared, false, tooLarge) }
                    state = .size(value: size, digits: digits + 1)
                } else if digits > 0, byte == cr {
                    state = .sizeLF(value: value)
                } else if digits > 0, byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    state = .sizeExtension(value: value)
                } else {
                    state = .malformed
                }
            case .sizeExtension(let value):
                if byte == cr { state = .sizeLF(value: value) }
            case .sizeLF(let value):
                guard byte == lf else { state = .malformed; break }
                declared += value
                state = value == 0 ? .trailerStart : .data(remaining: value)
            case .dataCR:
                state = byte == cr ? .dataLF : .malformed
            case .dataLF:
                state = byte == lf ? .size(value: 0, digits: 0) : .malformed
            case .trailerStart:
                state = byte == cr ? .trailerLF(emptyLine: true) : .trailerLine
            case .trailerLine:
                if byte == cr { state = .trailerLF(emptyLine: false) }
            case .trailerLF(let emptyLine):
                guard byte == lf else { state = .malformed; break }
                if emptyLine { return (state, declared, true, nil) }
                state = .trailerStart
            case .data, .malformed:
                break
            }
        }
        if state == .malformed { return (state, declared, false, (400, "the body is not valid chunked framing")) }
        return (state, declared, false, nil)
    }

    static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
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
        case 400: "Bad Request"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        default: "Request Header Fields Too Large"
        }
        let body = String(decoding: CollectorService.errorBytes(message), as: UTF8.self)
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
}
