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

    /// One slot per task, each written once under a lock.
    private final class Results<R>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [R?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

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
