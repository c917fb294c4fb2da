import Foundation
@testable import ScreenTracking
import Testing
import TrackingCore

@MainActor final class Listener: ApplicationLifecycleParticipant {
    var changes: [ApplicationLifecycleChange] = []
    func applicationLifecycleDidChange(_ change: ApplicationLifecycleChange) { changes.append(change) }
}

/// The hub: order, weak participants, state for late comers, posts from other threads.
@MainActor @Suite("Application lifecycle hub", .timeLimit(.minutes(10)))
struct ApplicationLifecycleTests {
    @Test func participantsAreToldInOrderAndHeldWeakly() {
        let hub = ApplicationLifecycle()
        let first = Listener()
        var second: Listener? = Listener()
        hub.register(first)
        hub.register(second!)
        hub.register(first)   // once is enough: moved to the end
        #expect(hub.participantCount == 2)
        hub.post(.willSuspend)
        #expect(first.changes == [.willSuspend] && second?.changes == [.willSuspend])
        weak let released = second
        second = nil
        #expect(released == nil)
        #expect(hub.participantCount == 1)
        hub.unregister(first)
        hub.post(.didResume)
        #expect(first.changes == [.willSuspend])
    }

    @Test func theStateIsKeptForParticipantsCreatedLater() {
        let hub = ApplicationLifecycle()
        hub.post(.didEnterBackground)
        hub.post(.willSuspend)
        #expect(hub.state.isInBackground && hub.state.isSuspended)
        hub.post(.willEnterForeground)
        #expect(!hub.state.isInBackground && hub.state.isSuspended)
    }

    @Test func postsFromOtherThreadsArriveOnTheMainActorInOrder() async {
        let hub = ApplicationLifecycle()
        let listener = Listener()
        hub.register(listener)
        let changes: [ApplicationLifecycleChange] = [.willSuspend, .didEnterBackground, .willEnterForeground, .didResume]
        await Task.detached {
            for change in changes { hub.post(change) }
        }.value
        await hub.waitForDeliveries()
        #expect(listener.changes == changes)
        // A post on the main actor after them is delivered at once, after them.
        hub.post(.willSuspend)
        #expect(listener.changes.last == .willSuspend && listener.changes.count == 5)
    }

    @Test func theVisitDirectoryKeepsTheLatestVisits() {
        let directory = ScreenVisitDirectory()
        let ids = (1...40).map { _ in UUID() }
        for (index, id) in ids.enumerated() { directory.record(impressionVisit: index + 2, uniqueViewId: id) }
        #expect(directory.uniqueViewId(forImpressionVisit: 41) == ids[39])
        #expect(directory.uniqueViewId(forImpressionVisit: 10) == ids[8])          // among the latest 32
        #expect(directory.uniqueViewId(forImpressionVisit: 2) == nil)              // forgotten
        #expect(directory.uniqueViewId(forImpressionVisit: 50) == ids[39])         // a visit the screen did not open
    }
}
