import Foundation

/// Hands what the worker committed to every provider: setup once, then events,
/// user association and flushes, in order. Flushes run as tasks of their own
/// (the worker never waits for the network); overflow flushes are coalesced, one
/// at a time, since the uploader serialises them anyway.
final class ProviderFanOut: @unchecked Sendable {
    let providers: [any TrackingProvider]
    private let overflowLock = NSLock()
    private var overflowFlushRunning = false

    init(_ providers: [any TrackingProvider]) {
        self.providers = providers
    }

    func setup(_ context: ProviderContext) {
        for provider in providers { provider.setup(context) }
    }

    /// Committed events, in tracking order (store queue).
    func track(_ events: [ProcessedEvent]) {
        for event in events {
            for provider in providers { provider.track(event) }
        }
    }

    func associate(_ user: TrackedUser) {
        for provider in providers { provider.associate(user: user) }
    }

    func disassociate() {
        for provider in providers { provider.disassociate() }
    }

    /// Starts a flush of every provider without waiting for it.
    func startFlush(_ trigger: FlushTrigger) {
        if trigger == .overflow { return startOverflowFlush() }
        let providers = self.providers
        Task.detached {
            for provider in providers { _ = await provider.flush(trigger: trigger) }
        }
    }

    /// One overflow flush at a time: the uploader coalesces anyway, this avoids a task per batch.
    private func startOverflowFlush() {
        let start = overflowLock.withLock { () -> Bool in
            if overflowFlushRunning { return false }
            overflowFlushRunning = true
            return true
        }
        guard start else { return }
        let providers = self.providers
        Task.detached { [self] in
            for provider in providers { _ = await provider.flush(trigger: .overflow) }
            overflowLock.withLock { overflowFlushRunning = false }
        }
    }
}
