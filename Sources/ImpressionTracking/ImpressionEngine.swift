/// The impression engine: a pure state machine fed with visibility reports,
/// lifecycle changes and the time of a monotonic clock. It owns no timer and
/// reads no clock; it computes exact qualification times from its inputs and
/// tells its driver, through `nextDeadline`, the one instant at which it next
/// needs to be woken up.
///
/// Between two reports an item's visible ratio is constant, so the engine knows
/// exactly when a dwell reaches the minimum duration. Polling often or rarely
/// (`advance(to:)`) therefore changes nothing in what is produced.
///
/// Inputs must come in time order; an input older than the previous one is
/// taken to happen at the previous one's time.
public struct ImpressionEngine: Sendable {
    public let rules: ImpressionCriteria

    /// The visit impressions currently count in (starts at 1).
    public private(set) var visit = 1
    /// Between `start` and `stop`.
    public private(set) var isStarted = false
    public private(set) var isInBackground = false
    public private(set) var isSuspended = false
    /// Time counts only while started, in foreground and not suspended.
    public var isCounting: Bool { isStarted && !isInBackground && !isSuspended }

    private let minimumNanos: Int64
    private let commitNanos: Int64
    /// The time of the latest input (nanoseconds); `Int64.min` before the first.
    private var clock = Int64.min
    /// Items in the latest report, by id. Off-screen items keep no state.
    private var items: [ImpressionItemID: ItemState] = [:]
    /// Items already counted in this visit.
    private var counted: Set<ImpressionItemID> = []
    /// Impressions produced but not yet committed.
    private var outbox: [Impression] = []
    /// The next instant of the commit cycle, while counting.
    private var nextCommit: Int64?
    /// Batches committed and not yet taken by the driver.
    private var committed: [ImpressionBatch] = []
    private var reportStamp: UInt64 = 0
    private var scratchIDs: [ImpressionItemID] = []

    private struct ItemState: Sendable {
        var position: Int
        var ratio: Double
        var stamp: UInt64
        var isCounted: Bool
        /// Start of the current dwell at or above the threshold while counting.
        var runStart: Int64?
        var runMaxRatio = 0.0
        /// Set when the current dwell qualified.
        var qualifiedAt: Int64?
        var qualifiedPosition = 0
    }

    /// Creates an engine; throws when the rules are inconsistent.
    public init(rules: ImpressionCriteria = .mrc) throws(ImpressionCriteriaError) {
        try rules.validate()
        self.rules = rules
        self.minimumNanos = rules.minimumDuration.nanosecondsValue
        self.commitNanos = rules.commitInterval.nanosecondsValue
        items.reserveCapacity(128)
        scratchIDs.reserveCapacity(64)
    }

    // MARK: Driver interface

    /// The earliest instant at which something can happen without a new input:
    /// a dwell reaching the minimum duration, or a commit of pending
    /// impressions. Nil when nothing is pending. Schedule one wake-up for it
    /// and call `advance(to:)`.
    public var nextDeadline: MonotonicInstant? {
        var best = earliestQualification()
        if !outbox.isEmpty, let commit = nextCommit {
            best = best.map { Swift.min($0, commit) } ?? commit
        }
        return best.map(MonotonicInstant.init(nanoseconds:))
    }

    /// The time of the latest input, if any.
    public var lastInputTime: MonotonicInstant? {
        clock == .min ? nil : MonotonicInstant(nanoseconds: clock)
    }

    /// Impressions produced and not yet committed.
    public var pendingImpressions: [Impression] { outbox }

    /// Removes and returns the batches committed since the last call.
    public mutating func takeCommittedBatches() -> [ImpressionBatch] {
        guard !committed.isEmpty else { return [] }
        defer { committed.removeAll() }
        return committed
    }

    /// Lets time pass to `time`: dwells that reach the minimum duration qualify
    /// at their exact instant, and commit cycles that fall due run.
    public mutating func advance(to time: MonotonicInstant) {
        advanceClock(to: time.nanoseconds)
    }

    /// Applies what is on screen at `time`. Items not in the report are off screen.
    public mutating func report(_ report: VisibilityReport, at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        reportStamp &+= 1
        let stamp = reportStamp
        for item in report.items {
            let ratio = VisibleRatio.of(
                item: item.frame, in: report.viewport, occludedBy: report.occluders, measure: rules.measure)
            if let index = items.index(forKey: item.id) {
                if items.values[index].stamp == stamp {
                    // The same item twice in one report: the better view wins.
                    if ratio > items.values[index].ratio {
                        items.values[index].ratio = ratio
                        items.values[index].position = item.position
                    }
                } else {
                    items.values[index].stamp = stamp
                    items.values[index].ratio = ratio
                    items.values[index].position = item.position
                }
            } else {
                items[item.id] = ItemState(
                    position: item.position, ratio: ratio, stamp: stamp, isCounted: counted.contains(item.id))
            }
        }

        let emittedBefore = outbox.count
        var anyGone = false
        let counting = isCounting
        forEachItem { engine, index in
            if engine.items.values[index].stamp != stamp {
                engine.items.values[index].ratio = 0
                anyGone = true
            }
            let ratio = engine.items.values[index].ratio
            let meets = engine.rules.meetsThreshold(ratio)
            if engine.items.values[index].runStart != nil {
                if meets {
                    engine.items.values[index].runMaxRatio = Swift.max(engine.items.values[index].runMaxRatio, ratio)
                } else {
                    engine.endRun(at: index, time: now)
                }
            } else if meets && counting {
                engine.items.values[index].runStart = now
                engine.items.values[index].runMaxRatio = ratio
            }
        }
        if anyGone {
            scratchIDs.removeAll(keepingCapacity: true)
            for (id, state) in items where state.stamp != stamp { scratchIDs.append(id) }
            for id in scratchIDs { items.removeValue(forKey: id) }
        }
        sortEmitted(from: emittedBefore)
    }

    // MARK: Lifecycle

    /// The screen appeared: counting begins (in the current visit).
    public mutating func start(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        guard !isStarted else { return }
        isStarted = true
        if isCounting { resumeCounting(at: now) }
    }

    /// The screen disappeared: dwells end, pending impressions are committed,
    /// and what was on screen is forgotten (the next `start` needs a report).
    public mutating func stop(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        guard isStarted else { return }
        pauseCounting(at: now)
        isStarted = false
        items.removeAll(keepingCapacity: true)
        commit(at: now, reason: .stop)
    }

    /// The app went to background: dwells end and pending impressions are committed.
    public mutating func enterBackground(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        guard !isInBackground else { return }
        pauseCounting(at: now)
        isInBackground = true
        commit(at: now, reason: .background)
    }

    /// The app came back: dwells of items still on screen start again from zero.
    public mutating func enterForeground(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        guard isInBackground else { return }
        isInBackground = false
        if isCounting { resumeCounting(at: now) }
    }

    /// The process is (or was, from `time` on) suspended: dwells end. Nothing is
    /// committed, as a suspended process cannot hand anything on.
    public mutating func suspend(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        guard !isSuspended else { return }
        pauseCounting(at: now)
        isSuspended = true
    }

    /// The process runs again: dwells start again from zero.
    public mutating func resume(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        guard isSuspended else { return }
        isSuspended = false
        if isCounting { resumeCounting(at: now) }
    }

    /// The same screen is shown again: a new visit in which every item may count
    /// once more. Current dwells end and, while counting, start again.
    public mutating func beginVisit(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        let counting = isCounting
        // The commit cycle runs on; only the dwells restart.
        if counting { endAllRuns(at: now) }
        visit += 1
        counted.removeAll(keepingCapacity: true)
        forEachItem { engine, index in engine.items.values[index].isCounted = false }
        if counting { startRuns(at: now) }
    }

    /// Clears what was counted (a new visit) and starts if stopped.
    public mutating func restart(at time: MonotonicInstant) {
        beginVisit(at: time)
        start(at: time)
    }

    /// Commits pending impressions now, outside the cycle.
    public mutating func flush(at time: MonotonicInstant) {
        let now = advanceClock(to: time.nanoseconds)
        commit(at: now, reason: .flush)
    }

    // MARK: Internals

    /// Moves the clock forward, running due qualifications and commit cycles in
    /// time order; returns the new clock.
    @discardableResult
    private mutating func advanceClock(to requested: Int64) -> Int64 {
        let target = Swift.max(requested, clock)
        while true {
            let due = earliestQualification().flatMap { $0 <= target ? $0 : nil }
            if let commitTime = nextCommit, commitTime <= target, due.map({ commitTime < $0 }) ?? true {
                commit(at: commitTime, reason: .cycle)
                // Skip cycles that would find nothing to commit: the next one
                // that matters is the first at or after the next qualification.
                let next = due ?? (target + 1)
                let steps = Swift.max(1, (next - commitTime + commitNanos - 1) / commitNanos)
                nextCommit = commitTime + steps * commitNanos
                continue
            }
            guard let due else { break }
            qualifyAll(at: due)
        }
        clock = target
        return target
    }

    private func earliestQualification() -> Int64? {
        var best: Int64?
        for state in items.values {
            guard let start = state.runStart, state.qualifiedAt == nil, !state.isCounted else { continue }
            let deadline = start + minimumNanos
            if best == nil || deadline < best! { best = deadline }
        }
        return best
    }

    private mutating func qualifyAll(at time: Int64) {
        scratchIDs.removeAll(keepingCapacity: true)
        for (id, state) in items {
            guard let start = state.runStart, state.qualifiedAt == nil, !state.isCounted,
                  start + minimumNanos == time else { continue }
            scratchIDs.append(id)
        }
        if scratchIDs.count > 1 {
            scratchIDs.sort { lhs, rhs in
                let a = items[lhs]!.position, b = items[rhs]!.position
                return a != b ? a < b : lhs < rhs
            }
        }
        for id in scratchIDs {
            guard let index = items.index(forKey: id) else { continue }
            counted.insert(id)
            items.values[index].isCounted = true
            items.values[index].qualifiedAt = time
            items.values[index].qualifiedPosition = items.values[index].position
            if rules.reporting == .atQualification {
                let state = items.values[index]
                outbox.append(Impression(
                    itemID: id, position: state.position, visit: visit,
                    firstVisibleAt: MonotonicInstant(nanoseconds: state.runStart!),
                    qualifiedAt: MonotonicInstant(nanoseconds: time),
                    visibleDuration: .nanoseconds(time - state.runStart!),
                    maxRatio: state.runMaxRatio))
            }
        }
    }

    /// Ends the dwell of the item at `index`, reporting it in on-exit mode.
    private mutating func endRun(at index: Dictionary<ImpressionItemID, ItemState>.Index, time: Int64) {
        let state = items.values[index]
        guard let start = state.runStart else { return }
        if rules.reporting == .onExit, let qualifiedAt = state.qualifiedAt {
            outbox.append(Impression(
                itemID: items.keys[index], position: state.qualifiedPosition, visit: visit,
                firstVisibleAt: MonotonicInstant(nanoseconds: start),
                qualifiedAt: MonotonicInstant(nanoseconds: qualifiedAt),
                visibleDuration: .nanoseconds(time - start),
                maxRatio: state.runMaxRatio))
        }
        items.values[index].runStart = nil
        items.values[index].qualifiedAt = nil
    }

    private mutating func pauseCounting(at time: Int64) {
        endAllRuns(at: time)
        nextCommit = nil
    }

    /// Counting begins again: the commit cycle restarts from here, and so do
    /// the dwells of items visible enough.
    private mutating func resumeCounting(at time: Int64) {
        nextCommit = time + commitNanos
        startRuns(at: time)
    }

    private mutating func endAllRuns(at time: Int64) {
        let emittedBefore = outbox.count
        forEachItem { engine, index in engine.endRun(at: index, time: time) }
        sortEmitted(from: emittedBefore)
    }

    private mutating func startRuns(at time: Int64) {
        forEachItem { engine, index in
            let ratio = engine.items.values[index].ratio
            if engine.items.values[index].runStart == nil, engine.rules.meetsThreshold(ratio) {
                engine.items.values[index].runStart = time
                engine.items.values[index].runMaxRatio = ratio
            }
        }
    }

    /// Visits every item's index for in-place changes. Walking `items.indices`
    /// instead would keep a second reference to the storage and make the first
    /// change copy the whole dictionary.
    private mutating func forEachItem(_ body: (inout ImpressionEngine, Dictionary<ImpressionItemID, ItemState>.Index) -> Void) {
        var index = items.startIndex
        while index != items.endIndex {
            body(&self, index)
            items.formIndex(after: &index)
        }
    }

    private mutating func commit(at time: Int64, reason: ImpressionBatch.Reason) {
        guard !outbox.isEmpty else { return }
        committed.append(ImpressionBatch(
            reason: reason, committedAt: MonotonicInstant(nanoseconds: time), impressions: outbox))
        outbox.removeAll(keepingCapacity: true)
    }

    /// Impressions produced at one instant from a dictionary walk are put in a
    /// stable order (position, then id), so output never depends on hashing.
    private mutating func sortEmitted(from start: Int) {
        guard outbox.count - start > 1 else { return }
        outbox[start...].sort { lhs, rhs in
            lhs.position != rhs.position ? lhs.position < rhs.position : lhs.itemID < rhs.itemID
        }
    }
}
