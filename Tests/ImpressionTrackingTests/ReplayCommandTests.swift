import Foundation
import Testing
import TestSupport

/// The `impression-replay` executable itself: refused numbers end with an error
/// message and exit status, never a trap; a differing option prints a warning.
@Suite(.timeLimit(.minutes(10))) struct ReplayCommandTests {
    static var executable: URL? { BuiltProduct.url("impression-replay") }

    static func run(_ arguments: [String], input: String) async throws -> ChildProcess.Run {
        let url = try #require(Self.executable, "build the impression-replay product first")
        return try await ChildProcess.run(
            url, arguments + ["-"], in: FileManager.default.temporaryDirectory, input: Array(input.utf8))
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
    func refusedOptionsExitWithAMessage(arguments: [String], message: String) async throws {
        let outcome = try await Self.run(arguments, input: Self.trace)
        #expect(outcome.reason == .exit)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains(message))
    }

    @Test func aHugeTimeInTheTraceExitsWithItsLine() async throws {
        let outcome = try await Self.run([], input: #"{"t":1e300,"type":"start"}"#)
        #expect(outcome.reason == .exit)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.contains("-: line 1: \"t\" must be a finite number of seconds"))
    }

    @Test func aDifferingOptionWarnsAndIsUsed() async throws {
        let outcome = try await Self.run(["--min-duration", "3"], input: Self.trace)
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "warning: --min-duration 3s differs from the recording's 1s; replaying with 3s\n")
        #expect(outcome.stdout.isEmpty)   // two seconds on screen are not three
        let asRecorded = try await Self.run([], input: Self.trace)
        #expect(asRecorded.stderr.isEmpty)
        #expect(asRecorded.stdout.contains("\"item\":\"a\""))
    }
}
