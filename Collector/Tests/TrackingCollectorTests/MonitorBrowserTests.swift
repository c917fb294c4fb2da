import Foundation
import Testing
@testable import TrackingCollectorKit

/// The live monitor in a real browser: Debian's chromium, headless, driven by
/// selenium from Browser/monitor_test.py. Screenshots are kept in
/// Collector/.test-artifacts/monitor/ (git-ignored).
@Suite("Live monitor in headless chromium", .timeLimit(.minutes(10)))
struct MonitorBrowserTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let artifacts = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".test-artifacts/monitor")

    @Test("Rows with the page and live; filter, sort, detail and exports with pii masked, CSV cells never formulas")
    func monitor() async throws {
        let collector = try await RunningCollector.start()
        let (status, output) = try await Self.run("monitor_test.py", [collector.base.absoluteString, Self.artifacts.path])
        #expect(status == 0, "monitor_test.py failed:\n\(output)")
        #expect(output.contains("monitor: ok"))
        for shot in ["01-loaded.png", "02-live.png", "05-detail-pii-masked.png", "07-without-script.png", "08-first-paint.png"] {
            #expect(FileManager.default.fileExists(atPath: Self.artifacts.appendingPathComponent(shot).path))
        }
        await collector.stop()
    }

    /// Runs a script of Browser/ with Debian's python3 (which has python3-selenium,
    /// not a python3 earlier on PATH); its exit status and output.
    static func run(_ script: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await runToExit(URL(fileURLWithPath: "/usr/bin/python3"),
                            [testsFolder.appendingPathComponent("Browser/\(script)").path] + arguments)
    }
}
