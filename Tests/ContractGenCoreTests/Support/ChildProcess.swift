import Foundation

/// Runs a program and waits for it: how every test of this target starts
/// `contractgen`, `git`, `swift`, `swiftc` or Python. Output goes to
/// temporary files rather than pipes, so a child that writes a lot to one
/// stream while the test reads the other can never block.
enum ChildProcess {
    /// What one run printed and how it ended.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Both streams, standard output first.
        var output: String { stdout + stderr }
    }

    /// Runs `executable arguments` in `directory` (the package root when `nil`).
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Run {
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

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? Fixtures.packageRoot
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs a program found on `PATH` (`git`, `swift`, `swiftc`).
    static func run(_ arguments: [String], in directory: URL? = nil) throws -> Run {
        try run(URL(fileURLWithPath: "/usr/bin/env"), arguments, in: directory)
    }
}
