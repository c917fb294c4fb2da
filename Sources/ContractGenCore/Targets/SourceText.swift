/// What every target does with contract text it copies into generated source
/// (string literals and comments), so that all three languages show the same
/// scalars escaped: text that is invisible, reorders what a reader sees
/// (bidi controls: the "Trojan Source" attack), or ends a line in some
/// compiler never appears as itself. Each target spells the escape its own way
/// (`\u{202E}` in Swift, `\u202E` in TypeScript and Kotlin string literals);
/// comments show `\u{202E}` as text in every language.
package enum SourceText {
    /// Whether `scalar` is written escaped rather than as itself: controls, format
    /// characters (bidi controls, zero widths, the byte order mark), line and paragraph
    /// separators, private use, surrogates, unassigned scalars and noncharacters, and
    /// every space but U+0020. Printable text, emoji and combining marks stay as they are.
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without the category lookup (a table search per scalar, 13% of a large
        // TypeScript generate): contract text is nearly all ASCII, whose only scalars to
        // escape are the C0 controls and DEL, as their categories say.
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        case .spaceSeparator:
            return scalar != " "
        default:
            return false
        }
    }

    /// Whether `scalar` starts a new line where a comment shows text: line feed, carriage
    /// return, vertical tab, form feed, next line (U+0085), and U+2028 and U+2029.
    package static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": true
        default: false
        }
    }

    /// `scalar` as a comment shows it, appended to `out`: `\u{202E}`.
    package static func appendShown(_ scalar: Unicode.Scalar, to out: inout String) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` for a comment: each line break (``isLineBreak(_:)``, CR LF as one) becomes `\n`,
    /// a tab a space, and every other scalar that ``mustEscape(_:)`` is shown as `\u{...}`.
    /// Text that holds none of them comes back as it is.
    package static func forComment(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && mustEscape($0) }) else { return text }
        var out = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" { continue }
            if isLineBreak(scalar) {
                out += "\n"
            } else if scalar == "\t" {
                out += " "
            } else if mustEscape(scalar) {
                appendShown(scalar, to: &out)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `scalar` as UTF-16 escapes, as JavaScript, JSON and Kotlin write them (`\u202e`, in
    /// lower case as the runtimes' JSON writers write theirs; a scalar above U+FFFF as its
    /// surrogate pair, `\ud83d\ude00`), appended to `out`.
    package static func appendUTF16Escape(_ scalar: Unicode.Scalar, to out: inout String) {
        for unit in String(scalar).utf16 {
            let hex = String(unit, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
