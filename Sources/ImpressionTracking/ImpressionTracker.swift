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
    private var recordingLimit = ImpressionTracker.defaultRecordingLimit
    private var droppedEntries = 0

    /// The most entries a recording keeps unless told otherwise: 100,000 (at 60
    /// reports a second, almost half an hour of continuous scrolling; a few
    /// tens of megabytes at most).
    public static let defaultRecordingLimit = 100_000

    public init(rules: ImpressionCriteria = .mrc, sink: any ImpressionSink) throws(ImpressionCriteriaError) {
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

    /// Starts keeping every input (replacing an unfinished recording). The
    /// recording keeps at most `limit` entries: when full, its oldest tenth is
    /// dropped, and the trace says how many entries were dropped.
    public func startRecording(limit: Int = ImpressionTracker.defaultRecordingLimit) {
        recording = []
        recordingLimit = max(limit, 1)
        droppedEntries = 0
    }

    /// Ends the recording and returns it, headed by the tracker's rules (empty
    /// when none was running).
    public func stopRecording() -> ImpressionTrace {
        defer { recording = nil }
        guard let recording else { return ImpressionTrace(entries: []) }
        return ImpressionTrace(entries: recording, rules: engine.rules, droppedEntries: droppedEntries)
    }

    private func apply(_ input: ImpressionTrace.Input, at time: MonotonicInstant) {
        let entry = ImpressionTrace.Entry(time: time, input: input)
        if let count = recording?.count {
            if count >= recordingLimit {
                // A tenth at once, so dropping stays cheap per input.
                let drop = max(recordingLimit / 10, 1)
                recording?.removeFirst(drop)
                droppedEntries += drop
            }
            recording?.append(entry)
        }
        ImpressionTrace.apply(entry, to: &engine)
        for batch in engine.takeCommittedBatches() { sink.receive(batch) }
    }
}
