/// Diagnostics quote contract text (names, messages, `deprecated` notes). Shown
/// as they are, an escape sequence in a contract could retitle or clear the
/// terminal, and a line break could forge a diagnostic line of its own; so
/// every control character is shown escaped, in text and in JSON alike. So
/// are the bidirectional embeddings, overrides and isolates: shown as they are,
/// they reorder the text after them, so that a name or message displays as
/// something else than it is ("Trojan Source").
enum TerminalSafeText {
    /// Whether `scalar` is a C0 or C1 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// Whether `scalar` is a bidirectional embedding or override (U+202A-202E)
    /// or isolate (U+2066-2069).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Whether `scalar` is shown escaped: a control character or a bidi control.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar) || isBidiControl(scalar) }

    /// `text` with every control character and bidi control shown as Swift
    /// writes it: `\n`, `\r`, `\t`, `\u{1B}` or `\u{202E}`; a backslash before
    /// one stays as it is (the text is for people, not to be parsed back).
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isEscaped(scalar) else {
                out.append(scalar)
                continue
            }
            let shown: String =
                switch scalar {
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            out.append(contentsOf: shown.unicodeScalars)
        }
        return String(out)
    }

    /// `text` as a JSON string (quotes included) whose every control
    /// character, C1 and DEL included, is a `\u00XX` escape, and every bidi
    /// control a `\u20XX` one: a terminal printing the JSON sees neither, and
    /// a JSON parser reads back exactly `text`.
    static func json(_ text: String) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 2)
        let hex = Array("0123456789abcdef".utf8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case "\\": out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case "\n": out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case _ where isControl(scalar):
                let v = Int(scalar.value)
                out += Array("\\u00".utf8) + [hex[v >> 4], hex[v & 0xF]]
            case _ where isBidiControl(scalar):
                let v = Int(scalar.value)
                out += Array("\\u".utf8) + [hex[v >> 12], hex[(v >> 8) & 0xF], hex[(v >> 4) & 0xF], hex[v & 0xF]]
            default:
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
