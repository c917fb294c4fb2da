/// Diagnostics quote contract text (names, messages, `deprecated` notes). Shown
/// as they are, an escape sequence in a contract could retitle or clear the
/// terminal, and a line break could forge a diagnostic line of its own; so
/// every control character is shown escaped, in text and in JSON alike.
enum TerminalSafeText {
    /// Whether `scalar` is a C0 or C1 control character or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }

    /// `text` with every control character shown as Swift writes it: `\n`,
    /// `\r`, `\t`, or `\u{1B}`; a backslash before one stays as it is (the
    /// text is for people, not to be parsed back).
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
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
    /// character, C1 and DEL included, is a `\u00XX` escape: a terminal
    /// printing the JSON sees no control character, and a JSON parser reads
    /// back exactly `text`.
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
            default:
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
