import Foundation
import Testing
import TrackingCore
@testable import TrackingDispatcher

/// The lifecycle observer turns the platform's application notifications into the
/// client's lifecycle reports (posted here by name, as UIKit and AppKit post them).
@Suite("Application lifecycle observer", .timeLimit(.minutes(10)))
struct ApplicationLifecycleObserverTests {
    @Test("A posted background or foreground notification flushes through the client's strategy",
          arguments: [("UIApplicationDidEnterBackgroundNotification", FlushStrategy.didEnterBackground, ApplicationLifecycleObserver.NotificationNames.uiKit),
                      ("UIApplicationWillEnterForegroundNotification", .willEnterForeground, .uiKit),
                      ("NSApplicationDidResignActiveNotification", .didEnterBackground, .appKit),
                      ("NSApplicationWillBecomeActiveNotification", .willEnterForeground, .appKit)])
    func notificationFlushes(name: String, strategy: FlushStrategy, names: ApplicationLifecycleObserver.NotificationNames) async throws {
        let h = try await Harness.make(strategies: strategy)
        let center = NotificationCenter()
        let observer = ApplicationLifecycleObserver(client: h.client, names: names, center: center, lifecycle: ApplicationLifecycle())
        #expect(observer.isObserving)
        h.client.track(TestEvent())
        await h.client.waitUntilPersisted()
        // An unrelated notification reports nothing.
        center.post(name: Notification.Name("SomeOtherNotification"), object: nil)
        await h.client.waitUntilPersisted()
        #expect(try await h.collector.statistics().requests == 0)

        center.post(name: Notification.Name(name), object: nil)
        #expect(try await eventually { try h.collected().count == 1 })
        observer.stop()
        await h.tearDown()
    }

    @Test("After stop() (or release) notifications report nothing")
    func stopEndsObservation() async throws {
        let h = try await Harness.make(strategies: [.didEnterBackground])
        let center = NotificationCenter()
        let observer = ApplicationLifecycleObserver(client: h.client, names: .uiKit, center: center, lifecycle: ApplicationLifecycle())
        observer.stop()
        observer.stop()
        #expect(!observer.isObserving)
        do { _ = ApplicationLifecycleObserver(client: h.client, names: .uiKit, center: center, lifecycle: ApplicationLifecycle()) }   // released at once
        h.client.track(TestEvent())
        await h.client.waitUntilPersisted()
        center.post(name: Notification.Name("UIApplicationDidEnterBackgroundNotification"), object: nil)
        await h.client.waitUntilPersisted()
        #expect(try await h.collector.statistics().requests == 0)
        #expect(try await h.client.storeCounts().pending == 1)
        await h.tearDown()
    }

    @Test("The platform default is UIKit's names on UIKit platforms, AppKit's on macOS, none elsewhere")
    func platformDefault() {
        #if os(macOS) && !targetEnvironment(macCatalyst)
        #expect(ApplicationLifecycleObserver.NotificationNames.platformDefault == .appKit)
        #elseif os(iOS) || os(tvOS) || os(visionOS)
        #expect(ApplicationLifecycleObserver.NotificationNames.platformDefault == .uiKit)
        #else
        #expect(ApplicationLifecycleObserver.NotificationNames.platformDefault == .empty)
        #endif
    }
}
