import Foundation

/// The syntax of names in the contract language (what a wire, type or event
/// name may hold), and repairs suggested for names that break it.
enum NameSyntax {
    /// Wire names (and every other name in a contract) start with a letter or
    /// `_` and hold letters, digits, `_`, `-` and `.` (ASCII).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else { return false }
        return name.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// Why `name` is invalid, for the message.
    static func problem(with name: String) -> String {
        if name.isEmpty { return "is empty" }
        if let first = name.first, first.isNumber { return "starts with a digit" }
        if name.contains(" ") { return "contains a space" }
        if let bad = name.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0))) }) {
            return "contains '\(bad)'"
        }
        return "is not a valid name"
    }

    static let ruleHint = "names start with a letter or '_' and hold letters, digits, '_', '-' and '.'"

    /// A suggestion for an invalid name: `product page view` -> `productPageView`.
    static func repaired(_ name: String) -> String? {
        let words = name.split(whereSeparator: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) })
        guard !words.isEmpty else { return nil }
        var result = String(words[0]) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = result.first, first.isNumber { result = "_" + result }
        return isValidName(result) ? result : nil
    }

    private static func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Semantic versioning 2.0.0.
    static func isSemanticVersion(_ text: String) -> Bool {
        text.range(of: semverPattern, options: .regularExpression) != nil
    }

    private static let semverPattern =
        #"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-((0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*))?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$"#
}
