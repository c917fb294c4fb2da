import TrackingCore

/// Collects Kotlin source line by line, four spaces per level, as UTF-8
/// bytes (a 20,000-event contract's output is tens of megabytes). Lines are
/// not wrapped: Kotlin has no line limit, and a wrapped string literal would
/// change its meaning.
struct KotlinPrinter {
    private(set) var bytes: [UInt8]
    private(set) var depth = 0

    /// An empty printer that appends to `buffer`'s storage (emptied first).
    init(reusing buffer: consuming [UInt8]) {
        bytes = consume buffer
        bytes.removeAll(keepingCapacity: true)
    }

    /// An empty printer at `depth` levels, its own buffer of `capacity` bytes: statements made once
    /// and copied (``KotlinStatements``).
    init(depth: Int, capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
        self.depth = depth
    }

    /// Makes room for `count` bytes in all.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// One line at the current depth; an empty line has no indentation. `line()` ends a line
    /// begun with ``fragment(_:)``.
    mutating func line(_ content: String = "") {
        if !content.isEmpty { fragment(content) }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// `content` at the current depth, without a line end: the start of a line printed piece by
    /// piece (``append(_:)-(String)``, then ``line(_:)``), which spares building it as a string.
    mutating func fragment(_ content: String) {
        indent()
        bytes.append(contentsOf: content.utf8)
    }

    /// The current depth's indentation, the start of a line printed piece by piece.
    mutating func indent() {
        let count = depth * 4
        if count <= Self.spaces.count {
            Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
        } else {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
        }
    }

    /// Indentation for the depths generated code reaches, copied whole.
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// `content` (no line end in it) as it is: no indentation, no line end.
    mutating func append(_ content: String) {
        bytes.append(contentsOf: content.utf8)
    }

    /// `number` (not negative) in decimal, as ``append(_:)-(String)`` would print `String(number)`.
    mutating func append(decimal number: Int) {
        precondition(number >= 0, "an index")
        if number < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(number))
        } else {
            append(decimal: number / 10)
            bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
        }
    }

    /// The name of a parameter or fresh value (`p3`).
    mutating func append(_ value: KotlinValueName) {
        bytes.append(value.letter)
        append(decimal: value.index)
    }

    /// `text` as a Kotlin string literal (``KotlinLiteral/string(_:)``), escaped as it is appended.
    mutating func append(literal text: String) {
        KotlinLiteral.appendString(text, to: &bytes)
    }

    /// `text` escaped for the inside of a Kotlin string literal (``KotlinLiteral/appendEscaped(_:to:)``).
    mutating func appendEscaped(_ text: String) {
        KotlinLiteral.appendEscaped(text, to: &bytes)
    }

    /// `content` (no line end in it) as it is.
    mutating func append(bytes content: [UInt8]) {
        bytes.append(contentsOf: content)
    }

    /// `statements` at the current depth, `value` where they read their value.
    mutating func print(_ statements: KotlinStatements, value: KotlinValueName) {
        statements.bytes.withUnsafeBufferPointer { source in
            statements.runs.withUnsafeBufferPointer { runs in
                // Each run is copied whole: the bytes up to a line end (included) or a marker (which the value replaces).
                var start = 0
                for run in runs {
                    if start == 0 || source[start - 1] == UInt8(ascii: "\n") { indent() }
                    let end = run.end
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<end]))
                    if run.endsAtMarker {
                        append(value)
                        start = end + 1
                    } else {
                        start = end
                    }
                }
            }
        }
    }

    /// `opening`, then `body` one level deeper, then `closing`.
    mutating func block(_ opening: String, _ closing: String = "}", _ body: (inout KotlinPrinter) -> Void) {
        line(opening)
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }

    /// Like ``block(_:_:_:)``, its opening the line begun with ``fragment(_:)`` ended with `tail`.
    mutating func block(ending tail: String, _ body: (inout KotlinPrinter) -> Void) {
        append(tail)
        line()
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// A KDoc comment of `lines` (none when empty).
    mutating func kdoc(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        line("/**")
        for text in lines { kdocLine(text) }
        line(" */")
    }

    /// One line of a KDoc comment begun with `/**`: `prefix` (no comment delimiters in it), then `text`
    /// made safe for a comment; ` *` alone when both are empty.
    mutating func kdocLine(_ text: String, prefix: String = "") {
        let safe = KotlinLiteral.comment(text)
        if prefix.isEmpty && safe.isEmpty {
            line(" *")
        } else {
            fragment(" * ")
            append(prefix)
            append(safe)
            line()
        }
    }
}

/// Kotlin literals of contract text.
enum KotlinLiteral {
    /// `text` inside a block comment: Kotlin's comments nest, so neither `*/` nor `/*` may appear, nor a line
    /// break; invisible scalars are shown as `\u{...}` (``SourceText/forComment(_:)``).
    static func comment(_ text: String) -> String {
        let text = SourceText.forComment(text)
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) { return text }
        return text.replacingOccurrences(of: "*/", with: "*&#47;").replacingOccurrences(of: "/*", with: "&#47;*")
            .replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    /// `text` as a Kotlin string literal, in quotes: `\`, `"`, `$` and control characters escaped.
    static func string(_ text: String) -> String {
        if isPlain(text) { return "\"" + text + "\"" }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``string(_:)`` of `text` to `out`.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if isPlain(text) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        appendEscaped(text, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `text` escaped for the inside of a Kotlin string literal, without quotes: `\`, `"` and `$`,
    /// the usual control escapes, and every other scalar that ``SourceText/mustEscape(_:)`` as `\u202e`
    /// (above U+FFFF, its surrogate pair: Kotlin has no `\u{...}`).
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "\"", "$": out += [UInt8(ascii: "\\"), UInt8(scalar.value)]
            case "\n": out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case "\r": out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case "\t": out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case "\u{08}": out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case _ where SourceText.mustEscape(scalar):
                var escape = ""
                SourceText.appendUTF16Escape(scalar, to: &escape)
                out += escape.utf8
            default:
                out += scalar.utf8
            }
        }
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
