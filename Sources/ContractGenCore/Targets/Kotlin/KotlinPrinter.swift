import TrackingCore

/// Collects Kotlin source line by line, four spaces per level, as UTF-8
/// bytes (a 20,000-event contract's output is tens of megabytes). Lines are
/// not wrapped: Kotlin has no line limit, and a wrapped string literal would
/// change its meaning.
struct KotlinPrinter {
    private(set) var bytes: [UInt8]
    private var depth = 0

    /// An empty printer that appends to `buffer`'s storage (emptied first).
    init(reusing buffer: consuming [UInt8]) {
        bytes = consume buffer
        bytes.removeAll(keepingCapacity: true)
    }

    /// Makes room for `count` bytes in all.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// One line at the current depth; an empty line has no indentation.
    mutating func line(_ content: String = "") {
        if !content.isEmpty {
            for _ in 0..<depth { bytes.append(contentsOf: "    ".utf8) }
            bytes.append(contentsOf: content.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `opening`, then `body` one level deeper, then `closing`.
    mutating func block(_ opening: String, _ closing: String = "}", _ body: (inout KotlinPrinter) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// A KDoc comment of `lines` (none when empty).
    mutating func kdoc(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        line("/**")
        for text in lines {
            let safe = KotlinLiteral.comment(text)
            line(safe.isEmpty ? " *" : " * " + safe)
        }
        line(" */")
    }
}

/// Kotlin literals of contract text.
enum KotlinLiteral {
    /// `text` inside a block comment: Kotlin's comments nest, so neither `*/` nor `/*` may appear, nor a line break.
    static func comment(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) { return text }
        return text.replacingOccurrences(of: "*/", with: "*&#47;").replacingOccurrences(of: "/*", with: "&#47;*")
            .replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    /// `text` as a Kotlin string literal, in quotes: `\`, `"`, `$` and control characters escaped.
    static func string(_ text: String) -> String {
        if isPlain(text) { return "\"" + text + "\"" }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "$": out += "\\$"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The JSON text of the string `text` (docs/wire-format.md), as the runtime's writer would write it.
    static func json(_ text: String) -> String {
        if isPlain(text) { return "\"" + text + "\"" }
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.value(text)
        return writer.string
    }

    /// Whether `text` is printable ASCII that neither JSON nor Kotlin escapes (most contract names):
    /// its literal is the text in quotes.
    static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "$") }
    }

    /// A member key as the runtime's `JsonWriter.key` takes it: `"\"sku\":"`.
    static func key(_ wireName: String) -> String {
        string(json(wireName) + ":")
    }
}
