import Benchmark
import ImpressionTracking

/// A feed of equal rows scrolled 2 pt per 120 Hz frame, with 50 rows in the
/// viewport. Reaching the end jumps back to the top in a new visit, so items
/// keep qualifying. Everything the engine keeps about off-screen items (the
/// items counted in the visit) grows with the list; per-item state does not.
final class ScrollingFeed {
    static let rowHeight = 20.0
    static let viewport = ScreenRect(x: 0, y: 0, width: 390, height: 1000)
    static let frameNanos: Int64 = 8_333_333

    let ids: [ImpressionItemID]
    var engine: ImpressionEngine
    var report = VisibilityReport(viewport: ScrollingFeed.viewport, items: [])
    var offset = 0.0
    var now: Int64 = 0

    init(listSize: Int, occluders: [ScreenRect] = []) {
        ids = (0..<listSize).map { ImpressionItemID("item-\($0)") }
        engine = try! ImpressionEngine(rules: .mrc)
        report.occluders = occluders
        report.items.reserveCapacity(64)
        engine.start(at: .zero)
        if listSize > 100 {
            // Count most of the list first, as after a long session: hold every
            // screenful long enough away from where the measurement scrolls.
            var position = 100
            while position + 50 <= listSize {
                now += 1_100_000_000
                offset = Double(position) * Self.rowHeight
                fillReport()
                engine.report(report, at: MonotonicInstant(nanoseconds: now))
                position += 50
            }
            now += 1_100_000_000
            offset = 0
            fillReport()
            engine.report(report, at: MonotonicInstant(nanoseconds: now))
            _ = engine.takeCommittedBatches()
        }
    }

    /// The rows intersecting the viewport at `offset`, rebuilt in place (the
    /// UI adapter's work, not measured).
    func fillReport() {
        report.items.removeAll(keepingCapacity: true)
        var position = Int(offset / Self.rowHeight)
        while position < ids.count {
            let y = Double(position) * Self.rowHeight - offset
            if y >= Self.viewport.maxY { break }
            report.items.append(.init(id: ids[position], position: position,
                                      frame: ScreenRect(x: 0, y: y, width: 390, height: Self.rowHeight)))
            position += 1
        }
    }

    /// Moves to the next frame and rebuilds the report.
    func prepareNextFrame() {
        now += Self.frameNanos
        offset += 2
        if offset + Self.viewport.height > Double(ids.count) * Self.rowHeight {
            offset = 0
            engine.beginVisit(at: MonotonicInstant(nanoseconds: now))
        }
        fillReport()
    }

    /// The measured work: one frame's update.
    func update() {
        engine.report(report, at: MonotonicInstant(nanoseconds: now))
    }

    /// Hands committed batches on (not measured).
    func drain() {
        _ = engine.takeCommittedBatches()
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 1_000,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 200_000
    )

    // What starting and stopping a measurement costs by itself.
    Benchmark("Measurement overhead (empty)") { benchmark in
        for _ in benchmark.scaledIterations {
            benchmark.startMeasurement()
            benchmark.stopMeasurement()
        }
    }

    let bars = [ScreenRect(x: 0, y: 0, width: 390, height: 100), ScreenRect(x: 0, y: 920, width: 390, height: 80)]
    let cases: [(String, Int, [ScreenRect])] = [
        ("Frame update, 50 visible of 100", 100, []),
        ("Frame update, 50 visible of 100000", 100_000, []),
        ("Frame update, 50 visible of 100000, header and tab bar", 100_000, bars),
    ]
    for (name, listSize, occluders) in cases {
        let feed = ScrollingFeed(listSize: listSize, occluders: occluders)
        Benchmark(name) { benchmark in
            for _ in benchmark.scaledIterations {
                feed.prepareNextFrame()
                benchmark.startMeasurement()
                feed.update()
                benchmark.stopMeasurement()
                feed.drain()
            }
        }
    }
}
