import ImpressionTracking

/// The example traces shipped in `Traces/`, built in code so that their
/// geometry is obvious and the files can be re-recorded (`RECORD_GOLDENS=1`).
enum ExampleTraces {
    struct Example {
        let name: String
        let summary: String
        let trace: ImpressionTrace

        /// The file's text: a comment header, then the JSON lines.
        var fileText: String {
            summary.split(separator: "\n").map { "# " + $0 + "\n" }.joined() + trace.jsonLines
        }
    }

    static let phone = ScreenRect(x: 0, y: 0, width: 390, height: 800)

    static let all: [Example] = [fling, slowRead, stopAndGo, backgroundMidDwell, stickyHeader, tallItem]

    /// A report of a vertical list of equal rows scrolled to `offset`: every row
    /// that intersects the viewport, in viewport coordinates, like a UI would list them.
    static func rows(
        offset: Double, rowHeight: Double, count: Int, occluders: [ScreenRect] = [],
        viewport: ScreenRect = phone
    ) -> ImpressionTrace.Input {
        var items: [VisibilityReport.Item] = []
        let first = max(0, Int((offset / rowHeight).rounded(.down)))
        var position = first
        while position < count {
            let y = Double(position) * rowHeight - offset
            if y >= viewport.maxY { break }
            let frame = ScreenRect(x: 0, y: y, width: viewport.width, height: rowHeight)
            if frame.intersection(viewport) != nil {
                items.append(.init(id: ImpressionItemID("item-\(position)"), position: position, frame: frame))
            }
            position += 1
        }
        return .report(VisibilityReport(viewport: viewport, occluders: occluders, items: items))
    }

    static func at(_ seconds: Double, _ input: ImpressionTrace.Input) -> ImpressionTrace.Entry {
        .init(time: MonotonicInstant(seconds: seconds), input: input)
    }

    /// A fling through 200 rows of 100 pt: 0.5 s at rest, then 100 frames of
    /// 20 ms moving 192 pt each, then rest at the end of the list until 5 s.
    static let fling: Example = {
        var entries = [at(0, .start), at(0, rows(offset: 0, rowHeight: 100, count: 200))]
        for frame in 1...100 {
            let time = 0.5 + Double(frame) * 0.02
            entries.append(at(time, rows(offset: Double(frame) * 192, rowHeight: 100, count: 200)))
        }
        entries.append(at(5, .stop))
        return Example(
            name: "fling",
            summary: """
            A fling through 200 rows of 100 pt in an 800 pt viewport: at rest for 0.5 s,
            100 frames of 20 ms moving 192 pt each, then at rest at the end until 5 s.
            """,
            trace: ImpressionTrace(entries: entries))
    }()

    /// Rows of 200 pt read slowly, a row at a time; the last step leaves two
    /// rows exactly half visible.
    static let slowRead: Example = {
        let entries = [
            at(0, .start),
            at(0, rows(offset: 0, rowHeight: 200, count: 10)),
            at(3, rows(offset: 200, rowHeight: 200, count: 10)),
            at(6, rows(offset: 400, rowHeight: 200, count: 10)),
            at(6.5, rows(offset: 500, rowHeight: 200, count: 10)),
            at(12, .stop),
        ]
        return Example(
            name: "slow-read",
            summary: """
            A slow read through rows of 200 pt: a new row every 3 s, then a half-row step at 6.5 s
            that leaves item-2 and item-6 exactly half visible. Stopped at 12 s.
            """,
            trace: ImpressionTrace(entries: entries))
    }()

    /// Scroll, pause too short, scroll, pause long enough, nudge.
    static let stopAndGo: Example = {
        let list = { (offset: Double) in rows(offset: offset, rowHeight: 100, count: 100) }
        let entries = [
            at(0, .start),
            at(0, list(0)),
            at(0.6, list(800)),
            at(1.2, list(1600)),
            at(1.8, list(2400)),
            at(3.0, list(2450)),
            at(3.5, list(3200)),
            at(4.0, list(4000)),
            at(4.9, list(4020)),
            at(5.5, .stop),
        ]
        return Example(
            name: "stop-and-go",
            summary: """
            Stop and go through rows of 100 pt: pauses of 0.6 s (too short), 1.2 s (long enough),
            a half-row nudge, a pause of exactly 1 s for item-32, then a pause with a small nudge.
            """,
            trace: ImpressionTrace(entries: entries))
    }()

    /// Background in the middle of a dwell, then a suspension.
    static let backgroundMidDwell: Example = {
        let entries = [
            at(0, .start),
            at(0, rows(offset: 0, rowHeight: 200, count: 10)),
            at(0.6, .background),
            at(5, .foreground),
            at(5.4, .suspend),
            at(9, .resume),
            at(9.2, rows(offset: 0, rowHeight: 200, count: 10)),
            at(10.5, .stop),
        ]
        return Example(
            name: "background-mid-dwell",
            summary: """
            Four rows on screen; the app goes to background 0.6 s into the dwell, comes back at 5 s,
            is suspended at 5.4 s and resumes at 9 s; the same rows stay on screen until 10.5 s.
            """,
            trace: ImpressionTrace(entries: entries))
    }()

    /// A sticky header and a tab bar cover rows.
    static let stickyHeader: Example = {
        let bars = [ScreenRect(x: 0, y: 0, width: 390, height: 100), ScreenRect(x: 0, y: 720, width: 390, height: 80)]
        let entries = [
            at(0, .start),
            at(0, rows(offset: 0, rowHeight: 100, count: 20, occluders: bars)),
            at(2, rows(offset: 50, rowHeight: 100, count: 20, occluders: bars)),
            at(3.5, .stop),
        ]
        return Example(
            name: "sticky-header",
            summary: """
            Rows of 100 pt under a 100 pt sticky header and an 80 pt tab bar (from y 720).
            At 2 s the list moves 50 pt: item-1 half under the header, item-7 70% visible.
            """,
            trace: ImpressionTrace(entries: entries))
    }()

    /// An item three and a half viewports tall between two short ones.
    static let tallItem: Example = {
        func list(_ offset: Double) -> ImpressionTrace.Input {
            let frames = [
                ("intro", 0, ScreenRect(x: 0, y: 0 - offset, width: 390, height: 100)),
                ("article", 1, ScreenRect(x: 0, y: 100 - offset, width: 390, height: 3000)),
                ("footer", 2, ScreenRect(x: 0, y: 3100 - offset, width: 390, height: 100)),
            ]
            let items = frames.filter { $0.2.intersection(phone) != nil }.map {
                VisibilityReport.Item(id: ImpressionItemID($0.0), position: $0.1, frame: $0.2)
            }
            return .report(VisibilityReport(viewport: phone, items: items))
        }
        let entries = [
            at(0, .start),
            at(0, list(0)),
            at(0.5, list(1000)),
            at(3, list(2600)),
            at(4, .stop),
        ]
        return Example(
            name: "tall-item",
            summary: """
            An article 3000 pt tall in an 800 pt viewport, between a 100 pt intro and a 100 pt footer.
            It fills 7/8 of the viewport at once, all of it from 0.5 s, 5/8 from 3 s.
            """,
            trace: ImpressionTrace(entries: entries))
    }()
}
