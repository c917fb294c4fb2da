import CollectorResponses
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// The monitor's page holds the snapshot as JSON in a `<script>` element, from which
/// monitor.js renders every row (the browser side: MonitorBrowserTests).
@Suite("The monitor's page", .timeLimit(.minutes(10)))
struct MonitorPageTests {
    static func page(_ collector: RunningCollector) async throws -> (status: Int, text: String) {
        let (data, response) = try await URLSession.shared.data(from: collector.base)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    @Test("The snapshot in the page is the JSON of /monitor/snapshot; no value can close its element")
    func snapshotInThePage() async throws {
        let collector = try await RunningCollector.start()
        let hostile = #"</script><script>alert(1)</script><!--"#
        let uuid = UUID().uuidString.lowercased()
        let event = #"{"event":"\#(hostile.replacingOccurrences(of: "\"", with: "\\\""))","kind":"pageView","contractVersion":"1.3.0","uuid":"\#(uuid)","clientTimestamp":"noon"}"#
        #expect(try await collector.post("/v1/batch", batch([event, exampleEvent()])).0 == 200)

        let (status, html) = try await Self.page(collector)
        #expect(status == 200)
        let opening = #"<script type="application/json" id="snapshot">"#
        let parts = html.components(separatedBy: opening)
        try #require(parts.count == 2)
        let json = try #require(parts[1].components(separatedBy: "</script>").first)
        // The element's end and monitor.js's: no value added one, and none opened a comment.
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!html.contains("<!--"))
        let embedded = try JSONValue.parse(json)
        let (_, _, fetched) = try await collector.request("GET", "/monitor/snapshot")
        #expect(embedded == fetched)
        let items = try embedded.decoded(as: MonitorSnapshot.self).items
        #expect(items.count == 2)
        #expect(items.contains { if case .event(let item) = $0 { item.uuid == uuid && item.event == hostile } else { false } })
        await collector.stop()
    }

    @Test("The page takes a read permit: with none free it is answered 503")
    func readPermit() async throws {
        let collector = try await RunningCollector.start { $0.limits.maxConcurrentReads = 1 }
        var held = collector.service.reads.enter()
        #expect(held != nil)
        #expect(try await Self.page(collector).status == 503)
        held = nil
        #expect(try await Self.page(collector).status == 200)
        await collector.stop()
    }
}
