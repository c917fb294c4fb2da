import Foundation

/// Delivers persisted events to a collector over HTTP (see `BatchUploader` for
/// the delivery table). Use one per client: it drains the client's store.
public final class CollectorProvider: TrackingProvider, @unchecked Sendable {
    public let endpoint: URL
    private let headers: [String: String]
    private let gzipThreshold: Int?
    private let lock = NSLock()
    private var uploader: BatchUploader?
    private var intervalTask: Task<Void, Never>?

    /// - Parameters:
    ///   - endpoint: the collector's batch URL (for the local collector `http://127.0.0.1:<port>/v1/batch`).
    ///   - headers: extra request headers (for example an API key).
    ///   - gzipAbove: request bodies of at least this many bytes are sent gzipped
    ///     (`Content-Encoding: gzip`) when that makes them smaller; `nil` never
    ///     compresses (for a collector that does not accept gzip).
    public init(endpoint: URL, headers: [String: String] = [:], gzipAbove gzipThreshold: Int? = 1_024) {
        self.endpoint = endpoint
        self.headers = headers
        self.gzipThreshold = gzipThreshold
    }

    public func setup(_ context: ProviderContext) {
        let transport = HTTPTransport(endpoint: endpoint, timeout: context.retry.requestTimeout, headers: headers,
                                      gzipThreshold: gzipThreshold)
        let uploader = BatchUploader(transport: transport, context: context)
        lock.withLock { self.uploader = uploader }
        if let interval = context.flushPolicy.interval {
            let clock = context.clock
            let policy = context.flushPolicy
            let task = Task {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: interval) } catch { return }
                    if let trigger = policy.trigger(for: .intervalElapsed) { _ = await uploader.flush(trigger: trigger) }
                }
            }
            lock.withLock { intervalTask = task }
        }
    }

    public func track(_ event: ProcessedEvent) {}
    public func associate(user: TrackedUser) {}
    public func disassociate() {}

    public func flush(trigger: FlushTrigger) async -> FlushSummary {
        guard let uploader = lock.withLock({ uploader }) else { return FlushSummary() }
        return await uploader.flush(trigger: trigger)
    }

    /// Lifts a pause caused by 401/403 (after the app fixed its credentials).
    public func resumeDelivery() async {
        await lock.withLock({ uploader })?.resume()
    }

    /// Whether a 401/403 paused delivery.
    public var isPaused: Bool {
        get async { await lock.withLock({ uploader })?.isPaused ?? false }
    }

    /// Flushes that joined the delivery pass under way and wait on it (for tests).
    var joinedFlushes: Int {
        get async { await lock.withLock({ uploader })?.joinedFlushes ?? 0 }
    }

    /// Requests sent so far and the most events one carried (for tests).
    var requestStatistics: (sent: Int, largest: Int) {
        get async {
            guard let uploader = lock.withLock({ uploader }) else { return (0, 0) }
            return (await uploader.requestsSent, await uploader.largestRequest)
        }
    }

    public func shutdown() async {
        let (uploader, task) = lock.withLock { (self.uploader, intervalTask) }
        task?.cancel()
        // Waits for a running upload to end (cancelled) before the client closes the store.
        await uploader?.shutdown()
    }
}
