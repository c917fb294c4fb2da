import Foundation

/// Fans out monitor items (one JSON object each) to the open `/monitor/stream`
/// connections. Each subscriber has a bounded buffer: a browser that stops reading
/// loses the oldest items, never the collector's memory.
final class LiveFeed: Sendable {
    private let subscribers = Locked<[UUID: AsyncStream<String>.Continuation]>([:])
    static let bufferPerSubscriber = 2_000

    /// A stream of items from now on; ends when the subscriber goes away or `finishAll()`.
    func subscribe() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Self.bufferPerSubscriber))
        continuation.onTermination = { [subscribers] _ in subscribers.update { _ = $0.removeValue(forKey: id) } }
        subscribers.update { $0[id] = continuation }
        return stream
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
