import Foundation

/// One step of the dispatcher's background work, for the journey
/// (``TrackingClient/backgroundSteps``, included in ``TrackingClient/describe()``).
public struct BackgroundStep: Sendable, Hashable, CustomStringConvertible {
    public enum Stage: Sendable, Hashable {
        /// Extra time asked for and granted (the grant's raw value).
        case began(grant: Int)
        /// The platform granted no time; the work runs anyway.
        case notGranted
        /// Everything tracked before going to the background is persisted (or not: the status).
        case persisted(PersistenceStatus)
        /// The background flush finished.
        case flushed(delivered: Int, requests: Int)
        /// The system said time is up: no new request starts, the one in flight is cancelled.
        case expired
        /// The grant was given back (why: work done, expired, foreground, shutdown).
        case ended(grant: Int, reason: String)
    }

    public var stage: Stage
    public var at: Date

    public var description: String {
        let time = ISO8601DateFormatter().string(from: at)
        switch stage {
        case .began(let grant): return "\(time) background time began (\(grant))"
        case .notGranted: return "\(time) background time not granted"
        case .persisted(let status): return "\(time) background: tracked events \(status == .persisted ? "persisted" : "\(status)")"
        case .flushed(let delivered, let requests): return "\(time) background flush done: \(delivered) delivered in \(requests) request(s)"
        case .expired: return "\(time) background time expired: no new request, the one in flight cancelled"
        case .ended(let grant, let reason): return "\(time) background time ended (\(grant)): \(reason)"
        }
    }
}
