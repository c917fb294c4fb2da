import Foundation

/// The session id global. A session starts with the client and ends after
/// `timeout` seconds without a tracked event (default 30 minutes, the common
/// analytics convention); the next event then starts a new session with a new id.
/// Time comes from the dispatcher's clock, so tests move it.
struct SessionTracker {
    let timeout: TimeInterval
    private(set) var sessionID = UUID()
    private var lastActivity: Date?

    init(timeout: TimeInterval) { self.timeout = timeout }

    /// The session id for an event created at `date`.
    mutating func session(at date: Date) -> UUID {
        if let last = lastActivity, date.timeIntervalSince(last) > timeout {
            sessionID = UUID()
        }
        if lastActivity.map({ date > $0 }) ?? true { lastActivity = date }
        return sessionID
    }
}
