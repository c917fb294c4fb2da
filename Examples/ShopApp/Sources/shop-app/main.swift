import Foundation
import ImpressionTracking
import ScreenTracking
import ShopEvents
import ShopTracking
import TrackingDispatcher

// A small shop session: typed events of several kinds, one that breaks the
// contract, then screens with their page views (time on screen, a visit id per
// visit) and the home screen's impressions carrying the same visit id, through
// the dispatcher. The session runs on the real clock (about four seconds).
//
//   swift run shop-app                                   # record and log only
//   swift run shop-app --collector http://127.0.0.1:8787/v1/batch
//   COLLECTOR_WRITE_KEY=… swift run shop-app --collector …   # a collector with a write key

let arguments = CommandLine.arguments
let collectorURL = arguments.firstIndex(of: "--collector").flatMap { index in
    index + 1 < arguments.count ? URL(string: arguments[index + 1]) : nil
}

// 1. Typed events: one function per event, named after it. Required fields are
//    parameters, optional ones default to nil, constants (the screen) are fixed
//    by the contract. The function checks and encodes the event and returns its
//    kind's struct (here Shop.Events.PageAction). Everything generated is nested
//    in the contract's namespace, Shop.
let add = Shop.addToCart(sku: "1234", price: Decimal(string: "19.99")!, currency: .eur, quantity: 2)
print("encoded:", String(decoding: add.encodedJSON(), as: UTF8.self))

// 2. An event that breaks the contract: the report names every field path.
let broken = Shop.addToCart(sku: "12ab", price: Decimal(string: "-1")!, currency: .usd, quantity: 500)
print("validation report for a broken addToCart:")
for violation in broken.validate() { print("  - \(violation)") }

// 3. The dispatcher: persisted first, then delivered by the providers.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shop-app-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let recorder = KeptEvents()
var providers: [any TrackingProvider] = [recorder, LoggingProvider()]
// A collector started with a write key takes it as a bearer token (docs/collector.md, "Access").
let collectorHeaders = ProcessInfo.processInfo.environment["COLLECTOR_WRITE_KEY"].map { ["Authorization": "Bearer \($0)"] } ?? [:]
if let collectorURL { providers.append(CollectorProvider(endpoint: collectorURL, headers: collectorHeaders)) }
let client = TrackingClient(
    configuration: DispatcherConfiguration(
        databaseURL: directory.appendingPathComponent("events.sqlite"),
        contract: DispatcherContract(descriptor: Shop.descriptor)
    ),
    providers: providers,
    globals: StaticGlobals(["appVersion": .string("1.0.0")])
)
// Background, foreground and suspension reach the dispatcher, every screen and
// every impression driver from here. Linux has no UIKit: this session posts
// UIKit's notifications by name, as UIKit would.
let lifecycle = ApplicationLifecycleObserver(client: client, names: .uiKit, center: .default)
func post(_ name: String) { NotificationCenter.default.post(name: Notification.Name(name), object: nil) }

// 4. Screens and impressions. Home shows four product tiles of 300 pt in an
//    800 pt list: the first three are at least half visible.
let home = try HomeScreenModel(products: ["1234", "5678", "9012", "3456"], events: client, clock: ContinuousClock())
home.appear()
home.scrolled(to: 0)
try await Task.sleep(for: .milliseconds(1200))          // 1234, 5678, 9012 count (visit 1)
post("UIApplicationWillResignActiveNotification")
post("UIApplicationDidEnterBackgroundNotification")      // visit 1 ends: page view with exitInteraction background
try await Task.sleep(for: .milliseconds(300))            // never counted
post("UIApplicationWillEnterForegroundNotification")     // the return: visit 2, a new uniqueViewId
post("UIApplicationDidBecomeActiveNotification")
home.scrolled(to: 600)                                    // 9012 and 3456 on screen
try await Task.sleep(for: .milliseconds(1200))          // both count again, in visit 2
home.openProduct("9012")                                  // visit 2 ends: exitInteraction product_tap

let detail = productDetailScreen(sku: "9012", price: Decimal(string: "19.99")!, currency: .eur,
                                 events: client, clock: ContinuousClock())
detail.enter()
client.track(add)
client.track(broken)      // flagged with its violations, still delivered
client.track(add)         // the same uuid again: flagged as a duplicate
try await Task.sleep(for: .milliseconds(200))
detail.exit(interaction: .back)

let summary = await client.flush()
print("tracked \(recorder.events.count) events:")
for event in recorder.events {
    let flags = event.flags.isEmpty ? "" : " \(event.flags)"
    print("  \(event.eventName) \(event.uuid)\(flags)")
}
print("flush: \(summary)")
print("page views and impressions as sent (the impressions carry their visit's uniqueViewId):")
for event in recorder.events where event.kindName == "pageView" || event.kindName == "impression" {
    print("  \(event.payloadString)")
}
print(await client.describe())
lifecycle.stop()
await client.shutdown()
