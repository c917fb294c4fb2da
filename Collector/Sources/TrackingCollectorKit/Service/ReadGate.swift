/// How many reads (`GET /events`, `/rejected`, `/requests`, the monitor's page, `/monitor/snapshot`) are
/// answered at once (`CollectorLimits.maxConcurrentReads`); more are answered 503.
/// A read holds its permit until its answer is written or dropped, so slow readers
/// hold permits, never the connection slots and database time batches need.
final class ReadGate: Sendable {
    /// Held while a read is answered; dropping it (the answer written, or never
    /// written because the client went away) gives the place back.
    final class Permit: Sendable {
        private let gate: ReadGate
        fileprivate init(gate: ReadGate) { self.gate = gate }
        deinit { gate.inUse.update { $0 -= 1 } }
    }

    private let inUse = Locked(0)
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// A permit, or `nil` when `capacity` reads are being answered.
    func enter() -> Permit? {
        let entered = inUse.update { count -> Bool in
            guard count < capacity else { return false }
            count += 1
            return true
        }
        return entered ? Permit(gate: self) : nil
    }

    var readsInProgress: Int { inUse.get() }
}
