import Foundation
import ImpressionTracking
import Testing

private final class Discard: ImpressionSink {
    func receive(_ batch: ImpressionBatch) {}
}

/// A recording names its rules in a header line; `impression-replay` uses them
/// and warns when an option given differs.
@Suite struct RecordingHeaderTests {
    static let rules = ImpressionCriteria(threshold: 0.6, measure: .height, minimumDuration: .milliseconds(1500),
                                       reporting: .onExit, commitInterval: .seconds(4))

    static func recorded(limit: Int = ImpressionTracker.defaultRecordingLimit, inputs: Int = 3) throws -> ImpressionTrace {
        let tracker = try ImpressionTracker(rules: rules, sink: Discard())
        tracker.startRecording(limit: limit)
        tracker.start(at: t(0))
        for n in 1..<inputs { tracker.advance(to: t(Double(n))) }
        return tracker.stopRecording()
    }

    @Test func theFirstLineHoldsTheRules() throws {
        let text = try Self.recorded().jsonLines
        let first = text.split(separator: "\n").first.map(String.init)
        #expect(first == #"{"type":"rules","threshold":0.6,"ratio":"height","minDuration":1.5,"mode":"exit","commitInterval":4}"#)
        let parsed = try ImpressionTrace(jsonLines: text)
        #expect(parsed.rules == Self.rules)
        #expect(parsed.entries.count == 3)
        #expect(parsed.droppedEntries == 0)
    }

    @Test func replayUsesTheRecordedRulesWithoutWarnings() throws {
        let trace = try ImpressionTrace(jsonLines: try Self.recorded().jsonLines)
        let (rules, warnings) = try ReplayOptions().resolve(for: trace)
        #expect(rules == Self.rules)
        #expect(warnings.isEmpty)
        // An option equal to the recording's is not a difference.
        #expect(try ReplayOptions(threshold: 0.6, ratio: .height).resolve(for: trace).warnings.isEmpty)
    }

    @Test func anOptionThatDiffersWinsWithAWarning() throws {
        let trace = try ImpressionTrace(jsonLines: try Self.recorded().jsonLines)
        let (rules, warnings) = try ReplayOptions(minDuration: 1, threshold: 0.5, reporting: .atQualification).resolve(for: trace)
        #expect(rules == ImpressionCriteria(threshold: 0.5, measure: .height, minimumDuration: .seconds(1),
                                         reporting: .atQualification, commitInterval: .seconds(4)))
        #expect(warnings == [
            "--threshold 0.5 differs from the recording's 0.6; replaying with 0.5",
            "--mode qualify differs from the recording's exit; replaying with qualify",
            "--min-duration 1s differs from the recording's 1.5s; replaying with 1s",
        ])
    }

    @Test func aTraceWithoutHeaderUsesTheDefaults() throws {
        let trace = try ImpressionTrace(jsonLines: #"{"t":0,"type":"start"}"#)
        #expect(trace.rules == nil)
        #expect(try ReplayOptions().resolve(for: trace).rules == .mrc)
        #expect(try ReplayOptions(minDuration: 7).resolve(for: trace).rules.commitInterval == .seconds(14))
    }

    @Test(arguments: [
        ("{\"t\":0,\"type\":\"start\"}\n{\"type\":\"rules\",\"threshold\":0.5,\"ratio\":\"area\",\"minDuration\":1,\"mode\":\"qualify\",\"commitInterval\":10}",
         ImpressionTraceError(line: 2, message: "the rules line must come first, once")),
        ("{\"type\":\"rules\",\"threshold\":0.5,\"ratio\":\"width\",\"minDuration\":1,\"mode\":\"qualify\",\"commitInterval\":10}",
         ImpressionTraceError(line: 1, message: "rules: \"ratio\" must be \"area\" or \"height\"")),
        ("{\"type\":\"rules\",\"threshold\":0.5,\"ratio\":\"area\",\"minDuration\":1e300,\"mode\":\"qualify\",\"commitInterval\":10}",
         ImpressionTraceError(line: 1, message: "rules: \"minDuration\" must be a finite number of seconds")),
        ("{\"type\":\"rules\",\"threshold\":0.5,\"ratio\":\"area\",\"minDuration\":1,\"mode\":\"qualify\",\"commitInterval\":1}",
         ImpressionTraceError(line: 1, message: "rules: commit interval 1.0 seconds must be longer than the minimum duration 1.0 seconds")),
        ("{\"type\":\"dropped\",\"count\":-3}", ImpressionTraceError(line: 1, message: "\"count\" of dropped entries must be a positive integer")),
        ("{\"t\":0,\"type\":\"start\"}\n{\"type\":\"dropped\",\"count\":3}",
         ImpressionTraceError(line: 2, message: "the dropped line must come before every entry, once")),
    ])
    func badHeadersAreReported(text: String, error: ImpressionTraceError) {
        #expect(throws: error) { try ImpressionTrace(jsonLines: text) }
    }
}

/// A recording keeps at most its cap of entries; the oldest go first, and the
/// trace says how many went.
@Suite struct BoundedRecordingTests {
    @Test func theOldestEntriesAreDroppedWithAMarker() throws {
        let trace = try RecordingHeaderTests.recorded(limit: 10, inputs: 25)
        // Full at 10: each time, the oldest tenth (one entry) goes.
        #expect(trace.entries.count == 10)
        #expect(trace.droppedEntries == 15)
        #expect(trace.entries.first?.time == t(15))
        #expect(trace.entries.last?.time == t(24))
        let lines = trace.jsonLines.split(separator: "\n")
        #expect(lines[1] == #"{"type":"dropped","count":15}"#)
        let parsed = try ImpressionTrace(jsonLines: trace.jsonLines)
        #expect(parsed == trace)
        #expect(try ReplayOptions().resolve(for: parsed).warnings
            == ["the recording reached its cap and dropped its 15 oldest entries; impressions of that time are missing"])
    }

    @Test func theDefaultCapIsAHundredThousandAndDropsATenthAtOnce() throws {
        #expect(ImpressionTracker.defaultRecordingLimit == 100_000)
        let trace = try RecordingHeaderTests.recorded(inputs: 100_001)
        #expect(trace.entries.count == 90_001)
        #expect(trace.droppedEntries == 10_000)
    }
}

/// Numbers that would trap while converting to nanoseconds are refused with an
/// error naming the option or the line.
@Suite struct ReplayNumberTests {
    @Test(arguments: [
        ("{\"t\":1e300,\"type\":\"start\"}", "\"t\" must be a finite number of seconds within ±3000000000; got 1e+300"),
        ("{\"t\":-1e300,\"type\":\"start\"}", "\"t\" must be a finite number of seconds within ±3000000000; got -1e+300"),
        ("{\"t\":3000000001,\"type\":\"start\"}", "\"t\" must be a finite number of seconds within ±3000000000; got 3000000001.0"),
        ("{\"t\":0,\"type\":\"report\",\"viewport\":[0,0,1,1],\"items\":[{\"id\":\"a\",\"position\":1e30,\"frame\":[0,0,1,1]}]}",
         "item a needs an integer \"position\" within Int's range"),
        ("{\"t\":0,\"type\":\"report\",\"viewport\":[0,0,1,1],\"items\":[{\"id\":\"a\",\"position\":99999999999999999999,\"frame\":[0,0,1,1]}]}",
         "item a needs an integer \"position\" within Int's range"),
        ("{\"t\":0,\"type\":\"report\",\"viewport\":[0,0,1,1],\"items\":[{\"id\":\"a\",\"position\":1.5,\"frame\":[0,0,1,1]}]}",
         "item a needs an integer \"position\" within Int's range"),
        ("{\"t\":0,\"type\":\"report\",\"viewport\":[0,0,1e308,1e308],\"occluders\":[[0,0,1e308,-1e308]],\"items\":[]}", nil),
    ] as [(String, String?)])
    func outOfRangeTraceNumbers(text: String, message: String?) throws {
        if let message {
            #expect(throws: ImpressionTraceError(line: 1, message: message)) { try ImpressionTrace(jsonLines: text) }
        } else {
            // Huge but finite rectangles are fine.
            #expect(try ImpressionReplay.impressions(of: ImpressionTrace(jsonLines: text), rules: .mrc).isEmpty)
        }
    }

    @Test(arguments: [
        (ReplayOptions(minDuration: .nan), "--min-duration must be a finite number of seconds, greater than 0 and at most 3000000000; got nan"),
        (ReplayOptions(minDuration: .infinity), "--min-duration must be a finite number of seconds, greater than 0 and at most 3000000000; got inf"),
        (ReplayOptions(minDuration: 1e300), "--min-duration must be a finite number of seconds, greater than 0 and at most 3000000000; got 1e+300"),
        (ReplayOptions(minDuration: -1), "--min-duration must be a finite number of seconds, greater than 0 and at most 3000000000; got -1.0"),
        (ReplayOptions(commitInterval: -.infinity), "--commit-interval must be a finite number of seconds, greater than 0 and at most 3000000000; got -inf"),
        (ReplayOptions(threshold: .nan), "--threshold must be a number with 0 < R <= 1; got nan"),
        (ReplayOptions(threshold: 0), "--threshold must be a number with 0 < R <= 1; got 0.0"),
        (ReplayOptions(threshold: .infinity), "--threshold must be a number with 0 < R <= 1; got inf"),
    ])
    func outOfRangeOptions(options: ReplayOptions, message: String) {
        #expect(throws: ReplayOptionError(message: message)) {
            try options.resolve(for: ImpressionTrace(entries: []))
        }
    }

    @Test func theLargestAcceptedTimesAndDurationsReplayWithoutOverflow() throws {
        let trace = try ImpressionTrace(jsonLines: """
            {"t":-3000000000,"type":"start"}
            {"t":-3000000000,"type":"report","viewport":[0,0,1,1],"items":[{"id":"a","position":9223372036854775807,"frame":[0,0,1,1]}]}
            {"t":3000000000,"type":"tick"}
            """)
        let rules = try ReplayOptions(minDuration: 3_000_000_000).resolve(for: trace).rules
        let impressions = try ImpressionReplay.impressions(of: trace, rules: rules)
        #expect(impressions.map(\.position) == [Int.max])
        #expect(impressions.first?.visibleSeconds == 3_000_000_000)
    }
}
