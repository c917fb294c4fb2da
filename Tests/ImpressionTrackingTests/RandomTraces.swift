import ImpressionTracking
import PropertyBased

/// Random traces for the property tests, and an independent model of what
/// they should produce.
enum RandomTraces {
    /// One step: what happens (0...19), how long after the previous step in
    /// tenths of a second (0...30), and for reports which of five items show
    /// how much (each item one base-5 digit: 0 = off screen, k = k/4 visible).
    typealias Step = (kind: Int, tenths: Int, shown: Int)

    static let steps = zip(Gen.int(in: 0...19), Gen.int(in: 0...30), Gen.int(in: 0...3124))
        .map { Step(kind: $0, tenths: $1, shown: $2) }
        .array(of: 1...60)

    static let viewport = ScreenRect(x: 0, y: 0, width: 100, height: 100)

    static func trace(_ steps: [Step]) -> ImpressionTrace {
        var entries = [ImpressionTrace.Entry(time: .zero, input: .start)]
        var tenths: Int64 = 0
        for step in steps {
            tenths += Int64(step.tenths)
            let input: ImpressionTrace.Input
            switch step.kind {
            case 0...10: input = .report(report(step.shown))
            case 11: input = .tick
            case 12: input = .stop
            case 13: input = .start
            case 14: input = .background
            case 15: input = .foreground
            case 16: input = .suspend
            case 17: input = .resume
            case 18: input = .newVisit
            default: input = .restart
            }
            entries.append(.init(time: MonotonicInstant(nanoseconds: tenths * 100_000_000), input: input))
        }
        return ImpressionTrace(entries: entries)
    }

    static func report(_ shown: Int) -> VisibilityReport {
        var items: [VisibilityReport.Item] = []
        var digits = shown
        for index in 0..<5 {
            let quarters = digits % 5
            digits /= 5
            guard quarters > 0 else { continue }
            let share = Double(quarters) / 4
            items.append(.init(
                id: ImpressionItemID("i\(index)"), position: index + shown % 3,
                frame: ScreenRect(x: 0, y: 100 * (1 - share), width: 100, height: 100)))
        }
        return VisibilityReport(viewport: viewport, items: items)
    }

    /// A stretch during which an item was visible enough while counting.
    struct Window {
        var item: ImpressionItemID
        var visit: Int
        var start: Int64
        var end: Int64
        /// (time, ratio, position) at the window's start and at every report inside it.
        var samples: [(Int64, Double, Int)]
    }

    /// The model: replays the lifecycle and geometry directly and cuts the
    /// timeline into windows, closing them at the end of the trace as the
    /// replay does.
    static func windows(of trace: ImpressionTrace, rules: ImpressionCriteria) -> [Window] {
        var started = false, background = false, suspended = false
        var visit = 1
        var shown: [ImpressionItemID: (ratio: Double, position: Int)] = [:]
        var open: [ImpressionItemID: Window] = [:]
        var closed: [Window] = []
        let meets = { (ratio: Double) in ratio >= rules.threshold - 1e-9 }

        for entry in trace.entries {
            let now = entry.time.nanoseconds
            var visitChanged = false
            var isReport = false
            switch entry.input {
            case .report(let report):
                isReport = true
                shown = [:]
                for item in report.items {
                    let ratio = VisibleRatio.of(item: item.frame, in: report.viewport, occludedBy: report.occluders, measure: rules.measure)
                    shown[item.id] = (ratio, item.position)
                }
            case .stop:
                if started { started = false; shown = [:] }
            case .start: started = true
            case .background: background = true
            case .foreground: background = false
            case .suspend: suspended = true
            case .resume: suspended = false
            case .newVisit: visit += 1; visitChanged = true
            case .restart: visit += 1; visitChanged = true; started = true
            case .tick, .flush: break
            }
            let counting = started && !background && !suspended
            for id in Set(open.keys).union(shown.keys) {
                let current = shown[id]
                let qualifies = counting && meets(current?.ratio ?? 0)
                if var window = open[id], !qualifies || visitChanged {
                    window.end = now
                    closed.append(window)
                    open[id] = nil
                }
                if qualifies, let current {
                    if open[id] == nil {
                        open[id] = Window(item: id, visit: visit, start: now, end: now, samples: [(now, current.ratio, current.position)])
                    } else if isReport {
                        open[id]!.samples.append((now, current.ratio, current.position))
                    }
                }
            }
        }
        let end = trace.entries.last?.time.nanoseconds ?? 0
        for var window in open.values {
            window.end = end
            closed.append(window)
        }
        return closed
    }

    /// The impressions the model expects: the first long-enough window of each
    /// (visit, item).
    static func expectedImpressions(of trace: ImpressionTrace, rules: ImpressionCriteria) -> [Expected] {
        let minimum = rules.minimumDuration.components.seconds * 1_000_000_000
            + rules.minimumDuration.components.attoseconds / 1_000_000_000
        var firstByKey: [String: Window] = [:]
        for window in windows(of: trace, rules: rules) where window.end - window.start >= minimum {
            let key = "\(window.visit)/\(window.item)"
            if let known = firstByKey[key], known.start <= window.start { continue }
            firstByKey[key] = window
        }
        return firstByKey.values.map { window in
            let qualified = window.start + minimum
            let before = window.samples.filter { $0.0 < qualified }
            let onExit = rules.reporting == .onExit
            let ratios = (onExit ? window.samples : before).map(\.1)
            return Expected(
                window.item.rawValue, before.last!.2, visit: window.visit,
                first: Double(window.start) / 1e9, qualified: Double(qualified) / 1e9,
                seconds: Double(onExit ? window.end - window.start : minimum) / 1e9,
                ratio: (ratios.max()! * 10_000).rounded() / 10_000)
        }
    }
}
