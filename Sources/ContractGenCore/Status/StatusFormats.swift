import CollectorResponses
import Foundation
import TrackingCore

/// How `contractgen status` prints a ``StatusReport`` (docs/status.md,
/// "Output"). Every text from the contract, the code or the collector goes
/// through ``TerminalSafeText`` (or the format's own escaping on top of it):
/// an event name that arrived at a collector is anybody's text.
package enum StatusFormat: String, Sendable, CaseIterable {
    case table
    case json
    case junit
    case github

    /// The report in this format; `failOn` decides what fails (JUnit
    /// failures, GitHub errors rather than warnings).
    package func render(_ report: StatusReport, failOn: Set<StatusReport.FindingKind>) -> String {
        switch self {
        case .table: StatusTable(report: report, failOn: failOn).text()
        case .json: StatusJSON.text(report, failOn: failOn)
        case .junit: StatusJUnit.text(report, failOn: failOn)
        case .github: StatusGitHub.text(report, failOn: failOn)
        }
    }
}

// MARK: - Table

/// The default format: a table of every event that fits 100 columns, then
/// where each event is called and what arrived, the findings and the notes.
struct StatusTable {
    let report: StatusReport
    let failOn: Set<StatusReport.FindingKind>

    static let width = 100
    static let eventWidth = 28

    func text() -> String {
        var lines: [String] = []
        lines.append(safe("\(report.contractName) \(report.contractVersion) (\(report.contractFile)): \(StatusReport.plural(report.rows.count, "event"))"))
        if let scan = report.scan {
            let files = SourceLanguage.allCases.map { "\(scan.filesScanned[$0] ?? 0) \(Self.languageName($0))" }.joined(separator: ", ")
            lines.append("code: \(StatusReport.plural(scan.sites.count, "call")) in the files read (\(files))")
        } else {
            lines.append("code: not scanned (no source root given)")
        }
        if let arrivals = report.arrivals {
            lines.append(safe("arrivals: read \(arrivals.readAt)" + (arrivals.since.map { ", since \($0)" } ?? ", everything kept")))
        } else {
            lines.append("arrivals: none given")
        }
        lines.append("")
        lines.append(row(["event", "swift", "ts", "kotlin", "arrived", "last seen", "violations"]))
        for event in report.rows {
            let calls = event.callsByLanguage
            let counts = SourceLanguage.allCases.map { report.scan == nil ? "-" : String(calls[$0] ?? 0) }
            let arrived = event.arrived
            lines.append(row([
                event.event, counts[0], counts[1], counts[2],
                report.arrivals == nil ? "-" : String(arrived?.count ?? 0),
                arrived.map { Self.shortTime($0.lastSeen) } ?? "",
                arrived.map { Self.codes($0.violations) } ?? "",
            ]))
        }
        if !report.unknownArrivals.isEmpty {
            lines.append("")
            lines.append("Arrived, not in the contract:")
            lines.append(row(["event", "", "", "", "arrived", "last seen", "violations"]))
            for arrived in report.unknownArrivals {
                lines.append(row([arrived.event, "", "", "", String(arrived.count), Self.shortTime(arrived.lastSeen), Self.codes(arrived.violations)]))
            }
        }
        let detailed = report.rows.filter { !$0.sites.isEmpty || $0.arrived != nil }
        if !detailed.isEmpty {
            lines.append("")
            lines.append("Where:")
            for event in detailed {
                lines.append(safe("  \(event.event)"))
                for site in event.sites {
                    lines.append(safe("    \(Self.languageName(site.language).padding(toLength: 11, withPad: " ", startingAt: 0))\(StatusReport.place(site))"))
                }
                if let arrived = event.arrived { lines += arrivalLines(arrived) }
            }
            for arrived in report.unknownArrivals {
                lines.append(safe("  \(arrived.event) (not in the contract)"))
                lines += arrivalLines(arrived)
            }
        }
        lines.append("")
        if report.findings.isEmpty {
            lines.append("Findings: none")
        } else {
            lines.append("Findings:")
            for finding in report.findings {
                let mark = failOn.contains(finding.kind) ? "FAIL " : ""
                lines.append(safe("  \(mark)\(finding.kind.rawValue): \(finding.event): \(finding.message)"))
            }
        }
        if !report.notes.isEmpty {
            lines.append("")
            lines.append("Notes:")
            for note in report.notes { lines.append(safe("  \(note)")) }
        }
        lines.append("")
        lines.append(summary())
        return lines.joined(separator: "\n") + "\n"
    }

    func summary() -> String {
        let failing = report.failing(failOn).count
        var text = StatusReport.plural(report.findings.count, "finding")
        if !failOn.isEmpty {
            let names = StatusReport.FindingKind.allCases.filter(failOn.contains).map(\.rawValue).joined(separator: ",")
            text += "; \(failing) failing (--fail-on \(names))"
        }
        return text
    }

    func arrivalLines(_ arrived: ArrivedEvent) -> [String] {
        var lines = [safe("    arrived    \(arrived.count)" + (arrived.rejected > 0 ? " (\(arrived.rejected) rejected)" : "")
            + ", first \(arrived.firstSeen), last \(arrived.lastSeen)")]
        if !arrived.contractVersions.isEmpty { lines.append(safe("    contract   \(Self.counts(arrived.contractVersions))")) }
        if !arrived.appVersions.isEmpty { lines.append(safe("    app        \(Self.counts(arrived.appVersions))")) }
        if !arrived.violations.isEmpty { lines.append(safe("    violations \(Self.counts(arrived.violations))")) }
        return lines
    }

    /// One line of the table: fixed columns, the last one cut to fit ``width``.
    func row(_ cells: [String]) -> String {
        let widths = [Self.eventWidth, 6, 6, 7, 9, 18]
        var line = Self.fit(safe(cells[0]), Self.eventWidth).padding(toLength: Self.eventWidth, withPad: " ", startingAt: 0)
        for index in 1..<4 { line += Self.leftPad(cells[index], widths[index]) }
        line += Self.leftPad(cells[4], widths[4]) + "  "
        line += Self.fit(cells[5], widths[5] - 2).padding(toLength: widths[5], withPad: " ", startingAt: 0)
        line += Self.fit(safe(cells[6]), Self.width - line.count)
        return String(line.reversed().drop { $0 == " " }.reversed())
    }

    func safe(_ text: String) -> String { TerminalSafeText.escaped(text) }

    static func leftPad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `text` cut to `width` characters, the last one `…` when cut.
    static func fit(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    /// `2026-12-07T05:00:00.000Z` as `2026-12-07 05:00` (UTC, as the collector's clock).
    static func shortTime(_ time: String) -> String {
        guard time.count >= 16 else { return time }
        return String(time.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    static func codes(_ violations: [String: Int]) -> String {
        StatusReport.ranked(violations).map { "\($0.key) \($0.count)" }.joined(separator: ", ")
    }

    /// At most five values with their counts, largest first, then how many more.
    static func counts(_ counts: [String: Int]) -> String {
        let ranked = StatusReport.ranked(counts)
        let shown = ranked.prefix(5).map { "\($0.key) ×\($0.count)" }.joined(separator: ", ")
        return ranked.count > 5 ? shown + ", \(ranked.count - 5) more" : shown
    }

    static func languageName(_ language: SourceLanguage) -> String {
        switch language {
        case .swift: "Swift"
        case .typescript: "TypeScript"
        case .kotlin: "Kotlin"
        }
    }
}

// MARK: - JSON

/// `--format json`: the shape docs/status.md documents; members in a fixed
/// order, strings escaped by ``TerminalSafeText/json(_:)``.
enum StatusJSON {
    static func text(_ report: StatusReport, failOn: Set<StatusReport.FindingKind>) -> String {
        let failing = report.failing(failOn).count
        let contract: JSONValue = .object([
            ("name", .string(report.contractName)), ("version", .string(report.contractVersion)), ("file", .string(report.contractFile)),
        ])
        var scan: JSONValue = .null
        if let files = report.scan?.filesScanned {
            let counts: [(key: String, value: JSONValue)] = SourceLanguage.allCases.map { ($0.rawValue, number(files[$0] ?? 0)) }
            scan = .object([("filesScanned", .object(counts))])
        }
        var arrivals: JSONValue = .null
        if let read = report.arrivals {
            let since: JSONValue = read.since.map { .string($0) } ?? .null
            arrivals = .object([("readAt", .string(read.readAt)), ("since", since)])
        }
        let events: [JSONValue] = report.rows.map { row in event(row, scanned: report.scan != nil) }
        let unknown: [JSONValue] = report.unknownArrivals.map { .object([("event", .string($0.event)), ("arrived", arrived($0))]) }
        let findings: [JSONValue] = report.findings.map { finding(
            $0, failing: failOn.contains($0.kind)) }
        let notes: [JSONValue] = report.notes.map { .string($0) }
        let kinds: [JSONValue] = StatusReport.FindingKind.allCases.filter(failOn.contains).map { .string($0.rawValue) }
        let members: [(key: String, value: JSONValue)] = [
            ("format", .number("1")), ("contract", contract), ("scan", scan), ("arrivals", arrivals),
            ("events", .array(events)), ("unknownEvents", .array(unknown)), ("findings", .array(findings)),
            ("notes", .array(notes)), ("failOn", .array(kinds)), ("failing", number(failing)),
        ]
        return PrettyJSON.text(.object(members), style: .terminalSafe)
    }

    static func number(_ value: Int) -> JSONValue { .number(String(value)) }

    static func event(_ row: StatusReport.EventRow, scanned: Bool) -> JSONValue {
        let deprecated: JSONValue = row.deprecated.map { .string($0) } ?? .null
        let calls: JSONValue = scanned ? .array(row.sites.map(site)) : .null
        let arrivedValue: JSONValue = row.arrived.map(arrived) ?? .null
        return .object([("event", .string(row.event)), ("deprecated", deprecated), ("calls", calls), ("arrived", arrivedValue)])
    }

    static func finding(_ finding: StatusReport.Finding, failing: Bool) -> JSONValue {
        let members: [(key: String, value: JSONValue)] = [
            ("kind", .string(finding.kind.rawValue)), ("event", .string(finding.event)), ("message", .string(finding.message)),
            ("failing", .bool(failing)), ("sites", .array(finding.sites.map(site))),
        ]
        return .object(members)
    }

    static func site(_ site: CallSite) -> JSONValue {
        .object([
            ("language", .string(site.language.rawValue)), ("file", .string(site.file)),
            ("line", number(site.line)), ("column", number(site.column)),
        ])
    }

    static func counts(_ counts: [String: Int]) -> JSONValue {
        .object(counts.keys.sorted().map { ($0, number(counts[$0]!)) })
    }

    static func arrived(_ arrived: ArrivedEvent) -> JSONValue {
        .object([
            ("count", number(arrived.count)), ("rejected", number(arrived.rejected)),
            ("firstSeen", .string(arrived.firstSeen)), ("lastSeen", .string(arrived.lastSeen)),
            ("contractVersions", counts(arrived.contractVersions)), ("appVersions", counts(arrived.appVersions)),
            ("violations", counts(arrived.violations)),
        ])
    }
}

// MARK: - JUnit

/// `--format junit`: one test case per event (the contract's, then the
/// unknown ones); a failure per finding `--fail-on` names, the other
/// findings in the case's `system-out`.
enum StatusJUnit {
    static func text(_ report: StatusReport, failOn: Set<StatusReport.FindingKind>) -> String {
        let byEvent = Dictionary(grouping: report.findings, by: \.event)
        let names = report.rows.map(\.event) + report.unknownArrivals.map(\.event)
        let failures = names.filter { (byEvent[$0] ?? []).contains { failOn.contains($0.kind) } }.count
        let suite = "contractgen status \(report.contractName) \(report.contractVersion)"
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"\(xml(suite))\" tests=\"\(names.count)\" failures=\"\(failures)\" errors=\"0\">",
            "  <testsuite name=\"\(xml(suite))\" tests=\"\(names.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">",
        ]
        for name in names {
            let findings = byEvent[name] ?? []
            let failing = findings.filter { failOn.contains($0.kind) }
            let others = findings.filter { !failOn.contains($0.kind) }
            let open = "    <testcase classname=\"\(xml(report.contractName))\" name=\"\(xml(name))\""
            if findings.isEmpty {
                lines.append(open + "/>")
                continue
            }
            lines.append(open + ">")
            for finding in failing {
                lines.append("      <failure type=\"\(finding.kind.rawValue)\" message=\"\(xml(finding.message))\">\(xml(detail(finding)))</failure>")
            }
            if !others.isEmpty {
                let text = others.map { "\($0.kind.rawValue): \(detail($0))" }.joined(separator: "\n")
                lines.append("      <system-out>\(xml(text))</system-out>")
            }
            lines.append("    </testcase>")
        }
        if !report.notes.isEmpty {
            lines.append("    <system-out>\(xml(report.notes.joined(separator: "\n")))</system-out>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The finding's message and its call sites, one a line.
    static func detail(_ finding: StatusReport.Finding) -> String {
        ([finding.message] + finding.sites.map(StatusReport.place)).joined(separator: "\n")
    }

    /// `text` for an XML attribute or element: terminal-safe (XML 1.0 allows
    /// no control characters anyway), then `&<>"'` escaped; the line breaks
    /// this format itself puts between lines are kept as `&#10;`.
    static func xml(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.offset > 0 { out += "&#10;" }
            for character in TerminalSafeText.escaped(String(line.element)) {
                switch character {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&apos;"
                default: out.append(character)
                }
            }
        }
        return out
    }
}

// MARK: - GitHub

/// `--format github`: a GitHub Actions workflow command per finding and call
/// site (`::error file=…,line=…,col=…,title=…::message`), an error when
/// `--fail-on` names the finding's kind, a warning otherwise; findings about
/// no call (an event called nowhere, an unknown event) are annotated on the
/// contract (the event's line) or, for unknown events, without a file.
enum StatusGitHub {
    static func text(_ report: StatusReport, failOn: Set<StatusReport.FindingKind>) -> String {
        let lines = report.rows.reduce(into: [String: Int]()) { $0[$1.event] = $1.contractLine }
        var out: [String] = []
        for finding in report.findings {
            let level = failOn.contains(finding.kind) ? "error" : "warning"
            let title = "\(finding.kind.rawValue): \(finding.event)"
            if finding.sites.isEmpty {
                var properties: [(String, String)] = []
                if let line = lines[finding.event] {
                    properties = [("file", report.contractFile), ("line", String(line))]
                }
                properties.append(("title", title))
                out.append(command(level, properties, "\(finding.event): \(finding.message)"))
            } else {
                for site in finding.sites {
                    out.append(command(level, [
                        ("file", site.file), ("line", String(site.line)), ("col", String(site.column)), ("title", title),
                    ], "\(finding.event): \(finding.message)"))
                }
            }
        }
        for note in report.notes { out.append(command("notice", [("title", "contractgen status")], note)) }
        return out.isEmpty ? "" : out.joined(separator: "\n") + "\n"
    }

    static func command(_ level: String, _ properties: [(String, String)], _ message: String) -> String {
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(level) \(list)::\(escapeData(message))"
    }

    /// A workflow command's message: `%`, CR and LF escaped as GitHub reads
    /// them back, then made terminal-safe (the log is a terminal too).
    static func escapeData(_ text: String) -> String {
        TerminalSafeText.escaped(text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// A property value: as a message, and `:` and `,` too.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
