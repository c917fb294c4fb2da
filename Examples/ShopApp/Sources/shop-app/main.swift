import Foundation
import ImpressionTracking
import ShopEvents
import TrackingDispatcher

// A small shop session: typed events of several kinds, one that breaks the
// contract, impressions from a scrolled list, all through the dispatcher.
//
//   swift run shop-app                                   # record and log only
//   swift run shop-app --collector http://127.0.0.1:8787/v1/batch

let arguments = CommandLine.arguments
let collectorURL = arguments.firstIndex(of: "--collector").flatMap { index in
    index + 1 < arguments.count ? URL(string: arguments[index + 1]) : nil
}

// 1. Typed events: required fields are parameters, optional ones default to nil,
//    constants (the screen) are fixed by the contract.
let home = Shop.HomePageView(skuItemList: ["1234", "5678", "9012"])
let detail = Shop.ProductDetailPageView(sku: "1234", price: Decimal(string: "19.99")!, currency: .eur)
let add = Shop.AddToCart(sku: "1234", price: Decimal(string: "19.99")!, currency: .eur, quantity: 2)
print("encoded:", String(decoding: home.encodedJSON(), as: UTF8.self))

// 2. An event that breaks the contract: the report names every field path.
let broken = Shop.AddToCart(sku: "12ab", price: Decimal(string: "-1")!, currency: .usd, quantity: 500)
print("validation report for a broken addToCart:")
for violation in broken.validate() { print("  - \(violation)") }

// 3. The dispatcher: persisted first, then delivered by the providers.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shop-app-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

let recorder = RecordingProvider()
var providers: [any TrackingProvider] = [recorder, LoggingProvider()]
if let collectorURL { providers.append(CollectorProvider(endpoint: collectorURL)) }
let client = TrackingClient(
    configuration: DispatcherConfiguration(
        databaseURL: directory.appendingPathComponent("events.sqlite"),
        contract: ContractRules(descriptor: Shop.descriptor)
    ),
    providers: providers,
    globals: StaticGlobals(["appVersion": .string("1.0.0")])
)

client.track(home)
client.track(detail)
client.track(add)
client.track(broken)      // flagged with its violations, still delivered
client.track(add)         // the same uuid again: flagged as a duplicate

// 4. Impressions: an item must be at least half visible for a second.
extension TrackingClient: @retroactive ImpressionEventSink {}
let adapter = ImpressionEventAdapter(events: client) { impression in
    Shop.ProductImpression(
        itemId: impression.itemID.rawValue, position: impression.position,
        visibleSeconds: impression.visibleSeconds, sku: impression.itemID.rawValue
    )
}
let tracker = try ImpressionTracker(rules: .mrc, sink: adapter)
let viewport = ScreenRect(x: 0, y: 0, width: 390, height: 800)
func tile(_ sku: String, _ position: Int, y: Double) -> VisibilityReport.Item {
    .init(id: ImpressionItemID(sku), position: position, frame: ScreenRect(x: 0, y: y, width: 390, height: 300))
}
tracker.start(at: .zero)
// Two tiles on screen; the list then flings past a third one in 0.2 s.
tracker.report(VisibilityReport(viewport: viewport, items: [tile("1234", 0, y: 0), tile("5678", 1, y: 300)]), at: .zero)
tracker.report(VisibilityReport(viewport: viewport, items: [tile("5678", 1, y: -100), tile("9012", 2, y: 200)]), at: MonotonicInstant(seconds: 1.5))
tracker.report(VisibilityReport(viewport: viewport, items: []), at: MonotonicInstant(seconds: 1.7))
tracker.stop(at: MonotonicInstant(seconds: 2))

let summary = await client.flush()
print("tracked \(recorder.events.count) events:")
for event in recorder.events {
    let flags = event.flags.isEmpty ? "" : " \(event.flags)"
    print("  \(event.eventName) \(event.uuid)\(flags)")
}
print("flush: \(summary)")
print(await client.describe())
await client.shutdown()
