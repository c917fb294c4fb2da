import Foundation

/// Which `uniqueViewId` each impression visit of a screen's drivers belongs to.
/// Read by impression sinks from any thread, so it has its own lock; it keeps
/// the latest ``capacity`` visits (impressions reported on exit arrive right
/// after their visit ended, never many visits later).
final class ScreenVisitDirectory: @unchecked Sendable {
    static let capacity = 32

    private let lock = NSLock()
    private var ids: [(impressionVisit: Int, uniqueViewId: UUID)] = []

    func record(impressionVisit: Int, uniqueViewId: UUID) {
        lock.withLock {
            ids.removeAll { $0.impressionVisit == impressionVisit }
            ids.append((impressionVisit, uniqueViewId))
            if ids.count > Self.capacity { ids.removeFirst(ids.count - Self.capacity) }
        }
    }

    /// The id of `impressionVisit`; for a visit the screen did not open (the app
    /// called `beginVisit()` on the driver itself), the id of the latest visit
    /// before it.
    func uniqueViewId(forImpressionVisit visit: Int) -> UUID? {
        lock.withLock {
            if let exact = ids.last(where: { $0.impressionVisit == visit }) { return exact.uniqueViewId }
            return ids.filter { $0.impressionVisit < visit }.max { $0.impressionVisit < $1.impressionVisit }?.uniqueViewId
        }
    }
}
