import Foundation

/// A clock that moves only when the test says so, for the impression driver
/// and the screen tracker. Sleepers (the driver's one wake-up) resume when the
/// clock is advanced past their deadline; ``waitForSleepers(_:)`` waits, with
/// no timeout, until a given number of them are registered.
public final class ManualClock: Clock, @unchecked Sendable {
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
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID = 0
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }
    /// How many sleepers wait.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
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

    /// Moves the clock to `offset` from its creation and wakes every due sleeper.
    /// The clock never goes back: an earlier offset is ignored.
    public func advance(to offset: Duration) {
        let due: [Sleeper] = lock.withLock {
            current = Instant(offset: max(offset, current.offset))
            let due = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return due
        }
        due.forEach { $0.continuation.resume() }
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

    private func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
        let ready = waiters.filter { $0.count == sleepers.count }.map(\.continuation)
        waiters.removeAll { $0.count == sleepers.count }
        return ready
    }
}
