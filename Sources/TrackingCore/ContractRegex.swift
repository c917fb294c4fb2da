import Foundation

/// The one pattern engine of the project: the generator checks that a
/// contract's `pattern` is in the pattern language with it (and checks
/// defaults with it), and generated validators, the runtime descriptor check
/// and the collector match with it, so a pattern gives the same verdict everywhere.
///
/// The language is the common subset of ECMAScript (with the `u` flag), ICU
/// and RE2 described in docs/contract-language.md. A pattern matches when it
/// is found anywhere in the value (anchor it with `^...$` to match the whole
/// value). Matching never backtracks: a value of n characters costs at most n
/// times the compiled pattern's size (see `PatternMatcher`).
public enum ContractRegex {
    /// A compiled pattern.
    public struct Pattern: Sendable {
        let matcher: PatternMatcher

        /// Whether `string` contains a match.
        public func matches(_ string: String) -> Bool { matcher.matches(string) }
    }

    /// Compiles `pattern`, or throws why it is not in the pattern language.
    public static func compile(_ pattern: String) throws(PatternSyntaxError) -> Pattern {
        Pattern(matcher: PatternMatcher(try PatternProgram(PatternParser.parse(pattern))))
    }

    /// Whether `string` contains a match of `pattern`. Compiled patterns are cached.
    /// A pattern outside the language matches nothing (the generator rejects them earlier).
    public static func matches(_ string: String, pattern: String) -> Bool {
        compiled(pattern).matches(string)
    }

    /// `pattern` compiled (from the cache), for callers that match it often
    /// and keep it, saving the cache lookup per match.
    static func compiled(_ pattern: String) -> Compiled {
        Compiled(pattern: cache.pattern(for: pattern))
    }

    /// A compiled pattern; `pattern` is `nil` when the text is not in the language.
    struct Compiled: Sendable {
        let pattern: Pattern?

        /// Whether `string` contains a match; an invalid pattern matches nothing.
        func matches(_ string: String) -> Bool { pattern?.matches(string) ?? false }
    }

    private static let cache = PatternCache()
}

/// Compiled patterns by source text (a contract has few; compiling is the
/// costly part, matching is not).
private final class PatternCache: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var compiled: [String: ContractRegex.Pattern?] = [:]

    func pattern(for text: String) -> ContractRegex.Pattern? {
        lock.lock()
        defer { lock.unlock() }
        if let known = compiled[text] { return known }
        let pattern = try? ContractRegex.compile(text)
        compiled[text] = .some(pattern)
        return pattern
    }
}
