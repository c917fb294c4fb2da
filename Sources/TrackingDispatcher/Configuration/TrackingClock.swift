import Foundation

/// The dispatcher's source of time: intervals, backoff and the request-rate bound
/// all go through it, so tests run them on a `ManualClock` without waiting.
public protocol TrackingClock: Sendable {
    /// The current time.
    func now() -> Date
    /// Suspends until `seconds` have passed on this clock (or the task is cancelled).
    func sleep(for seconds: TimeInterval) async throws
}

/// Wall time and `Task.sleep`.
public struct SystemClock: TrackingClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(for seconds: TimeInterval) async throws {
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}

/// A clock that moves only when told: `advance(by:)` wakes the sleepers whose
/// deadline passed. With `autoAdvance`, `sleep(for:)` moves time forward itself
/// and returns at once (for draining a backlog with a rate bound in a test, where
/// the elapsed clock time is what gets checked).
public final class ManualClock: TrackingClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private let autoAdvance: Bool
    private var sleepers: [(deadline: Date, id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID: UInt64 = 0
    private var cancelled: Set<UInt64> = []

    public init(start: Date = Date(timeIntervalSince1970: 1_800_000_000), autoAdvance: Bool = false) {
        current = start
        self.autoAdvance = autoAdvance
    }

    public func now() -> Date {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    /// How many tasks are waiting on this clock.
    public var sleeperCount: Int {
        lock.lock(); defer { lock.unlock() }
        return sleepers.count
    }

    public func sleep(for seconds: TimeInterval) async throws {
        if autoAdvance {
            lock.withLock { current += max(0, seconds) }
            try Task.checkCancellation()
            return
        }
        let (id, deadline) = lock.withLock { () -> (UInt64, Date) in
            defer { nextID += 1 }
            return (nextID, current + max(0, seconds))
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                register(id: id, deadline: deadline, continuation: continuation)
            }
        } onCancel: {
            cancel(id: id)
        }
    }

    private func register(id: UInt64, deadline: Date, continuation: CheckedContinuation<Void, any Error>) {
        lock.lock()
        if cancelled.remove(id) != nil {
            lock.unlock()
            continuation.resume(throwing: CancellationError())
        } else if deadline <= current {
            lock.unlock()
            continuation.resume()
        } else {
            sleepers.append((deadline, id, continuation))
            lock.unlock()
        }
    }

    private func cancel(id: UInt64) {
        lock.lock()
        if let index = sleepers.firstIndex(where: { $0.id == id }) {
            let sleeper = sleepers.remove(at: index)
            lock.unlock()
            sleeper.continuation.resume(throwing: CancellationError())
        } else {
            cancelled.insert(id)
            lock.unlock()
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline is reached.
    public func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        let due = sleepers.filter { $0.deadline <= current }
        sleepers.removeAll { $0.deadline <= current }
        lock.unlock()
        for sleeper in due { sleeper.continuation.resume() }
    }
}
