import Foundation

/// Fans out monitor items (one JSON object each) to the open `/monitor/stream`
/// connections. Each subscriber has a bounded buffer: a browser that stops reading
/// loses the oldest items, never the collector's memory.
final class LiveFeed: Sendable {
    private let subscribers = Locked<[UUID: AsyncStream<String>.Continuation]>([:])
    static let bufferPerSubscriber = 2_000

    /// One subscriber's items. Dropping it ends the subscription, so a stream whose
    /// answer was never written (the client went away first) gives its place back.
    final class Subscription: Sendable {
        let items: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        init(items: AsyncStream<String>, continuation: AsyncStream<String>.Continuation) {
            self.items = items
            self.continuation = continuation
        }

        deinit { continuation.finish() }
    }

    /// Items from now on; they end when the subscription is dropped, `seconds` after
    /// it started, or at `finishAll()`. `nil` when `limit` streams are open.
    func subscribe(limit: Int = .max, seconds: TimeInterval = .infinity) -> Subscription? {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Self.bufferPerSubscriber))
        let expiry = seconds.isFinite ? Task {
            try? await Task.sleep(for: .milliseconds(Int64(seconds * 1_000)))
            continuation.finish()
        } : nil
        continuation.onTermination = { [subscribers] _ in
            expiry?.cancel()
            subscribers.update { _ = $0.removeValue(forKey: id) }
        }
        let added = subscribers.update { list in
            guard list.count < limit else { return false }
            list[id] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return nil
        }
        return Subscription(items: stream, continuation: continuation)
    }

    var subscriberCount: Int { subscribers.get().count }

    func publish(_ items: [String]) {
        guard !items.isEmpty else { return }
        for continuation in subscribers.get().values {
            for item in items { continuation.yield(item) }
        }
    }

    func finishAll() {
        let all = subscribers.update { list -> [AsyncStream<String>.Continuation] in
            defer { list.removeAll() }
            return Array(list.values)
        }
        all.forEach { $0.finish() }
    }
}
