import Foundation
import Testing
import TestSupport
@testable import TrackingDispatcher

/// A child process tracks and flushes to the real collector and is killed with
/// SIGKILL at a random moment, 50 times, restarted each time on the same database.
/// The child prints the uuids it has persisted; every one of them must reach the
/// collector at least once, and a repeat must be the same event (same uuid, same
/// payload): at-least-once, never lost, never invented.
@Suite("Crash safety", .timeLimit(.minutes(10)))
struct CrashSafetyTests {
    static var childURL: URL? { BuiltProduct.url("dispatcher-crash-child") }

    @Test("SIGKILL at random moments, 50 times: every persisted event reaches the collector")
    func killedFiftyTimes() async throws {
        let child = try #require(Self.childURL, "build the dispatcher-crash-child product first")
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let collector = try CollectorServer()
        let port = try await collector.start()
        let endpoint = CollectorServer.batchURL(port: port).absoluteString
        let database = directory.database.path

        let outcome = await runOffCooperativePool { () -> (persisted: Set<String>, drained: Bool) in
            var persisted = Set<String>()
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<50 {
                let run = ChildRun(executable: child, arguments: [database, endpoint])
                // Kill at a random moment after the child's first persisted round, so that
                // every round has work to lose however loaded the machine is.
                run.waitUntilSomethingPersisted()
                usleep(UInt32.random(in: 0...200_000, using: &generator))
                persisted.formUnion(run.kill())
            }
            let drain = ChildRun(executable: child, arguments: [database, endpoint, "--drain"])
            let drained = drain.wait(killAfter: 300).contains("DRAINED")
            return (persisted, drained)
        }

        let received = try collector.events()
        let byUUID = Dictionary(grouping: received, by: \.uuid)
        print("crash safety: \(outcome.persisted.count) events reported persisted, \(received.count) received, \(byUUID.count) distinct")
        #expect(outcome.drained)
        #expect(outcome.persisted.count >= 50, "each of the 50 rounds persists at least one event before its kill")
        let missing = outcome.persisted.subtracting(byUUID.keys)
        #expect(missing.isEmpty, "lost \(missing.count) of \(outcome.persisted.count) persisted events")
        // Repeats are the same event, sent again.
        for (_, copies) in byUUID where copies.count > 1 {
            #expect(Set(copies.map(\.payload)).count == 1)
        }
        await collector.stop()
    }
}

/// Runs blocking work (process waits, sleeps) on a thread of its own, not on
/// Swift's small cooperative pool.
func runOffCooperativePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: work()) }
        thread.start()
    }
}

/// One child process with its standard output collected.
final class ChildRun: @unchecked Sendable {
    private let process = Process()
    private let pipe = Pipe()
    /// Output read before `kill()` or `wait()` (by `waitUntilSomethingPersisted`).
    private var early = Data()

    init(executable: URL, arguments: [String]) {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }

    /// Blocks until the child has reported a persisted event (a line `P <uuid>`), or
    /// its output ended. The suite's time limit bounds a child that prints nothing.
    func waitUntilSomethingPersisted() {
        let handle = pipe.fileHandleForReading
        while !(early.starts(with: Data("P ".utf8)) || early.range(of: Data("\nP ".utf8)) != nil) {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            early.append(chunk)
        }
    }

    /// SIGKILL, then the uuids the child reported as persisted before it died.
    func kill() -> Set<String> {
        Foundation.kill(process.processIdentifier, SIGKILL)
        return Set(wait().split(separator: "\n").compactMap { line in
            line.hasPrefix("P ") && line.count == 38 ? String(line.dropFirst(2)) : nil
        })
    }

    /// Waits for the child to exit; its whole output. With `killAfter`, a child still
    /// running after that many seconds is killed (a hang fails the test, never CI).
    func wait(killAfter seconds: TimeInterval? = nil) -> String {
        if let seconds {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                if process.isRunning { Foundation.kill(pid, SIGKILL) }
            }
        }
        let data = early + pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
