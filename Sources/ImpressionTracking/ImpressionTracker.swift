/// An engine bound to a sink: every call forwards to `ImpressionEngine` and
/// then hands any committed batch to the sink.
///
/// Not `Sendable` on purpose: it lives where the UI lives (typically a
/// main-actor view controller or view model), which is also where visibility
/// reports come from. A driver (`ImpressionDriver`) schedules a single wake-up
/// at `nextDeadline` and calls `advance(to:)` then; there is no timer per item.
///
/// For QA, `startRecording()` keeps every input from then on as a trace that
/// `impression-replay` replays anywhere (see docs/impressions.md).
public final class ImpressionTracker {
    public private(set) var engine: ImpressionEngine
    public let sink: any ImpressionSink
    private var recording: [ImpressionTrace.Entry]?

    public init(rules: ImpressionRules = .mrc, sink: any ImpressionSink) throws(ImpressionRulesError) {
        self.engine = try ImpressionEngine(rules: rules)
        self.sink = sink
    }

    /// See `ImpressionEngine.nextDeadline`.
    public var nextDeadline: MonotonicInstant? { engine.nextDeadline }

    public func report(_ report: VisibilityReport, at time: MonotonicInstant) { apply(.report(report), at: time) }
    public func advance(to time: MonotonicInstant) { apply(.tick, at: time) }
    public func start(at time: MonotonicInstant) { apply(.start, at: time) }
    public func stop(at time: MonotonicInstant) { apply(.stop, at: time) }
    public func enterBackground(at time: MonotonicInstant) { apply(.background, at: time) }
    public func enterForeground(at time: MonotonicInstant) { apply(.foreground, at: time) }
    public func suspend(at time: MonotonicInstant) { apply(.suspend, at: time) }
    public func resume(at time: MonotonicInstant) { apply(.resume, at: time) }
    public func beginVisit(at time: MonotonicInstant) { apply(.newVisit, at: time) }
    public func restart(at time: MonotonicInstant) { apply(.restart, at: time) }
    public func flush(at time: MonotonicInstant) { apply(.flush, at: time) }

    /// Starts keeping every input (replacing an unfinished recording).
    public func startRecording() { recording = [] }

    /// Ends the recording and returns it (empty when none was running).
    public func stopRecording() -> ImpressionTrace {
        defer { recording = nil }
        return ImpressionTrace(entries: recording ?? [])
    }

    private func apply(_ input: ImpressionTrace.Input, at time: MonotonicInstant) {
        let entry = ImpressionTrace.Entry(time: time, input: input)
        recording?.append(entry)
        ImpressionTrace.apply(entry, to: &engine)
        for batch in engine.takeCommittedBatches() { sink.receive(batch) }
    }
}
