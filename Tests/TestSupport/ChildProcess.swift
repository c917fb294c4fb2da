import Foundation

/// Runs a program and waits for it: how the tests start `contractgen`, `git`,
/// `swift`, `swiftc`, Python or chromium.
///
/// The wait suspends the test instead of blocking its thread. Swift Testing
/// runs tests on the cooperative pool, one thread per core: on a 2-core
/// machine two tests blocked in `waitUntilExit()` behind a minute-long
/// `swift build` stall every other test, and time-limited ones fail.
/// Output goes to temporary files rather than pipes, so a child that writes a
/// lot to one stream while nobody reads the other can never block.
package enum ChildProcess {
    /// What one run printed and how it ended.
    package struct Run: Sendable {
        package var status: Int32
        /// `.uncaughtSignal` when the child trapped or was killed.
        package var reason: Process.TerminationReason
        package var stdout: String
        package var stderr: String
        /// Both streams, standard output first.
        package var output: String { stdout + stderr }
    }

    /// Runs `executable arguments` in `directory`, with `input` on its standard
    /// input when given (the test's own otherwise).
    package static func run(
        _ executable: URL, _ arguments: [String], in directory: URL, input: [UInt8]? = nil
    ) async throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        var stdin: FileHandle?
        if let input {
            let inURL = folder.appendingPathComponent("stdin")
            try Data(input).write(to: inURL)
            stdin = try FileHandle(forReadingFrom: inURL)
        }
        defer { try? stdin?.close() }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = out
        process.standardError = err
        if let stdin { process.standardInput = stdin }
        let (status, reason) = try await withCheckedThrowingContinuation { continuation in
            // Set before `run()`, so that a child that exits at once is not missed.
            process.terminationHandler = { continuation.resume(returning: ($0.terminationStatus, $0.terminationReason)) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Run(
            status: status, reason: reason,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs a program found on `PATH` (`git`, `swift`, `swiftc`) in `directory`.
    package static func run(_ arguments: [String], in directory: URL) async throws -> Run {
        try await run(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: directory)
    }
}
