/// Collects generated source line by line with four-space indentation.
struct CodePrinter {
    private(set) var text = ""
    private var indentation = ""

    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            text.append(indentation)
            text.append(content)
        }
        text.append("\n")
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

    mutating func indent() { indentation += "    " }
    mutating func outdent() { indentation.removeLast(4) }

    /// A doc comment for optional text, and a deprecation attribute.
    mutating func doc(_ text: String?) {
        if let text { lines(SwiftLiteral.docLines(text)) }
    }

    mutating func deprecation(_ message: String?) {
        if let message { line("@available(*, deprecated, message: \(SwiftLiteral.string(message)))") }
    }
}
