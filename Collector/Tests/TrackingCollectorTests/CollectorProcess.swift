import Foundation
import Testing

/// A `tracking-collector` process (the built executable), for what needs a real
/// process: the banner, SIGHUP, `kill -9` under load.
final class CollectorProcess: @unchecked Sendable {
    // @unchecked: `output` is guarded by `lock`; the rest is set once.
    let process = Process()
    private let lock = NSLock()
    private var output = ""
    private(set) var port = 0

    static var executable: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        return candidates.map { $0.appendingPathComponent("tracking-collector") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts the collector with `arguments` (plus `--port 0`) and waits for its banner
    /// (polling with `Task.sleep`: a blocked pool thread would stall the in-process
    /// collectors of the suites running alongside, see `offPool`).
    init(_ arguments: [String]) async throws {
        let executable = try #require(Self.executable, "build the tracking-collector product first")
        process.executableURL = executable
        process.arguments = ["--port", "0"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [self] handle in
            let data = handle.availableData
            lock.withLock { output += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        // Two minutes: only a collector that never starts should end this wait, not a busy machine.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if let port = lock.withLock({ Self.port(in: output) }) {
                self.port = port
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        process.terminate()
        throw StartFailure(output: text)
    }

    struct StartFailure: Error, CustomStringConvertible {
        var output: String
        var description: String { "tracking-collector did not start:\n\(output)" }
    }

    static func port(in text: String) -> Int? {
        guard let range = text.range(of: "listening on http://127.0.0.1:") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    var text: String { lock.withLock { output } }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits (polling) until the output contains `needle`, at most `seconds` (a bound
    /// that only ends a wait for output that never comes).
    func waitFor(_ needle: String, seconds: Double = 120) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if text.contains(needle) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return text.contains(needle)
    }

    func stop() {
        if process.isRunning { process.interrupt() }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Runs a program to its end: its exit status and its output (stdout and stderr),
/// read and waited for on a thread of its own, not on the pool the in-process
/// collectors serve from (`offPool`).
func runToExit(_ executable: URL, _ arguments: [String],
               environment: [String: String]? = nil) async throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = try await offPool {
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
    return (process.terminationStatus, output)
}
