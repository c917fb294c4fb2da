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

    // No defaults here: a recording's header names its rules, and an option
    // given replaces its rule (with a warning when they differ). Without a
    // header the defaults are 1 s, 0.5, area, qualify, max(10, 2 × min) s.
    @Option(help: "Seconds an item must stay visible enough without a break (default: the recording's, else 1).")
    var minDuration: Double?

    @Option(help: "Visible ratio an item must reach, 0 < R <= 1 (default: the recording's, else 0.5).")
    var threshold: Double?

    @Option(help: "How the visible ratio is measured: area or height (default: the recording's, else area).")
    var ratio: RatioMeasure?

    @Option(help: "qualify: report when an item qualifies; exit: report when its dwell ends, with the full dwell.")
    var mode: Mode?

    @Option(help: "Seconds between commits (default: the recording's, else the larger of 10 and twice the minimum duration).")
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
        do {
            let parsed = try ImpressionTrace(jsonLines: text)
            let options = ReplayOptions(minDuration: minDuration, threshold: threshold, ratio: ratio,
                                        reporting: mode.map { $0 == .qualify ? .atQualification : .onExit },
                                        commitInterval: commitInterval)
            let (rules, warnings) = try options.resolve(for: parsed)
            for warning in warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
            let output = ImpressionReplay.jsonLines(of: try ImpressionReplay.batches(of: parsed, rules: rules), withBatchLines: batches)
            FileHandle.standardOutput.write(Data(output.utf8))
        } catch let error as ImpressionTraceError {
            throw ReplayError(message: "\(trace): \(error)")
        } catch let error as ReplayOptionError {
            throw ValidationError(error.message)
        } catch let error as ImpressionCriteriaError {
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
