import Foundation

/// Group commit for `SQLiteStorage`: the batches that arrive while one transaction is
/// being written and synced wait together, and the next transaction stores all of them,
/// so one sync acknowledges many requests. Each request is answered only after the
/// transaction holding its batch committed (or failed).
///
/// The writer runs on a thread of its own: the sync blocks that thread, never the
/// concurrency pool, which meanwhile parses and checks the next batches.
final class GroupCommitWriter: @unchecked Sendable {
    // @unchecked: `pending`, `paused` and `state` are guarded by `condition`; `commit` is set once.

    /// Stores a group of batches in one transaction; one result per batch, in order.
    typealias Commit = @Sendable ([IngestBatch]) -> [Result<Set<String>, any Error>]

    private struct Waiting {
        var batch: IngestBatch
        var continuation: CheckedContinuation<Set<String>, any Error>
    }

    private enum State { case running, stopping, stopped }

    /// Rows (events, rejected events, request records) in one transaction at most, so a
    /// burst of large batches is committed in steps rather than held in one long transaction.
    static let maxRowsPerGroup = 20_000

    private let condition = NSCondition()
    private var pending: [Waiting] = []
    private var paused = false
    private var state = State.running
    private let finished = DispatchSemaphore(value: 0)
    private let commit: Commit

    init(commit: @escaping Commit) {
        self.commit = commit
        let thread = Thread { [self] in run() }
        thread.name = "collector-group-commit"
        thread.start()
    }

    /// Queues `batch` for the next group; returns once its transaction committed
    /// (the duplicates, as `EventStorage.ingest` does), throws when it failed.
    func submit(_ batch: IngestBatch) async throws -> Set<String> {
        try await withCheckedThrowingContinuation { continuation in
            condition.lock()
            defer { condition.unlock() }
            guard state == .running else {
                continuation.resume(throwing: StorageClosedError())
                return
            }
            pending.append(Waiting(batch: batch, continuation: continuation))
            condition.signal()
        }
    }

    /// Commits what is queued, then ends the thread; later batches are refused. Returns
    /// when the thread ended.
    func stop() {
        condition.lock()
        let first = state == .running
        if first { state = .stopping }
        paused = false
        condition.broadcast()
        condition.unlock()
        if first {
            finished.wait()
        }
    }

    // MARK: Tests

    /// Holds the queue: batches wait until `resume()`, so a test can form a group of known members.
    func pause() { condition.withLock { paused = true } }

    func resume() {
        condition.withLock {
            paused = false
            condition.broadcast()
        }
    }

    /// Batches queued and not yet taken into a transaction.
    var pendingCount: Int { condition.withLock { pending.count } }

    // MARK: The writer thread

    private func run() {
        while let group = nextGroup() {
            let results = commit(group.map(\.batch))
            for (waiting, result) in zip(group, results) { waiting.continuation.resume(with: result) }
        }
        condition.withLock { state = .stopped }
        finished.signal()
    }

    /// The next group: everything queued, up to `maxRowsPerGroup` rows (at least one batch);
    /// `nil` once stopping with nothing queued.
    private func nextGroup() -> [Waiting]? {
        condition.lock()
        defer { condition.unlock() }
        while (pending.isEmpty || paused) && state == .running { condition.wait() }
        guard !pending.isEmpty else { return nil }
        var rows = 0
        var count = 0
        for waiting in pending {
            rows += waiting.batch.accepted.count + waiting.batch.rejected.count + 1
            if count > 0 && rows > Self.maxRowsPerGroup { break }
            count += 1
        }
        let group = Array(pending.prefix(count))
        pending.removeFirst(count)
        return group
    }
}

/// The storage was closed; nothing was stored.
struct StorageClosedError: Error, CustomStringConvertible {
    var description: String { "the storage is closed" }
}
