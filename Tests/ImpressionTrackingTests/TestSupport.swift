import Foundation
import ImpressionTracking

/// Small helpers shared by the impression tests.
enum TestSupport {
    /// `Tests/ImpressionTrackingTests/Traces`, found from this file.
    static let tracesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// A shipped trace, read from its file (or, while re-recording, from its
    /// generator, since the files are being rewritten concurrently).
    static func loadTrace(_ name: String) throws -> ImpressionTrace {
        if isRecording, let example = ExampleTraces.all.first(where: { $0.name == name }) { return example.trace }
        let text = try String(contentsOf: tracesDirectory.appendingPathComponent(name + ".jsonl"), encoding: .utf8)
        return try ImpressionTrace(jsonLines: text)
    }
}

func t(_ seconds: Double) -> MonotonicInstant { MonotonicInstant(seconds: seconds) }

/// An expected impression written by hand: times in seconds.
struct Expected: Hashable, CustomStringConvertible {
    var item: String
    var position: Int
    var visit = 1
    var first: Double
    var qualified: Double
    var seconds: Double
    var ratio: Double

    init(_ item: String, _ position: Int, visit: Int = 1, first: Double, qualified: Double, seconds: Double = 1, ratio: Double = 1) {
        self.item = item
        self.position = position
        self.visit = visit
        self.first = first
        self.qualified = qualified
        self.seconds = seconds
        self.ratio = ratio
    }

    init(_ impression: Impression) {
        self.item = impression.itemID.rawValue
        self.position = impression.position
        self.visit = impression.visit
        self.first = impression.firstVisibleAt.seconds
        self.qualified = impression.qualifiedAt.seconds
        self.seconds = impression.visibleSeconds
        self.ratio = (impression.maxRatio * 10_000).rounded() / 10_000
    }

    var description: String {
        "\(item)@\(position) v\(visit) first \(first) qualified \(qualified) for \(seconds)s ratio \(ratio)"
    }
}
