/// Collects generated source line by line with four-space indentation.
/// Appends UTF-8 bytes (cheaper than growing a `String` by tens of megabytes).
/// Every line it ends is kept within ``LineWrapping/maxColumns`` as it is
/// printed (``LineWrapping/endLine(lineStart:in:)``).
struct CodePrinter {
    private(set) var bytes: [UInt8] = []
    private var indentation = ""
    /// Where the line being printed starts in ``bytes``.
    private var lineStart = 0

    /// What was printed.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    init() {}

    /// An empty printer that appends to `buffer`'s storage (emptied first):
    /// reusing a buffer whose pages are already mapped spares the page faults
    /// of a fresh one.
    init(reusing buffer: consuming [UInt8]) {
        bytes = consume buffer
        bytes.removeAll(keepingCapacity: true)
    }

    /// An empty printer that starts `depth` levels in.
    init(depth: Int) {
        indentation = String(repeating: "    ", count: depth)
    }

    /// Makes room for `count` bytes in all, so large files do not regrow.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// The current indentation level.
    var depth: Int { indentation.utf8.count / 4 }

    /// Lets `body` append bytes directly (whole lines, indented by itself and
    /// kept within ``LineWrapping/maxColumns`` by itself).
    mutating func withBytes(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        lineStart = bytes.count - LineWrapping.column(of: bytes)
    }

    /// Ends the line being printed (after `content`, indented, if any).
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            bytes.append(contentsOf: indentation.utf8)
            bytes.append(contentsOf: content.utf8)
        }
        LineWrapping.endLine(lineStart: &lineStart, in: &bytes)
    }

    /// Breaks the line being printed if it is too long, without ending it:
    /// for a snippet whose line is ended where it is copied to.
    mutating func breakUnendedLine() {
        LineWrapping.breakLongLine(from: lineStart, in: &bytes)
    }

    /// `head`, `items` separated by `, `, then `tail`, as one line wrapped
    /// within ``LineWrapping/maxColumns`` (continuation lines one level deeper).
    mutating func wrapped(_ head: String, _ items: [String], _ tail: String) {
        let continuation = Array((indentation + "    ").utf8)
        bytes.append(contentsOf: indentation.utf8)
        bytes.append(contentsOf: head.utf8)
        LineWrapping.appendList(items, continuation: continuation, reserve: tail.utf8.count, lineStart: &lineStart, to: &bytes)
        bytes.append(contentsOf: tail.utf8)
        line()
    }

    /// `content` indented, without a line end.
    mutating func fragment(_ content: String) {
        bytes.append(contentsOf: indentation.utf8)
        bytes.append(contentsOf: content.utf8)
    }

    /// Appends `content` (no line end in it) as it is: no indentation, no line end.
    mutating func append(_ content: String) {
        bytes.append(contentsOf: content.utf8)
    }

    /// Like ``block(_:_:)``, with a header that `header` appends piece by
    /// piece (after the indentation, before ` {`), instead of one built string.
    mutating func block(writingHeader header: (inout CodePrinter) -> Void, _ body: (inout CodePrinter) -> Void) {
        bytes.append(contentsOf: indentation.utf8)
        header(&self)
        bytes.append(contentsOf: " {".utf8)
        line()
        indent()
        body(&self)
        outdent()
        line("}")
    }

    mutating func lines(_ contents: [String]) {
        for content in contents { line(content) }
    }

    /// `header {`, the body indented, `}`.
    mutating func block(_ header: String, _ body: (inout CodePrinter) -> Void) {
        line(header + " {")
        indent()
        body(&self)
        outdent()
        line("}")
    }

    /// `switch subject { ... }` with its `case` lines at the `switch`'s own
    /// indentation, as Swift's style has them.
    mutating func switchBlock(_ subject: String, _ cases: (inout CodePrinter) -> Void) {
        line("switch " + subject + " {")
        cases(&self)
        line("}")
    }

    mutating func indent() { indentation += "    " }
    mutating func outdent() { indentation.removeLast(4) }

    /// A doc comment for optional text, and a deprecation attribute.
    mutating func doc(_ text: String?) {
        if let text { docLines(SwiftLiteral.docLines(text)) }
    }

    /// `///` lines, each wrapped within 120 columns at this depth.
    private mutating func docLines(_ lines: [String]) {
        let width = LineWrapping.maxColumns - indentation.utf8.count
        for line in lines {
            for piece in SwiftLiteral.wrappedDocLine(line, width: width) { self.line(piece) }
        }
    }

    /// ``doc(_:)``, then a last paragraph saying where the contract declares it.
    mutating func doc(_ text: String?, source: String?) {
        doc(text)
        guard let source else { return }
        if text != nil { line("///") }
        docLines(SwiftLiteral.docLines("Declared in \(source)."))
    }

    mutating func deprecation(_ message: String?) {
        if let message { line("@available(*, deprecated, message: \(SwiftLiteral.string(message)))") }
    }
}
