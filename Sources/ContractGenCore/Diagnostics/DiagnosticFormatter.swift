import TrackingCore

/// Renders diagnostics for people (compiler style, with the source line and a
/// caret) and for tools (JSON). Shared by `contractgen` and the build plugin.
public enum DiagnosticFormatter {
    /// Compiler-style text:
    ///
    ///     contract/contract.yaml:12:5: error: unknown key 'optinal' in event 'addToBag'
    ///         optinal: [promocode]
    ///         ^
    ///       hint: did you mean 'optional'?
    ///
    /// - Parameter source: the file's text, to quote the offending line; without
    ///   it only the first line of each diagnostic is written.
    public static func text(_ diagnostics: [Diagnostic], source: String?) -> String {
        let lines = source.map(SourceLines.init)
        var out = ""
        for diagnostic in diagnostics {
            // Contract text in messages may hold control characters: shown escaped.
            out += TerminalSafeText.escaped("\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message)") + "\n"
            if let line = lines?.line(diagnostic.location.line) {
                out += line + "\n"
                out += caret(under: diagnostic.location.column, in: line) + "\n"
            }
            if let hint = diagnostic.hint {
                out += "  hint: \(TerminalSafeText.escaped(hint))\n"
            }
        }
        return out
    }

    /// `2 errors, 1 warning` (`, 3 notes` when there are notes), or `no problems`.
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        summary(DiagnosticCounts(diagnostics))
    }

    /// The summary of `counts` (``ContractLoadResult/counts``: every finding, shown or not).
    public static func summary(_ counts: DiagnosticCounts) -> String {
        let (errors, warnings, notes) = (counts.errors, counts.warnings, counts.notes)
        let noteText = notes == 0 ? "" : ", \(notes) \(notes == 1 ? "note" : "notes")"
        if errors == 0 && warnings == 0 { return notes == 0 ? "no problems" : "no problems\(noteText)" }
        return "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")\(noteText)"
    }

    /// A JSON document for editors and CI:
    /// `{"diagnostics":[{"file":…,"line":…,"column":…,"severity":…,"message":…,"hint":…}],"errors":n,"warnings":n,"notes":n}`.
    /// `hint` is `null` when there is none.
    /// `counts` are the totals to report; by default those of `diagnostics`.
    public static func json(_ diagnostics: [Diagnostic], counts: DiagnosticCounts? = nil) -> String {
        let counts = counts ?? DiagnosticCounts(diagnostics)
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("diagnostics")
        writer.beginArray()
        for diagnostic in diagnostics {
            writer.beginObject()
            // Strings as `TerminalSafeText.json`: no raw control character, C1 included.
            writer.key("file"); writer.rawValue(TerminalSafeText.json(diagnostic.location.file))
            writer.key("line"); writer.value(diagnostic.location.line)
            writer.key("column"); writer.value(diagnostic.location.column)
            writer.key("severity"); writer.value(diagnostic.severity.rawValue)
            writer.key("message"); writer.rawValue(TerminalSafeText.json(diagnostic.message))
            writer.key("hint")
            if let hint = diagnostic.hint { writer.rawValue(TerminalSafeText.json(hint)) } else { writer.null() }
            writer.endObject()
        }
        writer.endArray()
        writer.key("errors"); writer.value(counts.errors)
        writer.key("warnings"); writer.value(counts.warnings)
        writer.key("notes"); writer.value(counts.notes)
        writer.endObject()
        return writer.string
    }

    /// Spaces up to `column` (1-based, in Unicode scalars), keeping tabs so the caret lines up.
    static func caret(under column: Int, in line: String) -> String {
        var prefix = ""
        for scalar in line.unicodeScalars.prefix(max(0, column - 1)) {
            prefix.append(scalar == "\t" ? "\t" : " ")
        }
        return prefix + "^"
    }
}

/// A file's lines, found without copying the text: only the lines quoted are built.
private struct SourceLines {
    let text: String
    /// UTF-8 offsets where each line starts.
    let starts: [Int]

    init(_ text: String) {
        self.text = text
        var starts = [0]
        var offset = 0
        for byte in text.utf8 {
            offset += 1
            if byte == UInt8(ascii: "\n") { starts.append(offset) }
        }
        self.starts = starts
    }

    /// Line `number` (1-based) without its line break, or `nil` past the end.
    /// Control characters (C0, DEL, C1) other than tab, and bidi controls, show as U+FFFD,
    /// one for one, so the terminal stays sane, the line reads in its order and the caret stays aligned.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= starts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: starts[number - 1])
        var end = number < starts.count ? utf8.index(utf8.startIndex, offsetBy: starts[number] - 1) : utf8.endIndex
        if end > start, utf8[utf8.index(before: end)] == UInt8(ascii: "\r") { end = utf8.index(before: end) }
        var shown = String.UnicodeScalarView()
        for scalar in Substring(utf8[start..<end]).unicodeScalars {
            shown.append(TerminalSafeText.isEscaped(scalar) && scalar != "\t" ? "\u{FFFD}" : scalar)
        }
        return String(shown)
    }
}
