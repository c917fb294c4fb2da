/// Keeps generated lines within ``maxColumns`` as they are printed; no pass
/// goes over a finished file. A line continues on the next one, one level
/// deeper, before a piece that would take it past the limit; a piece longer
/// than a whole line (a long string literal) gets a line of its own and is not
/// broken.
///
/// One rule, ``append(_:after:reserve:continuation:lineStart:to:)``, places
/// every piece. Renderers that print a list piece by piece (event
/// conformances, descriptor lists: the bulk of a large contract's output)
/// call it per item, so their lines never need breaking afterwards;
/// ``CodePrinter`` ends every line it prints with ``endLine(lineStart:in:)``,
/// which breaks a line that is still too long at the places Swift allows,
/// placing its pieces by the same rule. (One check per line end, where a pass
/// over the finished files read every byte again.)
enum LineWrapping {
    /// The widest a generated line should be, in UTF-8 bytes (columns for ASCII).
    static let maxColumns = 120

    /// The column `out` ends at: the bytes since its last line end.
    static func column(of out: [UInt8]) -> Int {
        var index = out.count
        while index > 0 && out[index - 1] != newline { index -= 1 }
        return out.count - index
    }

    /// Appends `separator` and `item` to the line being printed, or, when
    /// they would take it past the limit (keeping `reserve` bytes free after
    /// the item for what follows it), ends the line with the separator's mark
    /// (`,` for `, `: a separator is a mark and at most a space) and puts
    /// `item` on the next one after `continuation`. A line no longer than
    /// `continuation` is not broken: the next would be no shorter.
    /// `lineStart` is where the current line starts in `out` (kept up to
    /// date, so that no call scans back for it).
    static func append(
        _ item: some Collection<UInt8>, after separator: StaticString, reserve: Int, continuation: [UInt8],
        lineStart: inout Int, to out: inout [UInt8]
    ) {
        // A `StaticString`: no reference counting, on the event shards' hot path.
        separator.withUTF8Buffer { separator in
            let column = out.count - lineStart
            if column + separator.count + item.count + reserve > maxColumns && column > continuation.count {
                if let mark = separator.first { out.append(mark) }
                endLine(lineStart: &lineStart, in: &out)
                out.append(contentsOf: continuation)
            } else {
                out.append(contentsOf: separator)
            }
        }
        out.append(contentsOf: item)
    }

    /// ``append(_:after:reserve:continuation:lineStart:to:)`` for an item of
    /// a list separated by `, `; the first item (`first`) follows what
    /// precedes it directly.
    static func append(
        _ item: some Collection<UInt8>, first: Bool, continuation: [UInt8], reserve: Int = 0,
        lineStart: inout Int, to out: inout [UInt8]
    ) {
        append(
            item, after: first ? "" : ", ", reserve: reserve, continuation: continuation,
            lineStart: &lineStart, to: &out)
    }

    /// `items` separated by `, ` after what `out` ends with (the line that
    /// starts at `lineStart`), each placed by ``append(_:first:continuation:reserve:lineStart:to:)``.
    static func appendList(
        _ items: [String], continuation: [UInt8], reserve: Int = 0, lineStart: inout Int, to out: inout [UInt8]
    ) {
        for (index, item) in items.enumerated() {
            append(
                item.utf8, first: index == 0, continuation: continuation, reserve: index == items.count - 1 ? reserve : 1,
                lineStart: &lineStart, to: &out)
        }
    }

    /// Ends the line that starts at `lineStart` in `out`, broken first when
    /// it is over ``maxColumns`` (``breakLongLine(from:in:)``).
    static func endLine(lineStart: inout Int, in out: inout [UInt8]) {
        breakLongLine(from: lineStart, in: &out)
        out.append(newline)
        lineStart = out.count
    }

    /// Breaks the unended line that starts at `start` in `out`, when it is
    /// over ``maxColumns``, after a `, `, a `= ` or an opening `(` outside
    /// string literals and comments (where Swift allows a line break), as
    /// many pieces on each line as fit, continuation lines one level deeper
    /// than the line. A comment line (doc comments are wrapped at spaces as they are made:
    /// `SwiftLiteral.wrappedDocLine`), or a line with no such place, stays as it is.
    static func breakLongLine(from start: Int, in out: inout [UInt8]) {
        guard out.count - start > maxColumns else { return }
        let line = Array(out[start...])
        var contentStart = 0
        while contentStart < line.count && line[contentStart] == space { contentStart += 1 }
        // Where each separator (`, `, `= ` or `(`) starts.
        var breaks: [Int] = []
        var inString = false
        var index = contentStart
        while index < line.count {
            let byte = line[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/") && index + 1 < line.count && line[index + 1] == UInt8(ascii: "/") {
                break
            } else if (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "=")) && index + 1 < line.count
                        && line[index + 1] == space && index > contentStart && line[index - 1] != UInt8(ascii: "=") {
                breaks.append(index)
            } else if byte == UInt8(ascii: "(") && index + 1 < line.count && line[index + 1] != UInt8(ascii: ")") {
                breaks.append(index)
            }
            index += 1
        }
        guard !breaks.isEmpty else { return }
        out.removeSubrange(start...)
        let continuation = [UInt8](repeating: space, count: contentStart + 4)
        var lineStart = start
        var itemStart = 0
        var separator: StaticString = ""
        // A line this ends goes through `endLine` again, which finds nothing
        // more to break: no piece holds a place to break, and a piece kept on
        // a line no longer than the continuation is kept there again.
        for at in breaks + [line.count] {
            let last = at == line.count
            // A separator follows every piece but the last: keep room for its `,`, `=` or `(`.
            append(
                line[itemStart..<at], after: separator, reserve: last ? 0 : 1, continuation: continuation,
                lineStart: &lineStart, to: &out)
            guard !last else { break }
            separator = line[at] == UInt8(ascii: "(") ? "(" : line[at] == UInt8(ascii: ",") ? ", " : "= "
            itemStart = at + separator.utf8CodeUnitCount
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")
}
