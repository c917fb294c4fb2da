import Foundation
import Logging

/// Holds background time while the dispatcher finishes what the app tracked
/// before going to the background: at most one grant at a time, begun when the
/// app enters the background, ended at once when the work of the latest
/// background entry is done, when the app returns to the foreground, when the
/// system says time is up (before returning from its handler), or at shutdown.
final class BackgroundTimeKeeper: @unchecked Sendable {
    private let provider: (any BackgroundTimeProvider)?
    let gate: DeliveryGate
    private let clock: any TrackingClock
    private let logger: Logger
    private let lock = NSLock()
    private var grant: BackgroundTimeGrant?
    /// Counts background entries; only the latest entry's work ends the grant.
    private var generation = 0
    private var log: [BackgroundStep] = []
    private static let logCapacity = 200

    init(provider: (any BackgroundTimeProvider)?, gate: DeliveryGate, clock: any TrackingClock, logger: Logger) {
        self.provider = provider
        self.gate = gate
        self.clock = clock
        self.logger = logger
    }

    var hasProvider: Bool { provider != nil }

    var steps: [BackgroundStep] { lock.withLock { log } }

    /// Whether a grant is held now.
    var isHolding: Bool { lock.withLock { grant != nil } }

    func record(_ stage: BackgroundStep.Stage) {
        let step = BackgroundStep(stage: stage, at: clock.date)
        lock.withLock {
            if log.count >= Self.logCapacity { log.removeFirst(log.count - Self.logCapacity + 1) }
            log.append(step)
        }
    }

    /// The app entered the background: asks for time if none is held (on the
    /// caller's thread, as the platform wants) and returns this entry's number.
    func enterBackground() -> Int {
        let (entry, needsGrant) = lock.withLock { () -> (Int, Bool) in
            generation += 1
            return (generation, grant == nil)
        }
        gate.open()
        guard let provider, needsGrant else { return entry }
        // Outside the lock: a provider may call the expiration handler at once.
        let granted = provider.beginBackgroundTime(named: "tracking.dispatcher.flush") { [weak self] in self?.expire() }
        guard let granted else {
            record(.notGranted)
            return entry
        }
        let surplus = lock.withLock { () -> BackgroundTimeGrant? in
            if grant == nil { grant = granted; return nil }
            return granted   // another entry raced us to it
        }
        if let surplus {
            provider.endBackgroundTime(surplus)
        } else {
            record(.began(grant: granted.rawValue))
        }
        return entry
    }

    /// The work of background entry `entry` is done: ends the grant if no later entry is pending.
    func workFinished(entry: Int) {
        let ended = lock.withLock { () -> BackgroundTimeGrant? in
            guard entry == generation else { return nil }
            defer { grant = nil }
            return grant
        }
        end(ended, reason: "work done")
    }

    /// The system says time is up: no new request starts, the one in flight is
    /// cancelled (its events stay pending), and the time is given back now.
    func expire() {
        record(.expired)
        logger.notice("background time expired: stopping delivery until the app is in the foreground")
        gate.close()
        let ended = lock.withLock { () -> BackgroundTimeGrant? in
            defer { grant = nil }
            return grant
        }
        end(ended, reason: "expired")
    }

    /// The app is in the foreground again: delivery may run, no background time is needed.
    func enterForeground() {
        gate.open()
        let ended = lock.withLock { () -> BackgroundTimeGrant? in
            defer { grant = nil }
            return grant
        }
        end(ended, reason: "back in the foreground")
    }

    func shutdown() {
        let ended = lock.withLock { () -> BackgroundTimeGrant? in
            defer { grant = nil }
            return grant
        }
        end(ended, reason: "shutdown")
    }

    private func end(_ grant: BackgroundTimeGrant?, reason: String) {
        guard let grant, let provider else { return }
        provider.endBackgroundTime(grant)
        record(.ended(grant: grant.rawValue, reason: reason))
    }
}
