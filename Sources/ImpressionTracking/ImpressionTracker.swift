/// An engine bound to a sink: every call forwards to `ImpressionEngine` and
/// then hands any committed batch to the sink.
///
/// Not `Sendable` on purpose: it lives where the UI lives (typically a
/// main-actor view controller or view model), which is also where visibility
/// reports come from. The driver schedules a single wake-up at `nextDeadline`
/// and calls `advance(to:)` then; there is no timer per item.
public final class ImpressionTracker {
    public private(set) var engine: ImpressionEngine
    public let sink: any ImpressionSink

    public init(rules: ImpressionRules = .mrc, sink: any ImpressionSink) throws(ImpressionRulesError) {
        self.engine = try ImpressionEngine(rules: rules)
        self.sink = sink
    }

    /// See `ImpressionEngine.nextDeadline`.
    public var nextDeadline: MonotonicInstant? { engine.nextDeadline }

    public func report(_ report: VisibilityReport, at time: MonotonicInstant) { deliver { $0.report(report, at: time) } }
    public func advance(to time: MonotonicInstant) { deliver { $0.advance(to: time) } }
    public func start(at time: MonotonicInstant) { deliver { $0.start(at: time) } }
    public func stop(at time: MonotonicInstant) { deliver { $0.stop(at: time) } }
    public func enterBackground(at time: MonotonicInstant) { deliver { $0.enterBackground(at: time) } }
    public func enterForeground(at time: MonotonicInstant) { deliver { $0.enterForeground(at: time) } }
    public func suspend(at time: MonotonicInstant) { deliver { $0.suspend(at: time) } }
    public func resume(at time: MonotonicInstant) { deliver { $0.resume(at: time) } }
    public func beginVisit(at time: MonotonicInstant) { deliver { $0.beginVisit(at: time) } }
    public func restart(at time: MonotonicInstant) { deliver { $0.restart(at: time) } }
    public func flush(at time: MonotonicInstant) { deliver { $0.flush(at: time) } }

    private func deliver(_ change: (inout ImpressionEngine) -> Void) {
        change(&engine)
        for batch in engine.takeCommittedBatches() { sink.receive(batch) }
    }
}
