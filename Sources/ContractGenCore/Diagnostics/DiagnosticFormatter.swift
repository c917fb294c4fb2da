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
    /// The output is bounded: at most `limit` diagnostics are written, then a line with the count of the rest,
    /// and a source line longer than ``excerptWidth`` is quoted as a window around the caret.
    ///
    /// - Parameter source: the file's text, to quote the offending line; without
    ///   it only the first line of each diagnostic is written.
    /// - Parameter limit: the most diagnostics to write (``defaultLimit``); `nil` writes them all.
    /// - Parameter counts: every finding (``ContractLoadResult/counts``), also those the loader did not keep
    ///   (``ContractLoader/maxDiagnostics``): the count of the rest includes them. `nil`: only `diagnostics`.
    public static func text(_ diagnostics: [Diagnostic], source: String?, limit: Int? = defaultLimit,
                            counts: DiagnosticCounts? = nil) -> String {
        var lines = source.map(SourceLines.init)
        var out = ""
        let shown = limit.map { diagnostics.prefix(max(0, $0)) } ?? diagnostics[...]
        for diagnostic in shown {
            // Contract text in messages may hold control characters: shown escaped.
            out += TerminalSafeText.escaped("\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message)") + "\n"
            if let (line, column) = lines?.excerpt(diagnostic.location.line, around: diagnostic.location.column) {
                out += line + "\n"
                out += caret(under: column, in: line) + "\n"
            }
            if let hint = diagnostic.hint {
                out += "  hint: \(TerminalSafeText.escaped(hint))\n"
            }
        }
        if diagnostics.count > shown.count {
            let found = counts.map { $0.errors + $0.warnings + $0.notes } ?? 0
            let rest = max(diagnostics.count, found) - shown.count
            let kept = min(diagnostics.count, ContractLoader.maxDiagnostics)
            out += "\(rest) more \(rest == 1 ? "diagnostic" : "diagnostics") not shown; "
                + "'contractgen validate --max-diagnostics 0 PATH' shows \(found > kept ? "the first \(kept)" : "them all")\n"
        }
        return out
    }

    /// How many diagnostics ``text(_:source:limit:)`` writes unless told otherwise: enough to fix a
    /// contract by, few enough that a broken file cannot flood a terminal or a build log.
    public static let defaultLimit = 20

    /// Source lines longer than this (in Unicode scalars) are quoted as a window of this width around the caret.
    public static let excerptWidth = 120

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

/// A file's lines, indexed once: only the lines quoted are built, and a long line only as a window.
private struct SourceLines {
    /// The text's UTF-8 bytes (after a byte order mark: columns count from after it, as the parser counts them).
    let bytes: [UInt8]
    /// Offsets where each line starts.
    let starts: [Int]
    /// Where the last window began (diagnostics come sorted, so the next one on the same line starts from here):
    /// line number, scalar index in the line, byte offset.
    var cursor: (line: Int, scalar: Int, byte: Int, lineScalars: Int)?

    init(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        self.starts = starts
    }

    /// Line `number` (1-based) without its line break, and where `column` is in what is shown; `nil` past the end.
    /// A line longer than ``DiagnosticFormatter/excerptWidth`` shows as that many scalars around `column`, with
    /// `...` where it is cut. Control characters (C0, DEL, C1) other than tab, and bidi controls, show as U+FFFD,
    /// one for one, so the terminal stays sane, the line reads in its order and the caret stays aligned.
    mutating func excerpt(_ number: Int, around column: Int) -> (line: String, column: Int)? {
        guard number >= 1, number <= starts.count else { return nil }
        let start = starts[number - 1]
        var end = number < starts.count ? starts[number] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let width = DiagnosticFormatter.excerptWidth
        let cursor = self.cursor
        var newCursor = cursor
        defer { self.cursor = newCursor }
        return bytes.withUnsafeBufferPointer { bytes in
            /// The byte offset `count` scalars after `offset` (a scalar starts at each byte that is not 10xxxxxx).
            func advance(_ offset: Int, by count: Int) -> Int {
                var offset = offset, left = count
                while offset < end && left > 0 {
                    offset += 1
                    while offset < end && bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                    left -= 1
                }
                return offset
            }
            var skipped = 0
            var from = start
            if end - start > width {
                let lineScalars: Int
                if let cursor, cursor.line == number {
                    lineScalars = cursor.lineScalars
                } else {
                    lineScalars = UnsafeBufferPointer(rebasing: bytes[start..<end]).reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                }
                skipped = lineScalars <= width ? 0 : max(0, min(column - 1 - width / 2, lineScalars - width))
                // From the last window on this line when it is before this one: a line's windows cost one pass.
                if let cursor, cursor.line == number, cursor.scalar <= skipped {
                    from = advance(cursor.byte, by: skipped - cursor.scalar)
                } else {
                    from = advance(start, by: skipped)
                }
                newCursor = (number, skipped, from, lineScalars)
            }
            let to = skipped > 0 || end - start > width ? advance(from, by: width) : end
            let cut = "..."
            var shown = String.UnicodeScalarView()
            if skipped > 0 { shown.append(contentsOf: cut.unicodeScalars) }
            for scalar in String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self).unicodeScalars {
                shown.append(TerminalSafeText.isEscaped(scalar) && scalar != "\t" ? "\u{FFFD}" : scalar)
            }
            if to < end { shown.append(contentsOf: cut.unicodeScalars) }
            return (String(shown), column - skipped + (skipped > 0 ? cut.count : 0))
        }
    }
}
