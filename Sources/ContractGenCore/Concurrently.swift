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

    /// `element(index)` for every index below `count`, in order, computed in chunks of `chunkSize`
    /// indices on all cores and written straight into the result: for elements that are costly to copy
    /// (``map(_:_:)``'s results, and joining per-chunk arrays, copy every element once more).
    static func array<R: Sendable>(count: Int, chunkSize: Int, _ element: @Sendable (Int) -> R) -> [R] {
        precondition(chunkSize > 0, "chunks of \(chunkSize) elements")
        return Array(unsafeUninitializedCapacity: count) { buffer, initializedCount in
            guard let start = buffer.baseAddress else { return }
            let elements = SendablePointer(start: start)
            // Each chunk initializes its own indices: no two workers write the same element.
            DispatchQueue.concurrentPerform(iterations: (count + chunkSize - 1) / chunkSize) { chunk in
                for index in chunk * chunkSize..<min(chunk * chunkSize + chunkSize, count) {
                    (elements.start + index).initialize(to: element(index))
                }
            }
            initializedCount = count
        }
    }

    /// The result's storage, shared by the workers that initialize disjoint parts of it.
    private struct SendablePointer<R>: @unchecked Sendable {
        let start: UnsafeMutablePointer<R>
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
