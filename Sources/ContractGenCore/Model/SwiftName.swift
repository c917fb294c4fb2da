/// Derives Swift identifiers from contract names, in one place, so that the
/// validator's collision checks and the renderer agree by construction.
public enum SwiftName {
    /// `cart_id` -> `cartId`, `image-url` -> `imageUrl`, `Type` -> `type`.
    /// Not escaped: use ``escaped(_:)`` where it becomes code.
    public static func lowerCamel(_ wireName: String) -> String {
        let parts = words(wireName)
        guard let first = parts.first else { return "_" }
        let head = lowercasedFirst(first)
        let rest = parts.dropFirst().map(uppercasedFirst).joined()
        return head + rest
    }

    /// `product_detail` -> `ProductDetail`, `pageView` -> `PageView`.
    public static func upperCamel(_ wireName: String) -> String {
        let joined = words(wireName).map(uppercasedFirst).joined()
        return joined.isEmpty ? "_" : joined
    }

    /// Wraps `identifier` in backticks when Swift reserves it.
    public static func escaped(_ identifier: String) -> String {
        reservedWords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Words of a wire name: split at `_`, `-` and `.`, keeping a leading `_` run.
    static func words(_ name: String) -> [String] {
        var result: [String] = []
        var current = ""
        for ch in name {
            if ch == "_" || ch == "-" || ch == "." {
                if !current.isEmpty { result.append(current); current = "" }
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { result.append(current) }
        if result.isEmpty { return name.isEmpty ? [] : ["_"] }
        // A name that starts with a digit after splitting (`_1st`) keeps a leading underscore.
        if let first = result.first?.first, first.isNumber { result[0] = "_" + result[0] }
        return result
    }

    static func uppercasedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static func lowercasedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }

    /// Keywords and names that need backticks as identifiers in Swift 6.
    public static let reservedWords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol",
    ]
}
