import Foundation
import ImpressionTracking
import ScreenTracking
import Testing
import TrackingContract
import TrackingCore
import TrackingDispatcher
import TrackingTesting

/// An app that writes only the defaults: one `ApplicationLifecycleObserver`, a
/// screen tracker and an impression driver created without any lifecycle
/// argument. The platform's notifications (posted by name, as UIKit posts them)
/// reach the screen and its impressions: forgetting nothing is the default.
///
/// This is the one test that uses `ApplicationLifecycle.shared`; every other
/// test gives its trackers and observers a hub of their own.
@MainActor @Suite("Lifecycle by default", .timeLimit(.minutes(10)))
struct LifecycleByDefaultTests {
    @Test("Background, foreground and suspension reach screens and drivers with no call from the app")
    func defaultsForgetNothing() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("screens-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = RecordingProvider()
        let client = TrackingClient(
            configuration: DispatcherConfiguration(databaseURL: directory.appendingPathComponent("events.sqlite"),
                                                   contract: DispatcherContract(descriptor: Omnitracking.descriptor)),
            providers: [recording])
        let center = NotificationCenter()   // the app's would be .default
        let observer = ApplicationLifecycleObserver(client: client, names: .uiKit, center: center)
        defer { observer.stop() }

        let clock = ManualClock()
        let screen = ScreenTracker<Omnitracking.ExitInteraction>(events: client, clock: clock) { visit in
            Omnitracking.wishlistPageView(uniqueViewId: visit.uniqueViewId, skuItemList: ["1234"],
                             exitInteraction: visit.exitInteraction(background: .background))
        }
        let sink = screen.impressionSink(events: client) { impression, id in
            Omnitracking.productImpression(viewType: .wishlist, uniqueViewId: id, itemId: impression.itemID.rawValue,
                              position: impression.position, visibleSeconds: impression.visibleSeconds,
                              visibleRatio: impression.maxRatio, sku: impression.itemID.rawValue)
        }
        let driver = ImpressionDriver(tracker: try ImpressionTracker(sink: sink), clock: clock)
        screen.attach(driver)
        // A driver of a list on no tracked screen, also with the defaults.
        let loneDriver = ImpressionDriver(tracker: try ImpressionTracker(sink: sink), clock: clock)
        loneDriver.start()

        screen.enter()
        driver.report(VisibilityReport(viewport: ScreenRect(x: 0, y: 0, width: 10, height: 10),
                                       items: [.init(id: "1234", position: 0, frame: ScreenRect(x: 0, y: 0, width: 10, height: 10))]))
        clock.advance(to: .milliseconds(500))
        center.post(name: Notification.Name("UIApplicationWillResignActiveNotification"), object: nil)
        // UIKit posts on the main thread and the change is delivered at once; a test
        // thread on Linux is not the main thread, so the hub hops to the main actor.
        await ApplicationLifecycle.shared.waitForDeliveries()
        #expect(screen.isSuspended && driver.tracker.engine.isSuspended && loneDriver.tracker.engine.isSuspended)
        clock.advance(to: .seconds(1))
        center.post(name: Notification.Name("UIApplicationDidEnterBackgroundNotification"), object: nil)
        await ApplicationLifecycle.shared.waitForDeliveries()
        #expect(screen.isInBackground && driver.tracker.engine.isInBackground && loneDriver.tracker.engine.isInBackground)
        clock.advance(to: .seconds(60))
        center.post(name: Notification.Name("UIApplicationWillEnterForegroundNotification"), object: nil)
        center.post(name: Notification.Name("UIApplicationDidBecomeActiveNotification"), object: nil)
        await ApplicationLifecycle.shared.waitForDeliveries()
        #expect(!screen.isSuspended && !screen.isInBackground && loneDriver.tracker.engine.isCounting)
        clock.advance(to: .seconds(62))
        screen.exit(interaction: .back)

        await client.waitUntilPersisted()
        let names = recording.events.map(\.eventName)
        // Page view of the first visit (ended by the background, 0.5 s on screen:
        // the suspension before it did not count), the impression of the second
        // visit (its dwell restarted on return), the second page view.
        #expect(names == ["wishlistPageView", "productImpression", "wishlistPageView"])
        #expect(recording.events.allSatisfy { $0.violations.isEmpty })
        let first = try #require(recording.events.first?.payloadString)
        #expect(first.contains("\"exitInteraction\":\"background\""))
        await client.shutdown()
    }
}
