import Foundation
import Testing
import TestSupport

/// The `impression-replay` executable itself: refused numbers end with an error
/// message and exit status, never a trap; a differing option prints a warning.
@Suite(.timeLimit(.minutes(1))) struct ReplayCommandTests {
    static var executable: URL? { BuiltProduct.url("impression-replay") }

    struct Outcome {
        var status: Int32
        var reason: Process.TerminationReason
        var output: String
        var errors: String
    }

    static func run(_ arguments: [String], input: String) throws -> Outcome {
        let url = try #require(Self.executable, "build the impression-replay product first")
        let process = Process()
        process.executableURL = url
        process.arguments = arguments + ["-"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, reason: process.terminationReason,
                       output: String(decoding: output, as: UTF8.self), errors: String(decoding: errors, as: UTF8.self))
    }

    static let trace = """
        {"type":"rules","threshold":0.5,"ratio":"area","minDuration":1,"mode":"qualify","commitInterval":10}
        {"t":0,"type":"start"}
        {"t":0,"type":"report","viewport":[0,0,1,1],"items":[{"id":"a","position":0,"frame":[0,0,1,1]}]}
        {"t":2,"type":"stop"}
        """

    @Test(arguments: [
        (["--min-duration", "nan"], "--min-duration must be a finite number of seconds"),
        (["--min-duration", "1e300"], "--min-duration must be a finite number of seconds"),
        (["--commit-interval", "inf"], "--commit-interval must be a finite number of seconds"),
        (["--threshold", "nan"], "--threshold must be a number with 0 < R <= 1"),
    ])
    func refusedOptionsExitWithAMessage(arguments: [String], message: String) throws {
        let outcome = try Self.run(arguments, input: Self.trace)
        #expect(outcome.reason == .exit)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains(message))
    }

    @Test func aHugeTimeInTheTraceExitsWithItsLine() throws {
        let outcome = try Self.run([], input: #"{"t":1e300,"type":"start"}"#)
        #expect(outcome.reason == .exit)
        #expect(outcome.status != 0)
        #expect(outcome.errors.contains("-: line 1: \"t\" must be a finite number of seconds"))
    }

    @Test func aDifferingOptionWarnsAndIsUsed() throws {
        let outcome = try Self.run(["--min-duration", "3"], input: Self.trace)
        #expect(outcome.status == 0)
        #expect(outcome.errors == "warning: --min-duration 3s differs from the recording's 1s; replaying with 3s\n")
        #expect(outcome.output.isEmpty)   // two seconds on screen are not three
        let asRecorded = try Self.run([], input: Self.trace)
        #expect(asRecorded.errors.isEmpty)
        #expect(asRecorded.output.contains("\"item\":\"a\""))
    }
}
