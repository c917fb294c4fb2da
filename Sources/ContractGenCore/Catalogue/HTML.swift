/// Escaping for the catalogue's HTML: every text from the contract goes through here.
enum HTML {
    /// Text for element content and quoted attribute values. Control
    /// characters (but line ends and tabs) and bidi controls are shown as
    /// `\u{…}`: a bidi override would make the page show a name or
    /// description as other text than the contract holds.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where TerminalSafeText.isEscaped(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A fragment id: contract names are ASCII letters, digits, `_`, `-` and
    /// `.`, all valid in ids and URL fragments; anything else is dropped.
    static func id(_ prefix: String, _ name: String) -> String {
        prefix + "-" + String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) }.map(Character.init))
    }
}
