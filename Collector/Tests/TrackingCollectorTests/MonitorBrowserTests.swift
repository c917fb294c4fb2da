import Foundation
import Testing
@testable import TrackingCollectorKit

/// The live monitor in a real browser: Debian's chromium, headless, driven by
/// selenium from Browser/monitor_test.py. Screenshots are kept in
/// Collector/.test-artifacts/monitor/ (git-ignored).
@Suite("Live monitor in headless chromium", .timeLimit(.minutes(2)))
struct MonitorBrowserTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let artifacts = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".test-artifacts/monitor")

    @Test("Rows appear live; filter, sort, detail with pii masked, export JSON and CSV")
    func monitor() async throws {
        let collector = try await RunningCollector.start()
        let process = Process()
        // Debian's python3, which has python3-selenium (not a python3 earlier on PATH).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.testsFolder.appendingPathComponent("Browser/monitor_test.py").path,
                             collector.base.absoluteString, Self.artifacts.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        // Read and waited for on a thread of its own, not on the pool the collector serves from (`offPool`).
        let output = try await offPool {
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
        #expect(process.terminationStatus == 0, "monitor_test.py failed:\n\(output)")
        #expect(output.contains("monitor: ok"))
        for shot in ["01-loaded.png", "02-live.png", "05-detail-pii-masked.png"] {
            #expect(FileManager.default.fileExists(atPath: Self.artifacts.appendingPathComponent(shot).path))
        }
        await collector.stop()
    }
}
