import ShopTracking

// Shop.addToCart(sku: "commented", quantity: 1) in a line comment is no call.
/* A block comment /* nested */ is still one: Shop.addToCart(sku: "x", quantity: 1) */
struct CartScreen {
    let tracker: Tracker

    func add(sku: String) {
        tracker.track(Shop.addToCart(sku: sku, quantity: 1))
        let label = "Shop.addToCart(sku: \"in a string\", quantity: 1)"
        let multi = """
            Shop.removeItem(sku: "in a multi-line string") is text,
            \(describe(Shop.removeItem(sku: sku))) is a call
            """
        let raw = #"Shop.appOpened() and \(Shop.appOpened()) are text in a raw string"#
        let rawInterpolated = #"sent: \#(describe(Shop.homePageView()))"#
        tracker.track(
            Shop
                .searchPerformed(query: label + multi + raw + rawInterpolated)
        )
        tracker.track(ShopTracking.Shop.checkoutStarted())
    }
}

// What the code above needs to build and run, after it so that the call sites
// keep their lines and columns (Goldens/Status/status-monorepo.txt).
import Foundation
import TrackingCore
import TrackingDispatcher

/// Where the app's code sends its events: the dispatcher's client.
typealias Tracker = any TrackingEventSink

/// An event, for a log line: built, never tracked.
func describe(_ event: some TrackingEvent) -> String { "\(event.eventName) \(event.uuid)" }

/// `ShopApp <collector batch URL>` (scripts/status-e2e.sh): runs the code
/// above against the dispatcher (persisted in SQLite first, then delivered to
/// the collector), with its app version as a global. A cart (addToCart,
/// searchPerformed, the deprecated checkoutStarted; removeItem and
/// homePageView are only described) and two checkouts (orderPlaced and
/// appOpened each), one with a negative total, which breaks the contract and
/// is delivered with its violation. The look-alikes track nothing.
@main
enum ShopAppMain {
    static let appVersion = "2.4.0"

    static func main() async throws {
        guard CommandLine.arguments.count == 2, let collector = URL(string: CommandLine.arguments[1]) else {
            FileHandle.standardError.write(Data("usage: ShopApp <collector batch URL>\n".utf8))
            exit(2)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("status-shop-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let client = TrackingClient(
            configuration: DispatcherConfiguration(
                databaseURL: directory.appendingPathComponent("events.sqlite"),
                contract: DispatcherContract(descriptor: Shop.descriptor)
            ),
            providers: [CollectorProvider(endpoint: collector)],
            globals: StaticGlobals(["appVersion": .string(appVersion)])
        )
        CartScreen(tracker: client).add(sku: "S-1")
        Checkout.finish(total: Decimal(string: "24.50")!, tracker: client)
        Checkout.finish(total: -5, tracker: client)
        lookAlikes(basket: Basket())

        let summary = await client.flush()
        let left = try await client.storeCounts()
        print("swift: \(summary.delivered) delivered in \(summary.requests) requests, \(summary.setAside) set aside; store: \(left)")
        await client.shutdown()
        if summary.delivered != 7 || summary.setAside != 0 { exit(1) }
    }
}
