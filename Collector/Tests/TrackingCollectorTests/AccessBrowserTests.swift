import Foundation
import Testing
@testable import TrackingCollectorKit

/// Access in a real browser (Browser/access_test.py, headless chromium): the
/// monitor behind a token, an attacker page's cross-origin writes and deletes
/// (text/plain fetch, beacon, form), and DNS rebinding (the browser resolves a
/// foreign name to 127.0.0.1). Screenshots in Collector/.test-artifacts/access/.
@Suite("Access in headless chromium", .timeLimit(.minutes(10)))
struct AccessBrowserTests {
    static let artifacts = MonitorBrowserTests.artifacts.deletingLastPathComponent().appendingPathComponent("access")

    @Test("Monitor with a token; a foreign page's forged batches and deletes, and DNS rebinding, change nothing")
    func browser() async throws {
        let collector = try await RunningCollector.start { $0.access.readToken = AccessTests.token }
        let (status, output) = try await MonitorBrowserTests.run("access_test.py",
                                                                 [collector.base.absoluteString, AccessTests.token, Self.artifacts.path])
        #expect(status == 0, "access_test.py failed:\n\(output)")
        #expect(output.contains("access: ok"))
        #expect(try await collector.service.statistics().refusedHost >= 4)
        await collector.stop()
    }
}
