import ArgumentParser
import Foundation
import ImpressionTracking

/// Replays a recorded visibility trace through the impression engine and prints
/// the impressions it produces, one JSON object per line.
struct ImpressionReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "impression-replay",
        abstract: "Replay a visibility trace (JSON lines) through the impression engine.",
        discussion: "Prints one JSON object per impression. The trace format is described in docs/impressions.md."
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case qualify, exit
    }

    @Argument(help: "The trace file (JSON lines); '-' reads standard input.")
    var trace: String

    @Option(help: "Seconds an item must stay visible enough without a break.")
    var minDuration: Double = 1

    @Option(help: "Visible ratio an item must reach (0 < R <= 1).")
    var threshold: Double = 0.5

    @Option(help: "How the visible ratio is measured: area or height.")
    var ratio: RatioMeasure = .area

    @Option(help: "qualify: report when an item qualifies; exit: report when its dwell ends, with the full dwell.")
    var mode: Mode = .qualify

    @Option(help: "Seconds between commits; defaults to the larger of 10 and twice the minimum duration.")
    var commitInterval: Double?

    @Flag(help: "Print a line per committed batch before its impressions.")
    var batches = false

    func run() throws {
        let text: String
        if trace == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            guard let data = FileManager.default.contents(atPath: trace) else {
                throw ReplayError(message: "cannot read \(trace)")
            }
            text = String(decoding: data, as: UTF8.self)
        }
        let rules = ImpressionRules(
            threshold: threshold,
            measure: ratio,
            minimumDuration: .nanoseconds(Int64((minDuration * 1e9).rounded())),
            reporting: mode == .qualify ? .atQualification : .onExit,
            commitInterval: .nanoseconds(Int64(((commitInterval ?? max(10, 2 * minDuration)) * 1e9).rounded()))
        )
        do {
            let parsed = try ImpressionTrace(jsonLines: text)
            let output = ImpressionReplay.jsonLines(of: try ImpressionReplay.batches(of: parsed, rules: rules), withBatchLines: batches)
            FileHandle.standardOutput.write(Data(output.utf8))
        } catch let error as ImpressionTraceError {
            throw ReplayError(message: "\(trace): \(error)")
        } catch let error as ImpressionRulesError {
            throw ValidationError("\(error)")
        }
    }
}

/// A failure while reading or replaying (printed without the usage text).
struct ReplayError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

extension RatioMeasure: ExpressibleByArgument {}

ImpressionReplayCommand.main()
