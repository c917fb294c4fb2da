/// Faults waiting for the next batch requests (this instance's, in memory:
/// faults are a development aid, not shared between instances).
actor FaultQueue {
    private var faults: [Fault] = []
    private(set) var served = 0
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    var pending: Int { faults.count }

    /// Queues `more`; `false` (nothing queued) when that would exceed the capacity.
    func append(_ more: [Fault]) -> Bool {
        guard faults.count + more.count <= capacity else { return false }
        faults += more
        return true
    }

    func clear() { faults.removeAll() }

    func next() -> Fault? {
        guard !faults.isEmpty else { return nil }
        served += 1
        return faults.removeFirst()
    }
}
