import TrackingCore

/// Turns contract text into Swift source safely. Nothing a contract holds can
/// end a literal or a comment early, start an interpolation, or hide code.
package enum SwiftLiteral {
    /// A Swift string literal (with quotes) whose value is exactly `text`.
    ///
    /// Backslashes and quotes are escaped (so `\(` cannot start an
    /// interpolation), line breaks and every invisible or unassigned scalar
    /// become `\u{...}`; printable text, emoji included, stays as it is.
    package static func string(_ text: String) -> String {
        if isPlain(text) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                // swiftc refuses `\u{FDD0}` through `\u{FDEF}` ("invalid unicode scalar"), though it
                // takes the other noncharacters escaped; those 32 are written as they are.
                if SourceText.mustEscape(scalar), !(0xFDD0...0xFDEF).contains(scalar.value) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Appends ``string(_:)`` of `text` as UTF-8 (printable ASCII without a
    /// `String` in between).
    static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        let plain = text.withUTF8 { bytes in
            guard isPlain(bytes) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { out.append(contentsOf: string(text).utf8) }
    }

    /// A Swift string literal holding the JSON text of `text` as a JSON string
    /// (quotes included), escaped by the runtime's own ``JSONWriter``, so the
    /// bytes generated code copies are the bytes the writer would produce.
    package static func jsonString(_ text: String) -> String {
        // Printable ASCII without quotes or backslashes reads the same in JSON and in Swift.
        if isPlain(text) { return "\"\\\"" + text + "\\\"\"" }
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.value(text)
        return string(writer.string)
    }

    /// Appends the lines of ``docLines(_:)`` to `out`, each after `indent`
    /// and ending in a line break, wrapped within 120 columns
    /// (``wrappedDocLine(_:width:continuation:)``); one short line of plain
    /// text is copied as bytes.
    static func appendDocLines(_ text: String, indent: [UInt8] = [], to out: inout [UInt8]) {
        var text = text
        let width = LineWrapping.maxColumns - indent.count
        let done = text.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.first != UInt8(ascii: " "), bytes.last != UInt8(ascii: " "), isPlain(bytes),
                  docPrefix.count + bytes.count <= width else { return false }
            out.append(contentsOf: indent)
            out.append(contentsOf: docPrefix)
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\n"))
            return true
        }
        guard !done else { return }
        for line in docLines(text) {
            for piece in wrappedDocLine(line, width: width) {
                out.append(contentsOf: indent)
                out.append(contentsOf: piece.utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// A `///` line broken at spaces into lines of at most `width` columns
    /// (UTF-8 bytes, as ``LineWrapping`` counts), each further line starting
    /// with `continuation`; a word longer than a line stays whole, and the
    /// line's own start (up to `continuation`'s length) is never broken.
    /// A line break between words is a space in Markdown: the text reads the same.
    static func wrappedDocLine(_ line: String, width: Int, continuation: String = "/// ") -> [String] {
        guard line.utf8.count > width else { return [line] }
        var pieces: [String] = []
        var rest = Array(line.utf8)
        let space = UInt8(ascii: " ")
        let floor = continuation.utf8.count  // no break within the line's start
        while rest.count > width {
            // The last space that keeps the piece within `width`, else the first after it.
            let fitting = rest[floor..<min(width + 1, rest.count)].lastIndex(of: space)
            guard let at = fitting ?? rest[floor...].firstIndex(of: space) else { break }
            var end = at
            while end > floor, rest[end - 1] == space { end -= 1 }  // no trailing spaces
            var next = at
            while next < rest.count, rest[next] == space { next += 1 }
            guard end > floor, next < rest.count else { break }
            pieces.append(String(decoding: rest[..<end], as: UTF8.self))
            rest = Array(continuation.utf8) + rest[next...]
        }
        pieces.append(String(decoding: rest, as: UTF8.self))
        return pieces
    }

    private static let docPrefix = Array("/// ".utf8)

    /// Lines of a `///` doc comment for `text`. Every line break of any kind
    /// starts a new `///` line; invisible scalars are shown as `\u{...}`, so
    /// text cannot leave the comment (`*/` is harmless in `///` comments).
    package static func docLines(_ text: String) -> [String] {
        if isPlain(text), !text.isEmpty, text.first != " ", text.last != " " { return ["/// " + text] }
        if let lines = plainDocLines(text) { return lines }
        var lines: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where SourceText.isLineBreak(scalar):
                lines.append(current)
                current = ""
            case "\t":
                current += " "
            default:
                if SourceText.mustEscape(scalar) {
                    SourceText.appendShown(scalar, to: &current)
                } else {
                    current.unicodeScalars.append(scalar)
                }
            }
        }
        lines.append(current)
        // Drop empty lines at either end, keep paragraph breaks inside.
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        return lines.map { line in
            let trimmed = String(line.reversed().drop(while: { $0 == " " }).reversed())
            return trimmed.isEmpty ? "///" : "/// " + trimmed
        }
    }

    /// ``docLines(_:)`` for printable ASCII with `\n` line breaks (the common
    /// multi-paragraph case) without the per-scalar work; `nil` for other text.
    static func plainDocLines(_ text: String) -> [String]? {
        guard text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == UInt8(ascii: "\n") }) else { return nil }
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy({ $0 == UInt8(ascii: " ") }) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == UInt8(ascii: " ") }) { lines.removeLast() }
        return lines.map { line in
            var end = line.endIndex
            while end > line.startIndex, line[line.index(before: end)] == UInt8(ascii: " ") { end = line.index(before: end) }
            return end == line.startIndex ? "///" : "/// " + String(Substring(line[line.startIndex..<end]))
        }
    }

    /// Printable ASCII other than `"` and `\`: the same text in every literal form.
    static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isPlain)
    }

    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return false
        }
        return true
    }
}
