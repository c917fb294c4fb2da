import Foundation

/// The built `contractgen`, next to the test bundle or in `.build/debug`;
/// the command tests are skipped when it is not there.
enum ContractGenExecutable {
    static let url: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("contractgen"),
            Fixtures.packageRoot.appendingPathComponent(".build/debug/contractgen"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// What one run printed and how it ended.
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `contractgen arguments` in the package root and waits for it.
    static func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = url  // non-nil: the suites run only then
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
