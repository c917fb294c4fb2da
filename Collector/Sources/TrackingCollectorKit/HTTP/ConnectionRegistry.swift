import NIOCore

/// The open connections, so that a new one never waits behind idle ones: when a
/// connection takes the last of `capacity` slots, the connection whose last request
/// started longest ago (or that never sent one) is asked to close. An idle one closes
/// at once; one with a request in flight closes after its answer is written
/// (Hummingbird's quiesce), so no request is cut off. Monitor streams are never
/// chosen: they are bounded by `CollectorLimits.maxStreams` instead.
///
/// Together with the stream and read budgets this keeps slots for batches: readers
/// can hold at most `maxStreams + maxConcurrentReads` connections that do not give
/// their slot back when asked, and every other connection does (docs/collector.md,
/// "Capacity").
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let channel: any Channel
        /// A counter value, not a time: ordered, and no clock to fake in tests.
        var lastRequest: UInt64
        var streaming = false
        var asked = false
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var tick: UInt64 = 0
        var evicted = 0
    }

    private let state = Locked(State())
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Connections asked to close to make room, since the start.
    var evictions: Int { state.update { $0.evicted } }

    var openCount: Int { state.update { $0.entries.count } }

    /// A connection opened; asks another to close when this one took the last slot.
    func opened(_ channel: any Channel) {
        let victim: (any Channel)? = state.update { state in
            state.tick += 1
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, lastRequest: state.tick)
            return Self.chooseVictim(in: &state, capacity: capacity, sparing: ObjectIdentifier(channel))
        }
        victim?.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }

    /// When every slot is taken: the connection to ask to close (marked as asked).
    private static func chooseVictim(in state: inout State, capacity: Int, sparing: ObjectIdentifier) -> (any Channel)? {
        guard state.entries.count >= capacity else { return nil }
        var oldest: (key: ObjectIdentifier, entry: Entry)?
        for (key, entry) in state.entries where key != sparing && !entry.streaming && !entry.asked {
            if oldest.map({ entry.lastRequest < $0.entry.lastRequest }) ?? true { oldest = (key, entry) }
        }
        guard let oldest else { return nil }
        state.entries[oldest.key]?.asked = true
        state.evicted += 1
        return oldest.entry.channel
    }

    func closed(_ channel: any Channel) {
        state.update { _ = $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// A request started on `channel`.
    func requestStarted(on channel: any Channel) {
        state.update { state in
            state.tick += 1
            let tick = state.tick
            state.entries[ObjectIdentifier(channel)]?.lastRequest = tick
        }
    }

    /// `channel` serves a monitor stream (`true`) or no longer does: not chosen while it does.
    /// A connection asked to close that starts a stream will not close: another is asked instead.
    func setStreaming(_ streaming: Bool, on channel: any Channel) {
        let key = ObjectIdentifier(channel)
        let victim: (any Channel)? = state.update { state in
            guard let entry = state.entries[key] else { return nil }
            state.entries[key]?.streaming = streaming
            guard streaming, entry.asked else { return nil }
            return Self.chooseVictim(in: &state, capacity: capacity, sparing: key)
        }
        victim?.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }
}
