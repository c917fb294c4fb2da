import Foundation

/// Whether delivery may start requests now. The client closes it when the
/// background time expires (and opens it again in the foreground); a provider
/// checks it before every request and registers how to cancel the one in flight.
package final class DeliveryGate: @unchecked Sendable {
    private let lock = NSLock()
    private var closed = false
    private var cancelInFlight: (@Sendable () -> Void)?

    package init() {}

    /// `true` while no new request may start.
    package var isClosed: Bool { lock.withLock { closed } }

    /// Registers how to cancel the request now in flight (`nil` when it ended).
    /// When the gate is already closed, `cancel` runs at once.
    package func setInFlight(_ cancel: (@Sendable () -> Void)?) {
        let runNow = lock.withLock { () -> Bool in
            cancelInFlight = cancel
            return closed && cancel != nil
        }
        if runNow { cancel?() }
    }

    /// Closes the gate and cancels the request in flight.
    func close() {
        let cancel = lock.withLock { () -> (@Sendable () -> Void)? in
            closed = true
            return cancelInFlight
        }
        cancel?()
    }

    /// Lets delivery start requests again.
    func open() { lock.withLock { closed = false } }
}
