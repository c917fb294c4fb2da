import Foundation
import TrackingCore

/// Prints a ``ContractDiffReport`` for people (text), tools (JSON) and
/// GitHub Actions (workflow commands that become annotations).
package enum DiffFormatter {
    // MARK: Text

    /// One entry per change in the style of the diagnostics,
    /// `file:line:col: severity (affects): message [rule]`, with the other
    /// side's location below; then the counts, the version verdict and what
    /// `gate` makes of them (the exit status).
    package static func text(_ report: ContractDiffReport, gate: DiffGate = DiffGate()) -> String {
        var out = ""
        for change in report.changes {
            let affects = change.affects.isEmpty ? "" : " (\(change.affects.map(\.rawValue).joined(separator: ", ")))"
            let primary = TerminalSafeText.escaped("\(change.new ?? change.old!)")
            // Messages quote contract text (a `deprecated` note, a pattern): shown
            // escaped, a control character cannot drive the terminal or forge a line.
            out += "\(primary): \(change.severity.rawValue)\(affects): \(TerminalSafeText.escaped(change.message)) [\(change.rule.rawValue)]\n"
            switch (change.old, change.new) {
            case (let old?, _?): out += "  old: \(TerminalSafeText.escaped("\(old)"))\n"
            case (nil, _): out += "  old: absent\n"
            case (_, nil): out += "  new: absent\n"
            }
            if change.breaksSourceOnly { out += "  \(sourceOnlyBreak)\n" }
        }
        out += safeSummary(report, gate: gate) + "\n"
        return out
    }

    /// Under a source-breaking change (generated code of any target): who breaks, and why the version rule asks only a minor.
    static let sourceOnlyBreak =
        "breaks: apps' code using the generated code, as a compile error at their next build (fixed before anything ships); "
        + "the wire and stored data are unchanged, so it asks a minor bump, not a major"

    /// ``summary(_:gate:)`` with each line escaped: the file names come from the
    /// command line (paths, `git` revisions) and may hold anything.
    static func safeSummary(_ report: ContractDiffReport, gate: DiffGate?) -> String {
        summary(report, gate: gate).split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalSafeText.escaped(String($0)) }.joined(separator: "\n")
    }

    /// `3 changes (1 breaking, 0 source-breaking, 1 additive, 1 cosmetic)`, then
    /// `required bump: major; version 1.4.0 is not enough: use 2.0.0 (…)`, then,
    /// with a `gate` (the command line's flags), what it makes of them:
    /// `gate: fails, exit 1: …` or `gate: passes, exit 0 (…)`. Without one (the
    /// catalogue), the verdict alone.
    package static func summary(_ report: ContractDiffReport, gate: DiffGate? = nil) -> String {
        let n = report.changes.count
        var line = "\(report.oldFile) (\(report.oldVersion)) -> \(report.newFile) (\(report.newVersion)): "
        if n == 0 {
            line += "no changes"
        } else {
            let counts = ChangeSeverity.allCases.map { "\(report.count($0)) \($0.rawValue)" }.joined(separator: ", ")
            line += "\(n) change\(n == 1 ? "" : "s") (\(counts))"
        }
        line += "\nrequired bump: \(report.requiredBump.rawValue)"
        let sourceOnly = report.changes.count(where: \.breaksSourceOnly)
        if report.requiredBump == .minor && sourceOnly > 0 {
            // Say why a change that breaks apps' code needs no major version.
            line += " (source-breaking changes break apps' code at their next build, not events on the wire "
                + "or stored data: they ask a minor)"
        }
        line += "; "
        if report.versionOK {
            line += "version \(report.newVersion) is enough"
        } else {
            line += "version \(report.newVersion) is not enough: use \(report.suggestedVersion)"
            if let gate {
                line += gate.checkVersion ? " (--check-version: fails)" : " (not enforced: pass --check-version to fail)"
            }
        }
        guard let gate else { return line }
        let failures = report.gateFailures(gate)
        if !failures.isEmpty {
            line += "\ngate: fails, exit 1: " + failures.joined(separator: "; ")
        } else if gate.checkVersion || gate.failOn != nil {
            line += "\ngate: passes, exit 0 (\(gate.flags))"
        } else {
            line += "\ngate: none, exit 0 (CI gates with --check-version; --fail-on SEVERITY fails on changes that severe)"
        }
        return line
    }

    // MARK: JSON

    /// `{"changes":[{"rule","severity","affects","path","old","new","message"}],"requiredBump","versionOK",...}`,
    /// one change per line so that diffs of the output stay readable.
    package static func json(_ report: ContractDiffReport, gate: DiffGate = DiffGate()) -> String {
        var out = "{\"changes\":["
        for (index, change) in report.changes.enumerated() {
            var w = JSONWriter()
            w.beginObject()
            w.key("rule"); w.value(change.rule.rawValue)
            w.key("severity"); w.value(change.severity.rawValue)
            w.key("affects"); w.beginArray()
            for affect in change.affects { w.value(affect.rawValue) }
            w.endArray()
            w.key("path"); w.value(change.path)
            w.key("old"); location(change.old, into: &w)
            w.key("new"); location(change.new, into: &w)
            w.key("message"); w.value(change.message)
            w.endObject()
            out += (index == 0 ? "\n" : ",\n") + w.string
        }
        var w = JSONWriter()
        w.key("requiredBump"); w.value(report.requiredBump.rawValue)
        w.key("versionOK"); w.value(report.versionOK)
        w.key("oldVersion"); w.value(report.oldVersion)
        w.key("newVersion"); w.value(report.newVersion)
        w.key("suggestedVersion"); w.value(report.suggestedVersion)
        w.key("gateFails"); w.value(report.gateFails(gate))
        out += (report.changes.isEmpty ? "]," : "\n],") + w.string + "}"
        return escapingC1Controls(out)
    }

    /// The writer escapes C0 controls as JSON requires; C1 controls and DEL
    /// (a raw CSI can drive a terminal) become `\u00XX` too, and bidi controls
    /// (they reorder what a terminal shows) `\u20XX`, as in the diagnostics'
    /// JSON. Outside strings valid JSON has none, so this is safe.
    private static func escapingC1Controls(_ json: String) -> String {
        // C0 controls are left alone: the writer escaped those inside strings, and the
        // line breaks between changes are part of the layout.
        func isC1(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value >= 0x7F && TerminalSafeText.isControl(scalar)) || TerminalSafeText.isBidiControl(scalar)
        }
        guard json.unicodeScalars.contains(where: isC1) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isC1(scalar) {
                let digits = scalar.value > 0xFF ? 4 : 2
                let prefix = digits == 4 ? "\\u" : "\\u00"
                out.append(contentsOf: (prefix + String(scalar.value, radix: 16).leftPadded(to: digits)).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func location(_ location: SourceLocation?, into w: inout JSONWriter) {
        guard let location else { return w.null() }
        w.beginObject()
        w.key("line"); w.value(location.line)
        w.key("column"); w.value(location.column)
        w.endObject()
    }

    // MARK: GitHub Actions

    /// Workflow commands (`::error file=…,line=…,col=…,title=…::message`), one
    /// per change, on `file` (the new contract's path in the repository):
    /// breaking changes as errors, source-breaking ones as warnings (apps'
    /// code to update), additive and cosmetic ones as notices
    /// (``ChangeSeverity/annotationLevel``). Removed elements point at what
    /// held them in the new contract. Then the verdict: an error when `gate`
    /// fails, a warning when the version is not enough but not checked, else a notice.
    package static func github(_ report: ContractDiffReport, file: String, gate: DiffGate = DiffGate()) -> String {
        let file = TerminalSafeText.escaped(file)
        var out = ""
        for change in report.changes {
            let level = change.severity.annotationLevel
            let affects = change.affects.isEmpty ? "" : " (\(change.affects.map(\.rawValue).joined(separator: ", ")))"
            let title = "contract \(change.severity.rawValue)\(affects): \(change.rule.rawValue)"
            // Escaped for the terminal first (the log viewer renders ANSI escapes), then for the command.
            var message = TerminalSafeText.escaped(change.message)
            if let old = change.old { message += "\nold: \(TerminalSafeText.escaped("\(old)"))" }
            out += "::\(level) file=\(property(file)),line=\(change.anchor.line),col=\(change.anchor.column),title=\(property(title))::\(data(message))\n"
        }
        let verdict = safeSummary(report, gate: gate)
        let level = report.gateFails(gate) ? "error" : report.versionOK ? "notice" : "warning"
        out += "::\(level) file=\(property(file)),line=1,title=\(property("contract version"))::\(data(verdict))\n"
        return out
    }

    /// Escapes for a command's message (`%`, CR, LF).
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes for a command's property value (also `:` and `,`).
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
