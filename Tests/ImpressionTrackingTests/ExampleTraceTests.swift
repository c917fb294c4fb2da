import Foundation
import ImpressionTracking
import Testing

/// The shipped example traces: the files match their generator, and replaying
/// them gives exactly the impressions worked out by hand below.
@Suite struct ExampleTraceTests {
    @Test(arguments: ExampleTraces.all.map(\.name))
    func shippedTraceMatchesItsGenerator(name: String) throws {
        let example = try #require(ExampleTraces.all.first { $0.name == name })
        let url = TestSupport.tracesDirectory.appendingPathComponent(name + ".jsonl")
        if TestSupport.isRecording {
            try FileManager.default.createDirectory(at: TestSupport.tracesDirectory, withIntermediateDirectories: true)
            try Data(example.fileText.utf8).write(to: url)
        }
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        #expect(onDisk == example.fileText, "re-record with RECORD_GOLDENS=1 swift test --filter ImpressionTrackingTests")
        // And the text reads back to the same inputs.
        #expect(try ImpressionTrace(jsonLines: onDisk) == example.trace)
    }

    func replay(_ name: String, _ rules: ImpressionCriteria = .mrc) throws -> [Expected] {
        try ImpressionReplay.impressions(of: TestSupport.loadTrace(name), rules: rules).map(Expected.init)
    }

    @Test func flingCountsOnlyTheRowsItComesToRestOn() throws {
        #expect(try replay("fling") == [
            Expected("item-192", 192, first: 2.44, qualified: 3.44),
            Expected("item-193", 193, first: 2.44, qualified: 3.44),
            Expected("item-194", 194, first: 2.46, qualified: 3.46),
            Expected("item-195", 195, first: 2.46, qualified: 3.46),
            Expected("item-196", 196, first: 2.48, qualified: 3.48),
            Expected("item-197", 197, first: 2.48, qualified: 3.48),
            Expected("item-198", 198, first: 2.5, qualified: 3.5),
            Expected("item-199", 199, first: 2.5, qualified: 3.5),
        ])
    }

    @Test func flingOnExitReportsTheFullDwellAtStop() throws {
        #expect(try replay("fling", ImpressionCriteria(reporting: .onExit)) == [
            Expected("item-192", 192, first: 2.44, qualified: 3.44, seconds: 2.56),
            Expected("item-193", 193, first: 2.44, qualified: 3.44, seconds: 2.56),
            Expected("item-194", 194, first: 2.46, qualified: 3.46, seconds: 2.54),
            Expected("item-195", 195, first: 2.46, qualified: 3.46, seconds: 2.54),
            Expected("item-196", 196, first: 2.48, qualified: 3.48, seconds: 2.52),
            Expected("item-197", 197, first: 2.48, qualified: 3.48, seconds: 2.52),
            Expected("item-198", 198, first: 2.5, qualified: 3.5, seconds: 2.5),
            Expected("item-199", 199, first: 2.5, qualified: 3.5, seconds: 2.5),
        ])
    }

    @Test func slowReadCountsEveryRowIncludingExactlyHalfVisibleOnes() throws {
        #expect(try replay("slow-read") == [
            Expected("item-0", 0, first: 0, qualified: 1),
            Expected("item-1", 1, first: 0, qualified: 1),
            Expected("item-2", 2, first: 0, qualified: 1),
            Expected("item-3", 3, first: 0, qualified: 1),
            Expected("item-4", 4, first: 3, qualified: 4),
            Expected("item-5", 5, first: 6, qualified: 7),
            Expected("item-6", 6, first: 6.5, qualified: 7.5, ratio: 0.5),
        ])
        // A stricter threshold drops the half-visible row.
        #expect(try replay("slow-read", ImpressionCriteria(threshold: 0.6)).map(\.item)
            == ["item-0", "item-1", "item-2", "item-3", "item-4", "item-5"])
    }

    @Test func slowReadIsCommittedByTheCycleAtTenSeconds() throws {
        let batches = try ImpressionReplay.batches(of: TestSupport.loadTrace("slow-read"), rules: .mrc)
        #expect(batches.map(\.reason) == [.cycle])
        #expect(batches.map(\.committedAt) == [t(10)])
        #expect(batches.first?.impressions.count == 7)
    }

    @Test func stopAndGoCountsOnlyLongEnoughPauses() throws {
        #expect(try replay("stop-and-go") == [
            Expected("item-24", 24, first: 1.8, qualified: 2.8),
            Expected("item-25", 25, first: 1.8, qualified: 2.8),
            Expected("item-26", 26, first: 1.8, qualified: 2.8),
            Expected("item-27", 27, first: 1.8, qualified: 2.8),
            Expected("item-28", 28, first: 1.8, qualified: 2.8),
            Expected("item-29", 29, first: 1.8, qualified: 2.8),
            Expected("item-30", 30, first: 1.8, qualified: 2.8),
            Expected("item-31", 31, first: 1.8, qualified: 2.8),
            Expected("item-32", 32, first: 3, qualified: 4),
            Expected("item-40", 40, first: 4, qualified: 5),
            Expected("item-41", 41, first: 4, qualified: 5),
            Expected("item-42", 42, first: 4, qualified: 5),
            Expected("item-43", 43, first: 4, qualified: 5),
            Expected("item-44", 44, first: 4, qualified: 5),
            Expected("item-45", 45, first: 4, qualified: 5),
            Expected("item-46", 46, first: 4, qualified: 5),
            Expected("item-47", 47, first: 4, qualified: 5),
        ])
    }

    @Test func backgroundAndSuspensionNeverCountAndRestartTheDwell() throws {
        #expect(try replay("background-mid-dwell") == [
            Expected("item-0", 0, first: 9, qualified: 10),
            Expected("item-1", 1, first: 9, qualified: 10),
            Expected("item-2", 2, first: 9, qualified: 10),
            Expected("item-3", 3, first: 9, qualified: 10),
        ])
        let batches = try ImpressionReplay.batches(of: TestSupport.loadTrace("background-mid-dwell"), rules: .mrc)
        #expect(batches.map(\.reason) == [.stop])
        #expect(batches.map(\.committedAt) == [t(10.5)])
    }

    @Test func stickyHeaderAndTabBarHideWhatTheyCover() throws {
        #expect(try replay("sticky-header") == [
            Expected("item-1", 1, first: 0, qualified: 1),
            Expected("item-2", 2, first: 0, qualified: 1),
            Expected("item-3", 3, first: 0, qualified: 1),
            Expected("item-4", 4, first: 0, qualified: 1),
            Expected("item-5", 5, first: 0, qualified: 1),
            Expected("item-6", 6, first: 0, qualified: 1),
            Expected("item-7", 7, first: 2, qualified: 3, ratio: 0.7),
        ])
    }

    @Test func tallItemCountsByTheShareOfTheViewportItFills() throws {
        let expected = [
            Expected("article", 1, first: 0, qualified: 1),
            Expected("footer", 2, first: 3, qualified: 4),
        ]
        #expect(try replay("tall-item") == expected)
        #expect(try replay("tall-item", ImpressionCriteria(measure: .height)) == expected)
        #expect(try replay("tall-item", ImpressionCriteria(reporting: .onExit)) == [
            Expected("article", 1, first: 0, qualified: 1, seconds: 4),
            Expected("footer", 2, first: 3, qualified: 4, seconds: 1),
        ])
    }

    @Test func replayOutputIsOneJSONObjectPerImpression() throws {
        let lines = try ImpressionReplay.impressions(of: TestSupport.loadTrace("sticky-header"), rules: .mrc).map(\.jsonLine)
        #expect(lines.last == #"{"item":"item-7","position":7,"visit":1,"firstVisibleAt":2,"qualifiedAt":3,"visibleSeconds":1,"maxRatio":0.7}"#)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?.keys.sorted() == ["firstVisibleAt", "item", "maxRatio", "position", "qualifiedAt", "visibleSeconds", "visit"])
        }
    }
}
