/// Keeps generated lines within ``maxColumns``: lists (conformances, literal
/// elements, arguments) continue on the next line, one level deeper, before an
/// item that would pass the limit. An item longer than a whole line (a long
/// string literal) gets a line of its own and is not broken.
enum LineWrapping {
    /// The widest a generated line should be, in UTF-8 bytes (columns for ASCII).
    static let maxColumns = 120

    /// The column `out` ends at: the bytes since its last line end.
    static func column(of out: [UInt8]) -> Int {
        var index = out.count
        while index > 0 && out[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return out.count - index
    }

    /// Appends `item` to a list being printed: `, item` on the line, or `,`, a
    /// line end, `continuation` and `item` when the line would pass the limit
    /// (`reserve` bytes are kept free after the item for what closes the list).
    /// The first item of a list (`first`) follows what precedes it directly.
    /// `lineStart` is where the current line starts in `out` (kept up to date,
    /// so that no call scans back for it).
    static func append(
        _ item: some Collection<UInt8>, first: Bool, continuation: [UInt8], reserve: Int = 0,
        lineStart: inout Int, to out: inout [UInt8]
    ) {
        let column = out.count - lineStart
        let separator = first ? 0 : 2
        if column + separator + item.count + reserve > maxColumns && column > continuation.count {
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
            lineStart = out.count
            out.append(contentsOf: continuation)
        } else if !first {
            out.append(contentsOf: Self.separator)
        }
        out.append(contentsOf: item)
    }

    private static let separator = Array(", ".utf8)

    /// `items` separated by `, ` after what `out` ends with, wrapped as ``append(_:first:continuation:reserve:lineStart:to:)`` does.
    static func appendList(_ items: [String], continuation: [UInt8], reserve: Int = 0, to out: inout [UInt8]) {
        var lineStart = out.count - column(of: out)
        for (index, item) in items.enumerated() {
            append(
                item.utf8, first: index == 0, continuation: continuation, reserve: index == items.count - 1 ? reserve : 1,
                lineStart: &lineStart, to: &out)
        }
    }
}

extension CodePrinter {
    /// `head`, `items` separated by `, `, then `tail`, as one logical line
    /// wrapped within ``LineWrapping/maxColumns`` (continuation lines one level deeper).
    mutating func wrapped(_ head: String, _ items: [String], _ tail: String) {
        let continuation = Array((String(repeating: "    ", count: depth + 1)).utf8)
        let indentation = String(repeating: "    ", count: depth)
        withBytes { out in
            out.append(contentsOf: indentation.utf8)
            out.append(contentsOf: head.utf8)
            LineWrapping.appendList(items, continuation: continuation, reserve: tail.utf8.count, to: &out)
            out.append(contentsOf: tail.utf8)
            out.append(UInt8(ascii: "\n"))
        }
    }
}

extension LineWrapping {
    /// `bytes` with every line over ``maxColumns`` broken after a `, `, a
    /// ` = ` or an opening `(` outside string literals and comments (where Swift
    /// allows a line break), continuation lines one level deeper than the line. Comment lines
    /// and lines with no such place stay as they are. Returns `bytes` itself,
    /// uncopied, when no line is too long.
    static func wrapLongLines(_ bytes: [UInt8]) -> [UInt8] {
        var lineStart = 0
        var firstLong: Int?
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            if index - lineStart > maxColumns {
                firstLong = lineStart
                break
            }
            lineStart = index + 1
        }
        if firstLong == nil && bytes.count - lineStart > maxColumns { firstLong = lineStart }
        guard let firstLong else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        out.append(contentsOf: bytes[..<firstLong])
        var start = firstLong
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end - start > maxColumns {
                wrapLine(bytes[start..<end], into: &out)
            } else {
                out.append(contentsOf: bytes[start..<end])
            }
            if end < bytes.count { out.append(UInt8(ascii: "\n")) }
            start = end + 1
        }
        return out
    }

    /// One line, broken at the places ``wrapLongLines(_:)`` describes: as many
    /// pieces on each line as fit.
    private static func wrapLine(_ line: ArraySlice<UInt8>, into out: inout [UInt8]) {
        let space = UInt8(ascii: " ")
        var contentStart = line.startIndex
        while contentStart < line.endIndex && line[contentStart] == space { contentStart += 1 }
        let indentation = contentStart - line.startIndex
        // Breaks, outside literals: where a piece ends, and how many bytes
        // (the space after `,` or `=`) the line break replaces.
        var breaks: [(end: Int, skip: Int)] = []
        var inString = false
        var index = contentStart
        while index < line.endIndex {
            let byte = line[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/") && index + 1 < line.endIndex && line[index + 1] == UInt8(ascii: "/") {
                break
            } else if (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "=")) && index + 1 < line.endIndex
                        && line[index + 1] == space && index > contentStart && line[index - 1] != UInt8(ascii: "=") {
                breaks.append((index + 1, 1))
            } else if byte == UInt8(ascii: "(") && index + 1 < line.endIndex && line[index + 1] != UInt8(ascii: ")") {
                breaks.append((index + 1, 0))
            }
            index += 1
        }
        guard !breaks.isEmpty else {
            out.append(contentsOf: line)
            return
        }
        let continuation = indentation + 4
        var column = 0
        var pieceStart = line.startIndex
        for (pieceEnd, skip) in breaks + [(line.endIndex, 0)] {
            let piece = line[pieceStart..<pieceEnd]
            // A piece after a `(` break follows without a space when it stays on the line.
            let joiner = pieceStart > line.startIndex && line[pieceStart - 1] != UInt8(ascii: "(") ? 1 : 0
            if pieceStart == line.startIndex {
                out.append(contentsOf: piece)
                column = piece.count
            } else if column + joiner + piece.count > maxColumns {
                out.append(UInt8(ascii: "\n"))
                out.append(contentsOf: repeatElement(space, count: continuation))
                out.append(contentsOf: piece)
                column = continuation + piece.count
            } else {
                if joiner == 1 { out.append(space) }
                out.append(contentsOf: piece)
                column += joiner + piece.count
            }
            pieceStart = pieceEnd + skip
        }
    }
}
