import Foundation

/// A recorded session: inputs to the engine, one JSON object per line, in time
/// order. The format is documented in docs/impressions.md:
///
/// ```
/// {"t":0,"type":"start"}
/// {"t":0.016,"type":"report","viewport":[0,0,390,844],"occluders":[[0,0,390,100]],
///  "items":[{"id":"p1","position":0,"frame":[0,100,390,200]}]}
/// {"t":2.5,"type":"background"}
/// ```
///
/// `t` is seconds on a monotonic clock; rectangles are `[x, y, width, height]`.
/// Blank lines and lines starting with `#` are ignored. A recording starts with
/// a header line holding the rules it was recorded with
/// (`{"type":"rules","threshold":0.5,…}`), followed, when the recording's cap
/// dropped its oldest entries, by `{"type":"dropped","count":N}`.
public struct ImpressionTrace: Sendable, Hashable {
    /// One input of the engine.
    public enum Input: Sendable, Hashable {
        case report(VisibilityReport)
        /// Time passes with nothing new on screen (a driver's wake-up).
        case tick
        case start, stop, background, foreground, suspend, resume, newVisit, restart, flush

        /// The `type` of a line.
        public var typeName: String {
            switch self {
            case .report: "report"
            case .tick: "tick"
            case .start: "start"
            case .stop: "stop"
            case .background: "background"
            case .foreground: "foreground"
            case .suspend: "suspend"
            case .resume: "resume"
            case .newVisit: "newVisit"
            case .restart: "restart"
            case .flush: "flush"
            }
        }

        static let simple: [String: Input] = [
            "tick": .tick, "start": .start, "stop": .stop, "background": .background,
            "foreground": .foreground, "suspend": .suspend, "resume": .resume,
            "newVisit": .newVisit, "restart": .restart, "flush": .flush,
        ]
    }

    /// An input at its time.
    public struct Entry: Sendable, Hashable {
        public var time: MonotonicInstant
        public var input: Input

        public init(time: MonotonicInstant, input: Input) {
            self.time = time
            self.input = input
        }
    }

    public var entries: [Entry]
    /// The rules the session was recorded with (from the header line), if known.
    public var rules: ImpressionCriteria?
    /// How many of the oldest entries the recording dropped (its cap was reached).
    public var droppedEntries: Int

    public init(entries: [Entry], rules: ImpressionCriteria? = nil, droppedEntries: Int = 0) {
        self.entries = entries
        self.rules = rules
        self.droppedEntries = droppedEntries
    }

    /// Parses JSON lines; errors name the line.
    public init(jsonLines text: String) throws(ImpressionTraceError) {
        var entries: [Entry] = []
        var rules: ImpressionCriteria?
        var dropped = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            switch try Self.parse(line: line, number: lineNumber) {
            case .entry(let entry):
                entries.append(entry)
            case .rules(let header):
                guard entries.isEmpty, rules == nil else {
                    throw ImpressionTraceError(line: lineNumber, message: "the rules line must come first, once")
                }
                rules = header
            case .dropped(let count):
                guard entries.isEmpty, dropped == 0 else {
                    throw ImpressionTraceError(line: lineNumber, message: "the dropped line must come before every entry, once")
                }
                dropped = count
            }
        }
        self.init(entries: entries, rules: rules, droppedEntries: dropped)
    }

    /// The trace as JSON lines: the header (rules, dropped entries) when known,
    /// then one entry per line, ending with a newline.
    public var jsonLines: String {
        var text = ""
        if let rules { text += TraceHeader.encode(rules) + "\n" }
        if droppedEntries > 0 { text += "{\"type\":\"dropped\",\"count\":\(droppedEntries)}\n" }
        for entry in entries {
            text += Self.encode(entry)
            text += "\n"
        }
        return text
    }

    /// Feeds every entry to `engine` in order.
    public func replay(into engine: inout ImpressionEngine) {
        for entry in entries { Self.apply(entry, to: &engine) }
    }

    /// Applies one entry to an engine.
    public static func apply(_ entry: Entry, to engine: inout ImpressionEngine) {
        let time = entry.time
        switch entry.input {
        case .report(let report): engine.report(report, at: time)
        case .tick: engine.advance(to: time)
        case .start: engine.start(at: time)
        case .stop: engine.stop(at: time)
        case .background: engine.enterBackground(at: time)
        case .foreground: engine.enterForeground(at: time)
        case .suspend: engine.suspend(at: time)
        case .resume: engine.resume(at: time)
        case .newVisit: engine.beginVisit(at: time)
        case .restart: engine.restart(at: time)
        case .flush: engine.flush(at: time)
        }
    }

    // MARK: Parsing

    private enum Line {
        case entry(Entry)
        case rules(ImpressionCriteria)
        case dropped(Int)
    }

    private static func parse(line: String, number: Int) throws(ImpressionTraceError) -> Line {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ImpressionTraceError(line: number, message: "a line must be a JSON object")
            }
            object = parsed
        } catch let error as ImpressionTraceError {
            throw error
        } catch {
            throw ImpressionTraceError(line: number, message: "not JSON")
        }
        func fail(_ message: String) -> ImpressionTraceError { ImpressionTraceError(line: number, message: message) }

        guard let type = object["type"] as? String else { throw fail("missing string \"type\"") }
        if type == "rules" {
            do { return .rules(try TraceHeader.rules(from: object)) } catch { throw fail(error.message) }
        }
        if type == "dropped" {
            guard let count = (object["count"] as? NSNumber).flatMap(integer), count > 0 else {
                throw fail("\"count\" of dropped entries must be a positive integer")
            }
            return .dropped(count)
        }
        guard let seconds = (object["t"] as? NSNumber)?.doubleValue else {
            throw fail("missing number \"t\" (seconds)")
        }
        guard let time = MonotonicInstant(checkedSeconds: seconds) else {
            throw fail("\"t\" must be a finite number of seconds within ±\(JSONText.number(MonotonicInstant.maximumSeconds)); got \(seconds)")
        }
        if let input = Input.simple[type] { return .entry(Entry(time: time, input: input)) }
        guard type == "report" else { throw fail("unknown type \"\(type)\"") }

        func rect(_ value: Any?, _ what: String) throws(ImpressionTraceError) -> ScreenRect {
            guard let numbers = value as? [NSNumber], numbers.count == 4 else {
                throw fail("\(what) must be [x, y, width, height]")
            }
            let v = numbers.map(\.doubleValue)
            guard v.allSatisfy(\.isFinite) else { throw fail("\(what) must hold finite numbers") }
            return ScreenRect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        let viewport = try rect(object["viewport"], "viewport")
        var occluders: [ScreenRect] = []
        if let list = object["occluders"] {
            guard let list = list as? [Any] else { throw fail("occluders must be a list of rectangles") }
            for entry in list { occluders.append(try rect(entry, "an occluder")) }
        }
        guard let rawItems = object["items"] as? [[String: Any]] else { throw fail("missing list \"items\"") }
        var items: [VisibilityReport.Item] = []
        items.reserveCapacity(rawItems.count)
        for raw in rawItems {
            guard let id = raw["id"] as? String else { throw fail("an item needs a string \"id\"") }
            guard let position = (raw["position"] as? NSNumber).flatMap(integer) else {
                throw fail("item \(id) needs an integer \"position\" within Int's range")
            }
            items.append(.init(id: ImpressionItemID(id), position: position, frame: try rect(raw["frame"], "frame of \(id)")))
        }
        return .entry(Entry(time: time, input: .report(VisibilityReport(viewport: viewport, occluders: occluders, items: items))))
    }

    /// The number as an `Int` when it is a whole number within `Int`'s range
    /// (`NSNumber.intValue` would truncate `1.5` and wrap `1e30`).
    private static func integer(_ number: NSNumber) -> Int? {
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) <= 0x1p63 else { return nil }
        // The integer reading when it agrees with the number (doubles lose digits
        // beyond 2^53; `int64Value` of a number out of range is meaningless).
        let exact = number.int64Value
        return Double(exact) == double ? Int(exact) : nil
    }

    // MARK: Encoding

    private static func encode(_ entry: Entry) -> String {
        var text = "{\"t\":\(entry.time),\"type\":\"\(entry.input.typeName)\""
        if case .report(let report) = entry.input {
            text += ",\"viewport\":" + encode(report.viewport)
            if !report.occluders.isEmpty {
                text += ",\"occluders\":[" + report.occluders.map(encode).joined(separator: ",") + "]"
            }
            text += ",\"items\":["
            text += report.items.map { item in
                "{\"id\":\(JSONText.string(item.id.rawValue)),\"position\":\(item.position),\"frame\":\(encode(item.frame))}"
            }.joined(separator: ",")
            text += "]"
        }
        return text + "}"
    }

    private static func encode(_ rect: ScreenRect) -> String {
        "[\(JSONText.number(rect.x)),\(JSONText.number(rect.y)),\(JSONText.number(rect.width)),\(JSONText.number(rect.height))]"
    }
}

/// A trace line that could not be read.
public struct ImpressionTraceError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
