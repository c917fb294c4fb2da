import CYAML
import Foundation

/// Reads a contract file into a ``Node`` tree with libyaml's event API.
///
/// The tree is built with an explicit stack while events stream in, so depth is
/// checked before any deep structure exists and nothing recurses. Problems with
/// the YAML itself (syntax, several documents, anchors, encoding, size, depth)
/// come back as diagnostics; the first one ends the parse, since what follows a
/// broken structure cannot be trusted. No libyaml type leaves this file.
package enum YAMLParser {
    /// Parses `bytes` (UTF-8) as one YAML document whose root is a mapping.
    /// - Parameter file: the path shown in diagnostics, as the user named it.
    package static func parse(bytes: [UInt8], file: String, limits: ParseLimits = .standard) -> YAMLParseResult {
        parse(bytes: bytes, file: file, limits: limits, pipelined: bytes.count >= pipelineThreshold)
    }

    /// From this size on, libyaml runs on a thread of its own while this one
    /// builds the tree (each is about half the work of a parse).
    static let pipelineThreshold = 256 * 1024

    static func parse(bytes: [UInt8], file: String, limits: ParseLimits, pipelined: Bool) -> YAMLParseResult {
        bytes.withUnsafeBufferPointer { whole in
            // Editors on Windows start UTF-8 files with a byte order mark: no part of the text (libyaml, told the
            // encoding, would read it as content), and columns count from after it, as editors show them.
            let buffer = UnsafeBufferPointer(rebasing: whole[UTF8Validation.byteOrderMarkLength(of: whole)...])
            var run = ParseRun(file: file, limits: limits)
            return run.parse(buffer, pipelined: pipelined)
        }
    }

    /// Parses `text` as one YAML document whose root is a mapping.
    package static func parse(_ text: String, file: String, limits: ParseLimits = .standard) -> YAMLParseResult {
        parse(bytes: Array(text.utf8), file: file, limits: limits)
    }

    /// Runs libyaml over `bytes` and only counts its events: the bare cost of
    /// parsing, the baseline the validation benchmark compares against.
    /// Returns `nil` when libyaml reports an error.
    package static func countEvents(bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard buffer.count > 0 else { return 2 }  // stream start and end; libyaml asserts on an empty buffer
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return nil }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var count = 0
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { return count }
            }
        }
    }
}

/// One collection under construction.
private struct Frame {
    let isMapping: Bool
    let location: SourceLocation
    var items: [Node] = []
    var pairs: [(key: Node, value: Node)] = []
    var pendingKey: Node?

    init(isMapping: Bool, location: SourceLocation) {
        self.isMapping = isMapping
        self.location = location
        // One allocation for the usual small collection instead of growing 1, 2, 4, 8.
        if isMapping { pairs.reserveCapacity(8) } else { items.reserveCapacity(8) }
    }

    var node: Node {
        isMapping ? Node(.mapping(pairs), at: location) : Node(.sequence(items), at: location)
    }
}

/// The state of one parse: the libyaml loop and the stack of open collections.
private struct ParseRun {
    let file: String
    let fileID: Int32
    let limits: ParseLimits
    /// The innermost open collection, kept out of `parents` so that adding to
    /// it touches no array of frames.
    var current: Frame?
    /// The collections enclosing `current`, outermost first.
    var parents: [Frame] = []
    var root: Node?
    var documents = 0

    init(file: String, limits: ParseLimits) {
        self.file = file
        self.fileID = SourceLocation(file: file, line: 1, column: 1).fileID
        self.limits = limits
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(fileID: fileID, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    func failure(_ message: String, at location: SourceLocation, hint: String? = nil) -> YAMLParseResult {
        YAMLParseResult(root: nil, diagnostics: [.error(message, at: location, hint: hint)])
    }

    mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>, pipelined: Bool) -> YAMLParseResult {
        let start = SourceLocation(file: file, line: 1, column: 1)
        if buffer.count > limits.maxBytes {
            return failure(
                "the file is \(buffer.count) bytes, more than the limit of \(limits.maxBytes) bytes", at: start,
                hint: "split the file or check that it is the contract you meant")
        }
        if let bad = UTF8Validation.firstInvalidByte(in: buffer) {
            let (line, column) = UTF8Validation.position(ofByte: bad, in: buffer)
            let byte = String(buffer[bad], radix: 16, uppercase: true)
            return failure(
                "invalid UTF-8: byte 0x\(byte.count == 1 ? "0" + byte : byte) at offset \(bad) is not part of a valid character",
                at: SourceLocation(file: file, line: line, column: column), hint: looksLikeUTF16(buffer) ? "the file looks like UTF-16; save it as UTF-8" : "save the file as UTF-8")
        }

        guard buffer.count > 0 else {
            // libyaml asserts on an empty input buffer.
            return failure("the file holds no YAML document", at: start, hint: "a contract starts with 'contract: Name' and 'version: 1.0.0'")
        }
        let events = EventReader(file: file, fileID: fileID)
        if pipelined {
            if let failed = buildPipelined(events, buffer) { return failed }
        } else {
            var stopped: YAMLParseResult?
            events.read(buffer) { event in
                if case .stop(let result) = event {
                    stopped = result
                } else {
                    stopped = take(event)
                }
                return stopped == nil
            }
            if let stopped { return stopped }
        }

        guard documents > 0 else {
            return failure("the file holds no YAML document", at: start, hint: "a contract starts with 'contract: Name' and 'version: 1.0.0'")
        }
        guard let root else { return failure("the file holds no YAML document", at: start) }
        switch root.value {
        case .mapping:
            return YAMLParseResult(root: root, diagnostics: [])
        case .scalar(let text, let style) where text.isEmpty && style == .plain:
            return failure("the document is empty", at: root.location, hint: "a contract starts with 'contract: Name' and 'version: 1.0.0'")
        case .scalar:
            return failure("the document is a scalar; a contract is a mapping of keys such as 'contract:' and 'version:'", at: root.location)
        case .sequence:
            return failure("the document is a list; a contract is a mapping of keys such as 'contract:' and 'version:'", at: root.location)
        }
    }

    /// Takes one event; returns a result only when the parse must stop.
    mutating func take(_ event: ParsedEvent) -> YAMLParseResult? {
        switch event {
        case .documentStart(let here):
            documents += 1
            if documents > 1 {
                return failure("the file holds more than one YAML document", at: here, hint: "a contract is a single document; remove the '---' separator")
            }
        case .scalar(let text, let style, let here):
            add(Node(.scalar(text, style: style), at: here))
        case .open(let isMapping, let here):
            if let failed = open(isMapping: isMapping, at: here) { return failed }
        case .close:
            if let frame = current {
                current = parents.popLast()
                add(frame.node)
            }
        case .stop(let result):
            return result
        }
        return nil
    }

    /// Builds the tree from events that `events` reads on another thread, a
    /// batch at a time; returns a result only when the parse must stop.
    mutating func buildPipelined(_ events: EventReader, _ buffer: UnsafeBufferPointer<UInt8>) -> YAMLParseResult? {
        let channel = EventChannel()
        let input = UnsafeInput(buffer: buffer)
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) {
            var batch: [ParsedEvent] = []
            batch.reserveCapacity(EventChannel.batchSize)
            events.read(input.buffer) { event in
                batch.append(event)
                if batch.count < EventChannel.batchSize { return true }
                defer { batch.removeAll(keepingCapacity: true) }
                return channel.send(batch)
            }
            channel.send(batch)
            channel.finish()
        }
        // The input must outlive the reader: wait for it however this ends.
        defer { reading.wait() }
        while let batch = channel.receive() {
            for event in batch {
                if let failed = take(event) {
                    channel.cancel()
                    return failed
                }
            }
        }
        return nil
    }

    mutating func open(isMapping: Bool, at here: SourceLocation) -> YAMLParseResult? {
        guard parents.count + (current == nil ? 0 : 1) < limits.maxDepth else {
            return failure("nesting is deeper than \(limits.maxDepth) levels", at: here, hint: "contracts need only a few levels; check for a runaway '[' or '{'")
        }
        if let open = current { parents.append(open) }
        current = Frame(isMapping: isMapping, location: here)
        return nil
    }

    mutating func add(_ node: Node) {
        guard current != nil else {
            root = node
            return
        }
        if current!.isMapping {
            if let key = current!.pendingKey {
                current!.pairs.append((key: key, value: node))
                current!.pendingKey = nil
            } else {
                current!.pendingKey = node
            }
        } else {
            current!.items.append(node)
        }
    }

    func looksLikeUTF16(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer.count >= 2 && ((buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF))
    }

}

/// One libyaml event as the tree builder takes it; made by ``EventReader``.
enum ParsedEvent: Sendable {
    case documentStart(SourceLocation)
    case scalar(String, Node.ScalarStyle, SourceLocation)
    case open(isMapping: Bool, SourceLocation)
    case close
    /// The parse ends here with this result (a syntax error, an anchor, a tag…).
    case stop(YAMLParseResult)
}

/// Runs libyaml over a buffer and turns its events into ``ParsedEvent``s:
/// everything about a parse that needs libyaml, so that it can run on a
/// thread of its own.
struct EventReader: Sendable {
    let file: String
    let fileID: Int32

    /// Reads `buffer` (not empty: libyaml asserts on that), passing each event
    /// to `body` until `body` returns `false`, a `.stop` event was passed, or
    /// the stream ends.
    func read(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (ParsedEvent) -> Bool) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            _ = body(.stop(failure("libyaml could not start (out of memory)", at: SourceLocation(fileID: fileID, line: 1, column: 1))))
            return
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                _ = body(.stop(syntaxError(parser, buffer)))
                return
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { return }
            guard let parsed = parsedEvent(event) else { continue }
            if case .stop = parsed {
                _ = body(parsed)
                return
            }
            if !body(parsed) { return }
        }
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(fileID: fileID, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    func failure(_ message: String, at location: SourceLocation, hint: String? = nil) -> YAMLParseResult {
        YAMLParseResult(root: nil, diagnostics: [.error(message, at: location, hint: hint)])
    }

    /// `nil` for events the tree does not need (stream and document ends).
    func parsedEvent(_ event: yaml_event_t) -> ParsedEvent? {
        let here = location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(here)
        case YAML_ALIAS_EVENT:
            return .stop(failure("aliases (*name) are not supported in contracts", at: here, hint: "write the value out in full"))
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            if scalar.anchor != nil { return .stop(anchorFailure(at: here)) }
            var style: Node.ScalarStyle = scalar.style == YAML_PLAIN_SCALAR_STYLE ? .plain : .quoted
            if let tag = scalar.tag {
                let name = String(cString: tag)
                guard name == "!" || name == "tag:yaml.org,2002:str" else {
                    return .stop(failure("YAML tags such as '\(shortTag(name))' are not supported in contracts", at: here, hint: "remove the tag; quote a value to make it a string"))
                }
                style = .quoted
            }
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            return .scalar(text, style, here)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            if start.anchor != nil { return .stop(anchorFailure(at: here)) }
            if let failed = checkCollectionTag(start.tag, expected: "tag:yaml.org,2002:seq", at: here) { return .stop(failed) }
            return .open(isMapping: false, here)
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            if start.anchor != nil { return .stop(anchorFailure(at: here)) }
            if let failed = checkCollectionTag(start.tag, expected: "tag:yaml.org,2002:map", at: here) { return .stop(failed) }
            return .open(isMapping: true, here)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return .close
        default:
            return nil
        }
    }

    func anchorFailure(at here: SourceLocation) -> YAMLParseResult {
        failure("anchors (&name) are not supported in contracts", at: here, hint: "write the value out in full; contracts do not share nodes")
    }

    func checkCollectionTag(_ tag: UnsafeMutablePointer<yaml_char_t>?, expected: String, at here: SourceLocation) -> YAMLParseResult? {
        guard let tag else { return nil }
        let name = String(cString: tag)
        if name == "!" || name == expected { return nil }
        return failure("YAML tags such as '\(shortTag(name))' are not supported in contracts", at: here, hint: "remove the tag")
    }

    func shortTag(_ name: String) -> String {
        name.hasPrefix("tag:yaml.org,2002:") ? "!!" + name.dropFirst("tag:yaml.org,2002:".count) : name
    }

    func syntaxError(_ parser: yaml_parser_t, _ buffer: UnsafeBufferPointer<UInt8>) -> YAMLParseResult {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        var message = "YAML syntax error: \(problem)"
        let at: SourceLocation
        switch parser.error {
        case YAML_READER_ERROR:
            let offset = min(Int(parser.problem_offset), buffer.count)
            let (line, column) = UTF8Validation.position(ofByte: offset, in: buffer)
            at = SourceLocation(file: file, line: line, column: column)
        case YAML_MEMORY_ERROR:
            message = "libyaml ran out of memory"
            at = SourceLocation(file: file, line: 1, column: 1)
        default:
            at = location(parser.problem_mark)
            // Something left open at the end of the file (a quote, a `[`): the error
            // belongs where it opens; where the file ends is only a note.
            var end = buffer.count
            if end > 0, buffer[end - 1] == 0x0A { end -= 1 }  // on the last line, not the empty one after it
            if problem == "found unexpected end of stream" || Int(parser.problem_mark.index) >= buffer.count,
                let context = parser.context, Int(parser.context_mark.index) < end
            {
                let opened = location(parser.context_mark)
                let what = String(cString: context).replacingOccurrences(of: "while scanning ", with: "")
                    .replacingOccurrences(of: "while parsing ", with: "")
                let isQuote = what == "a quoted scalar"
                let message = isQuote ? "unterminated quoted string: its quote is never closed" : "YAML syntax error: \(what) is never closed (\(problem))"
                let hint = isQuote ? "close it with the same quote it opens with" : nil
                let (line, column) = UTF8Validation.position(ofByte: end, in: buffer)
                return YAMLParseResult(root: nil, diagnostics: [
                    .error(message, at: opened, hint: hint),
                    .note("the file ends here, still inside \(what)", at: SourceLocation(file: file, line: line, column: column)),
                ])
            }
            if let context = parser.context {
                let contextStart = location(parser.context_mark)
                message += " (\(String(cString: context)) that started at line \(contextStart.line), column \(contextStart.column))"
            }
        }
        let hint = startsWithTab(line: at.line, column: at.column, buffer) ? "YAML indents with spaces, not tabs" : nil
        return failure(message, at: at, hint: hint)
    }

    /// Whether the character at `line`:`column` is a tab (libyaml's usual complaint about tab indentation).
    func startsWithTab(line: Int, column: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var currentLine = 1
        var i = 0
        while i < buffer.count && currentLine < line {
            if buffer[i] == 0x0A { currentLine += 1 }
            i += 1
        }
        var currentColumn = 1
        while i < buffer.count && buffer[i] != 0x0A {
            if currentColumn == column { return buffer[i] == 0x09 }
            i += 1
            while i < buffer.count && buffer[i] & 0xC0 == 0x80 { i += 1 }
            currentColumn += 1
        }
        return false
    }
}

/// The input buffer, handed to the thread that runs libyaml; the parse waits
/// for that thread before the buffer goes away.
private struct UnsafeInput: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
}

/// Batches of events from the thread that runs libyaml to the one that builds
/// the tree, in order.
final class EventChannel: @unchecked Sendable {
    /// Events per batch: enough that handing one over costs nothing in comparison.
    static let batchSize = 4096

    private let condition = NSCondition()
    private var batches: [[ParsedEvent]] = []
    private var next = 0
    private var finished = false
    private var cancelled = false

    /// Batches queued at most: when the tree builder falls behind, libyaml
    /// waits, so events never pile up far beyond the tree itself.
    static let maxQueued = 16

    /// Queues `batch`, waiting while the queue is full; `false` once the
    /// receiver has stopped listening.
    @discardableResult
    func send(_ batch: [ParsedEvent]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while batches.count - next >= Self.maxQueued && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        if !batch.isEmpty {
            batches.append(batch)
            condition.broadcast()
        }
        return true
    }

    /// No more batches will come.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; `nil` when all were received.
    func receive() -> [ParsedEvent]? {
        condition.lock()
        defer { condition.unlock() }
        while next == batches.count && !finished { condition.wait() }
        guard next < batches.count else { return nil }
        defer {
            batches[next] = []
            next += 1
            condition.broadcast()  // room for the sender
        }
        return batches[next]
    }

    /// The receiver stops listening; the sender stops at its next batch.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
