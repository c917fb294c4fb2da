import Foundation
import Testing
@testable import TrackingDispatcher

/// `FlushPolicy`: every occasion, with its strategy on and off.
@Suite("Flush policy")
struct FlushPolicyTests {
    let off = FlushPolicy(strategies: [], overflowQueueSize: 50, flushInterval: 30)
    let all = FlushPolicy(strategies: .all, overflowQueueSize: 50, flushInterval: 30)

    @Test("Each occasion flushes only with its strategy")
    func table() {
        let rows: [(FlushPolicy.Occasion, FlushTrigger?)] = [
            (.clientStarted, .boot),
            (.eventsPersisted(first: true, pending: 1), .initialEvents),
            (.eventsPersisted(first: false, pending: 50), .overflow),
            (.eventsPersisted(first: false, pending: 49), nil),
            (.willEnterForeground, .willEnterForeground),
            (.didEnterBackground, .didEnterBackground),
            (.reachabilityChanged(isReachable: true), .reachability),
            (.reachabilityChanged(isReachable: false), nil),
            (.intervalElapsed, .interval),
            (.manual, .manual),
        ]
        for (occasion, expected) in rows {
            #expect(all.trigger(for: occasion) == expected, "\(occasion)")
            #expect(off.trigger(for: occasion) == (occasion == .manual ? .manual : nil), "\(occasion) without strategies")
        }
    }

    @Test("Overflow without initialEvents on the first batch; the interval needs a positive period")
    func edges() {
        let overflowOnly = FlushPolicy(strategies: [.overflow], overflowQueueSize: 10, flushInterval: 30)
        #expect(overflowOnly.trigger(for: .eventsPersisted(first: true, pending: 10)) == .overflow)
        #expect(all.interval == 30)
        #expect(FlushPolicy(strategies: .all, overflowQueueSize: 1, flushInterval: 0).interval == nil)
        #expect(FlushPolicy(strategies: .all, overflowQueueSize: 1, flushInterval: 0).trigger(for: .intervalElapsed) == nil)
        #expect(off.interval == nil)
    }
}
