import Foundation
import TrackingDispatcher

/// The one clock for tests: it moves only when the test says so.
///
/// It is a Swift `Clock` (for the impression driver, the screen tracker and
/// app code generic over a clock) and a `TrackingClock` (for the dispatcher:
/// intervals, backoff, the request-rate bound and sessions), with one time
/// line: `advance(by:)` moves both and wakes every sleeper whose deadline is
/// reached. ``waitForSleepers(_:)`` waits, with no timeout, until a given number
/// of sleepers are registered. With `autoAdvance`, every sleep moves the clock
/// forward itself and returns at once (for draining a backlog with a rate bound
/// in a test, where the elapsed clock time is what gets checked).
public final class ManualClock: Clock, TrackingClock, @unchecked Sendable {
    public struct Instant: InstantProtocol {
        /// Time since the clock was created.
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private let autoAdvance: Bool
    private var current = Instant(offset: .zero)
    /// Kept beside `current` (not derived from it) so that advancing to a
    /// dispatcher's date lands on that date exactly.
    private var currentDate: Date
    private var sleepers: [Sleeper] = []
    private var nextID = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// A clock at offset zero, which is `start` in wall time (``date``).
    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000), autoAdvance: Bool = false) {
        currentDate = start
        self.autoAdvance = autoAdvance
    }

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }
    /// How many sleepers wait.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// The wall time: `start` plus how far the clock was advanced (`TrackingClock`).
    public var date: Date { lock.withLock { currentDate } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        if autoAdvance {
            advance(to: deadline.offset)
            try Task.checkCancellation()
            return
        }
        let id = lock.withLock { nextID += 1; return nextID }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                        return []
                    }
                    if deadline <= current {
                        continuation.resume()
                        return []
                    }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return takeSatisfiedWaiters()
                }
                ready.forEach { $0.resume() }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Sleeps `seconds` on this clock (`TrackingClock`).
    public func sleep(for seconds: TimeInterval) async throws {
        let seconds = max(0, seconds)
        if autoAdvance {
            move { $0.date = $0.date.addingTimeInterval(seconds) }
            try Task.checkCancellation()
            return
        }
        try await sleep(until: now.advanced(by: .seconds(seconds)), tolerance: nil)
    }

    /// Moves the clock to `offset` from its creation and wakes every due sleeper.
    /// The clock never goes back: an earlier offset is ignored.
    public func advance(to offset: Duration) {
        move { $0.offset = offset }
    }

    /// Moves the clock to the wall time `date` (a dispatcher's next attempt, say)
    /// and wakes every due sleeper. The clock never goes back.
    public func advance(to date: Date) {
        move { $0.date = date }
    }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) {
        advance(to: now.offset + duration)
    }

    /// Returns once exactly `count` sleepers are waiting.
    public func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = lock.withLock {
                if sleepers.count == count { return true }
                waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Moves both time lines to the later of where `target` says and where they
    /// are, keeping them in step, then wakes the due sleepers.
    private func move(_ target: (inout (offset: Duration, date: Date)) -> Void) {
        let due: [Sleeper] = lock.withLock {
            var wanted = (offset: current.offset, date: currentDate)
            target(&wanted)
            if wanted.date != currentDate {
                let seconds = wanted.date.timeIntervalSince(currentDate)
                guard seconds > 0 else { return [] }
                current = Instant(offset: current.offset + .seconds(seconds))
                currentDate = wanted.date
            } else if wanted.offset > current.offset {
                currentDate = currentDate.addingTimeInterval(Self.seconds(wanted.offset - current.offset))
                current = Instant(offset: wanted.offset)
            }
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        due.forEach { $0.continuation.resume() }
    }

    private func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
        let ready = waiters.filter { $0.count == sleepers.count }.map(\.continuation)
        waiters.removeAll { $0.count == sleepers.count }
        return ready
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
