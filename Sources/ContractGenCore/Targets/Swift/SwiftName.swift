/// Swift's side of a derived name: backticks for reserved words, argument
/// labels. The casing itself is ``CamelCase``, shared by every target.
package enum SwiftName {
    /// Wraps `identifier` in backticks when Swift reserves it.
    package static func escaped(_ identifier: String) -> String {
        reservedWords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// `identifier` as an argument label at a call: keywords need no backticks
    /// there (the compiler warns about them), except `inout`.
    package static func argumentLabel(_ identifier: String) -> String {
        identifier == "inout" ? "`inout`" : identifier
    }

    /// Keywords and names that need backticks as identifiers in Swift 6.
    package static let reservedWords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol",
    ]
}
