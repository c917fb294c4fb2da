import Foundation

/// The one regex engine of the project: the generator checks that a contract's
/// `pattern` compiles with it, and generated validators and the runtime match
/// with it, so a pattern means the same thing everywhere.
///
/// Engine: `NSRegularExpression` (ICU syntax), available on Linux and Apple
/// platforms alike. A pattern matches when it is found anywhere in the string;
/// anchor it with `^...$` to match the whole value.
public enum ContractRegex {
    /// Compiles `pattern`, or throws the engine's error.
    public static func compile(_ pattern: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: [])
    }

    /// Whether `string` contains a match of `pattern`. Compiled patterns are cached.
    /// An invalid pattern matches nothing (the generator rejects them earlier).
    public static func matches(_ string: String, pattern: String) -> Bool {
        compiled(pattern).matches(string)
    }

    /// `pattern` compiled (from the cache), for callers that match it often
    /// and keep it, saving the cache lookup per match.
    static func compiled(_ pattern: String) -> Compiled {
        let entry = cache.entry(for: pattern)
        return Compiled(regex: entry.regex, simple: entry.simple)
    }

    /// A compiled pattern; `regex` is `nil` when the pattern is invalid.
    struct Compiled: @unchecked Sendable {  // NSRegularExpression is immutable and thread-safe
        let regex: NSRegularExpression?
        let simple: SimpleRegex?

        /// Whether `string` contains a match; an invalid pattern matches nothing.
        func matches(_ string: String) -> Bool {
            guard let regex else { return false }
            // Common contract patterns on plain ASCII values: decided without ICU,
            // which on Linux costs about a microsecond per call (SimpleRegex).
            if let simple, let answer = simple.matches(string) { return answer }
            // The whole string in UTF-16 units, as NSRegularExpression counts: the same
            // range `NSRange(string.startIndex..<string.endIndex, in:)` computes, without
            // index conversions. `rangeOfFirstMatch` answers the same question as
            // `firstMatch` without allocating a match result.
            let range = NSRange(location: 0, length: string.utf16.count)
            return regex.rangeOfFirstMatch(in: string, options: [], range: range).location != NSNotFound
        }
    }

    private static let cache = RegexCache()
}

/// Compiled patterns by source text. NSRegularExpression is immutable and
/// documented thread-safe for matching, hence `@unchecked Sendable` on the box.
private final class RegexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var compiled: [String: (regex: NSRegularExpression?, simple: SimpleRegex?)] = [:]

    /// The compiled pattern (`nil` when invalid) and, when the pattern is in
    /// SimpleRegex's subset, its fast form.
    func entry(for pattern: String) -> (regex: NSRegularExpression?, simple: SimpleRegex?) {
        lock.lock()
        defer { lock.unlock() }
        if let known = compiled[pattern] { return known }
        let regex = try? ContractRegex.compile(pattern)
        let entry = (regex, regex == nil ? nil : SimpleRegex(pattern))
        compiled[pattern] = entry
        return entry
    }
}
