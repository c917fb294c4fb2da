import Foundation
import Testing
import TrackingContract
import TrackingCore
import TrackingDispatcher
import TrackingTesting

/// The helpers pass when they should and fail, with what was tracked or the
/// violations listed, when they should.
@Suite("TrackingTesting helpers", .timeLimit(.minutes(1)))
struct TrackingTestingTests {
    static let view = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!

    @Test func expectTrackedFindsEventsOfAGeneratedTypeWithAPredicate() {
        let recorder = TrackingRecorder()
        recorder.track(Omnitracking.WishlistPageView(uniqueViewId: Self.view, skuItemList: ["1234"], exitInteraction: .back))
        recorder.track(Omnitracking.AppBoot())
        let found = expectTracked(Omnitracking.WishlistPageView.self, in: recorder) { $0.exitInteraction == .back }
        #expect(found.map(\.uniqueViewId) == [Self.view])
        expectTracked(Omnitracking.AppBoot.self, in: recorder, count: 1)
    }

    @Test func expectTrackedFailsListingWhatWasTracked() {
        let recorder = TrackingRecorder()
        recorder.track(Omnitracking.AppBoot())
        withKnownIssue {
            expectTracked(Omnitracking.WishlistPageView.self, in: recorder)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("0 of 0 of that type matched. Tracked: appBoot") }
        }
        withKnownIssue {
            expectTracked(Omnitracking.AppBoot.self, in: recorder, count: 2)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("expected exactly 2 AppBoot") }
        }
    }

    @Test func noViolationsInARecorderOrAFailureListingThem() {
        let recorder = TrackingRecorder()
        recorder.track(Omnitracking.WishlistPageView(uniqueViewId: Self.view, skuItemList: ["1234"]))
        expectNoContractViolations(in: recorder)
        recorder.track(Omnitracking.WishlistPageView(uniqueViewId: Self.view, skuItemList: ["12ab"]))
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
                                                   contract: ContractRules(descriptor: Omnitracking.descriptor)),
            providers: [provider], onNotice: monitor.onNotice)
        client.track(Omnitracking.WishlistPageView(uniqueViewId: Self.view, skuItemList: ["1234"]))
        await client.waitUntilPersisted()
        expectNoContractViolations(monitor)
        expectNoContractViolations(in: provider)

        client.track(Omnitracking.WishlistPageView(uniqueViewId: Self.view, skuItemList: ["12ab"]))
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
