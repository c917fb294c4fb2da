import Dispatch
import Foundation

/// Runs independent pieces of generation on all cores.
enum Concurrently {
    /// `transform` of every element, in order, computed concurrently; results
    /// do not depend on which runs first, so output stays deterministic. (A
    /// `transform` that can fail returns a `Result`.)
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let results = Results<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        return results.values.map { $0! }
    }

    /// Like ``map(_:_:)``, with one worker per core taking the items in order;
    /// each worker keeps a `State` from item to item (a buffer to reuse, say).
    static func map<T: Sendable, State, R: Sendable>(
        _ items: [T], state: @Sendable () -> State, _ transform: @Sendable (T, inout State) -> R
    ) -> [R] {
        let results = Results<R>(count: items.count)
        let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var local = state()
            while let index = results.claim() {
                results.set(index, transform(items[index], &local))
            }
        }
        return results.values.map { $0! }
    }

    /// One slot per task, each written once under a lock.
    private final class Results<R>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [R?]
        private var claimed = 0

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        /// The next index no worker has taken, if any.
        func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard claimed < slots.count else { return nil }
            claimed += 1
            return claimed - 1
        }

        func set(_ index: Int, _ value: R) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        var values: [R?] {
            lock.lock()
            defer { lock.unlock() }
            return slots
        }
    }
}
