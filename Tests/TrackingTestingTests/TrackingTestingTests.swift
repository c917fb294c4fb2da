import Foundation
import Testing
import TrackingContract
import TrackingCore
import TrackingDispatcher
import TrackingTesting

/// The helpers pass when they should and fail, with what was tracked or the
/// violations listed, when they should.
@Suite("TrackingTesting helpers", .timeLimit(.minutes(10)))
struct TrackingTestingTests {
    static let view = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

    @Test func expectTrackedFindsEventsOfAGeneratedTypeWithAPredicate() {
        let recorder = TrackingRecorder()
        recorder.track(Omnitracking.wishlistPageView(uniqueViewId: Self.view, skuItemList: ["1234"], exitInteraction: .back))
        recorder.track(Omnitracking.appBoot())
        let found = expectTracked(Omnitracking.Events.PageView.self, named: "wishlistPageView", in: recorder) {
            $0.field("exitInteraction")?.stringValue == "back"
        }
        #expect(found.map(\.uniqueViewId) == [Self.view])
        expectTracked(Omnitracking.Events.SystemAction.self, named: "appBoot", in: recorder, count: 1)
        // Another event of the kind, or another wire name, is not counted.
        recorder.track(Omnitracking.searchResultsPageView(uniqueViewId: Self.view, searchQuery: "shoes", skuItemList: []))
        expectTracked(Omnitracking.Events.PageView.self, named: "wishlistPageView", in: recorder, count: 1)
        expectTracked(Omnitracking.Events.PageView.self, in: recorder, count: 2)
        withKnownIssue {
            expectTracked(Omnitracking.Events.PageView.self, named: "wishlistPageView", in: recorder) {
                $0.field("exitInteraction")?.stringValue == "tab_bar"
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix("expected at least one PageView 'wishlistPageView' matching the predicate; 0 of 1 of that type matched.")
            }
        }
    }

    @Test func expectTrackedFailsListingWhatWasTracked() {
        let recorder = TrackingRecorder()
        recorder.track(Omnitracking.appBoot())
        withKnownIssue {
            expectTracked(Omnitracking.Events.PageView.self, named: "wishlistPageView", in: recorder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("0 of 0 of that type matched. Tracked: appBoot") }
        }
        withKnownIssue {
            expectTracked(Omnitracking.Events.SystemAction.self, named: "appBoot", in: recorder, count: 2)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("expected exactly 2 SystemAction 'appBoot'") }
        }
    }

    @Test func noViolationsInARecorderOrAFailureListingThem() {
        let recorder = TrackingRecorder()
        recorder.track(Omnitracking.wishlistPageView(uniqueViewId: Self.view, skuItemList: ["1234"]))
        expectNoContractViolations(in: recorder)
        recorder.track(Omnitracking.wishlistPageView(uniqueViewId: Self.view, skuItemList: ["12ab"]))
        withKnownIssue {
            expectNoContractViolations(in: recorder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("contract violations:\nwishlistPageView ") && $0.rawValue.contains("skuItemList") }
        }
    }

    @Test func noViolationsReportedByTheDispatcherDuringATest() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tracking-testing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let monitor = ContractViolationMonitor()
        let provider = RecordingProvider()
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: directory.appendingPathComponent("events.sqlite"),
                                                   contract: DispatcherContract(descriptor: Omnitracking.descriptor)),
            providers: [provider], onNotice: monitor.onNotice)
        client.track(Omnitracking.wishlistPageView(uniqueViewId: Self.view, skuItemList: ["1234"]))
        await client.waitUntilPersisted()
        expectNoContractViolations(monitor)
        expectNoContractViolations(in: provider)

        client.track(Omnitracking.wishlistPageView(uniqueViewId: Self.view, skuItemList: ["12ab"]))
        await client.waitUntilPersisted()
        withKnownIssue {
            expectNoContractViolations(monitor)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("wishlistPageView") && $0.rawValue.contains("skuItemList") }
        }
        withKnownIssue {
            expectNoContractViolations(in: provider)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("skuItemList") }
        }
        await client.shutdown()
    }

    @Test func theManualClockMovesOnlyWhenTold() async {
        let clock = ManualClock()
        #expect(clock.now.offset == .zero)
        clock.advance(by: .seconds(2))
        clock.advance(to: .seconds(1))   // never back
        #expect(clock.now.offset == .seconds(2))
        let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(3)), tolerance: nil) }
        await clock.waitForSleepers(1)
        clock.advance(to: .seconds(5))
        await #expect(throws: Never.self) { try await sleeper.value }
    }
}
