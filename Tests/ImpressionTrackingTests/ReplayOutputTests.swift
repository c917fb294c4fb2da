import Foundation
import ImpressionTracking
import Testing

/// What `impression-replay` prints for each shipped trace, kept as golden files
/// in `Traces/expected/` (QA can diff a device's output against them).
/// Re-record with `RECORD_GOLDENS=1 swift test --filter ImpressionTrackingTests`.
@Suite struct ReplayOutputTests {
    static let cases: [(String, String)] = ExampleTraces.all.flatMap { [($0.name, "qualify"), ($0.name, "exit")] }

    @Test(arguments: cases)
    func replayOutputMatchesItsGolden(trace name: String, mode: String) throws {
        let rules = ImpressionCriteria(reporting: mode == "exit" ? .onExit : .atQualification)
        let output = ImpressionReplay.jsonLines(
            of: try ImpressionReplay.batches(of: TestSupport.loadTrace(name), rules: rules), withBatchLines: true)
        let directory = TestSupport.tracesDirectory.appendingPathComponent("expected")
        let url = directory.appendingPathComponent("\(name).\(mode).jsonl")
        if TestSupport.isRecording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: url)
        }
        #expect(output == (try String(contentsOf: url, encoding: .utf8)))
        #expect(!output.isEmpty)
    }
}

@Suite struct TraceFormatTests {
    @Test func commentsAndBlankLinesAreIgnored() throws {
        let trace = try ImpressionTrace(jsonLines: """
            # a comment

            {"t":0,"type":"start"}
              {"t":1.25,"type":"report","viewport":[0,0,10,10],"items":[{"id":"a","position":2,"frame":[0,5,10,10]}]}
            """)
        #expect(trace.entries == [
            .init(time: t(0), input: .start),
            .init(time: t(1.25), input: .report(VisibilityReport(
                viewport: ScreenRect(x: 0, y: 0, width: 10, height: 10),
                items: [.init(id: "a", position: 2, frame: ScreenRect(x: 0, y: 5, width: 10, height: 10))]))),
        ])
    }

    @Test(arguments: [
        ("{\"t\":0,\"type\":\"start\"}\nnot json", ImpressionTraceError(line: 2, message: "not JSON")),
        ("[1,2]", ImpressionTraceError(line: 1, message: "a line must be a JSON object")),
        ("{\"type\":\"start\"}", ImpressionTraceError(line: 1, message: "missing number \"t\" (seconds)")),
        ("{\"t\":1}", ImpressionTraceError(line: 1, message: "missing string \"type\"")),
        ("{\"t\":1,\"type\":\"jump\"}", ImpressionTraceError(line: 1, message: "unknown type \"jump\"")),
        ("{\"t\":1,\"type\":\"report\",\"viewport\":[0,0,1],\"items\":[]}",
         ImpressionTraceError(line: 1, message: "viewport must be [x, y, width, height]")),
        ("{\"t\":1,\"type\":\"report\",\"viewport\":[0,0,1,1]}", ImpressionTraceError(line: 1, message: "missing list \"items\"")),
        ("{\"t\":1,\"type\":\"report\",\"viewport\":[0,0,1,1],\"items\":[{\"id\":\"a\",\"frame\":[0,0,1,1]}]}",
         ImpressionTraceError(line: 1, message: "item a needs an integer \"position\" within Int's range")),
        ("{\"t\":1,\"type\":\"report\",\"viewport\":[0,0,1,1],\"occluders\":[[0,0]],\"items\":[]}",
         ImpressionTraceError(line: 1, message: "an occluder must be [x, y, width, height]")),
    ])
    func badLinesAreReportedWithTheirNumber(text: String, error: ImpressionTraceError) {
        #expect(throws: error) { try ImpressionTrace(jsonLines: text) }
    }

    @Test func timesAreExactDecimalSeconds() {
        #expect(MonotonicInstant(seconds: 0.016).description == "0.016")
        #expect(MonotonicInstant(nanoseconds: 1_000_000_001).description == "1.000000001")
        #expect(MonotonicInstant(nanoseconds: -1_500_000_000).description == "-1.5")
        #expect(MonotonicInstant(seconds: 3).description == "3")
    }
}
