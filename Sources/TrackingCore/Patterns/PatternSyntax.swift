/// A contract pattern's syntax tree: the common subset of ECMAScript (with the
/// `u` flag), ICU and RE2 documented in docs/contract-language.md, where the
/// three engines give the same verdicts. Anything else is refused when parsed,
/// with a message naming what is refused, so `contractgen validate` rejects it.
indirect enum PatternNode: Sendable, Equatable {
    case empty
    case characters(PatternCharacterSet)
    /// `^`: the start of the value (no multi-line mode).
    case start
    /// `$`: the end of the value (no multi-line mode).
    case end
    case sequence([PatternNode])
    case alternation([PatternNode])
    /// `max == nil`: unbounded.
    case repetition(PatternNode, min: Int, max: Int?)
}

/// Why a pattern is not in the pattern language.
public struct PatternSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for people.
    public var message: String
    /// Where, counted in Unicode scalars from the start of the pattern.
    public var offset: Int

    public var description: String { "\(message) (at offset \(offset))" }
}

/// Parses the pattern language. Recursive descent over Unicode scalars.
struct PatternParser {
    /// The largest `{n,m}` bound: RE2's limit, so the pattern works there too.
    static let maxRepeat = 1000
    /// Deepest nesting of groups (keeps the recursion bounded on hostile input).
    static let maxDepth = 64

    /// Characters that mean something outside a set; escaping them makes them literal.
    /// (`/` too: ECMAScript's regex literals need `\/`.)
    static let syntaxCharacters = Set("^$\\.*+?()[]{}|/".unicodeScalars.map(\.value))
    /// Characters that may appear unescaped inside a set: anything but these.
    /// (`[` nests and `&&` intersects in ICU; `-` makes ranges; `^ $ { }` are
    /// left out because ICU gives them more meanings in sets.)
    static let setSpecials = Set("\\][-&^${}".unicodeScalars.map(\.value))

    private let scalars: [UInt32]
    private var index = 0
    private var depth = 0

    init(_ pattern: String) {
        scalars = pattern.unicodeScalars.map(\.value)
    }

    static func parse(_ pattern: String) throws(PatternSyntaxError) -> PatternNode {
        var parser = PatternParser(pattern)
        let node = try parser.alternation()
        if let unexpected = parser.peek {
            // Only `)` stops an alternation early.
            _ = unexpected
            throw parser.error("unmatched ')'")
        }
        return node
    }

    private var peek: UInt32? { index < scalars.count ? scalars[index] : nil }

    private func error(_ message: String, at offset: Int? = nil) -> PatternSyntaxError {
        PatternSyntaxError(message: message, offset: offset ?? index)
    }

    private static func character(_ value: UInt32) -> String {
        guard let scalar = Unicode.Scalar(value) else { return "?" }
        return String(Character(scalar))
    }

    private static func ascii(_ character: Character) -> UInt32 { character.unicodeScalars.first!.value }

    private mutating func alternation() throws(PatternSyntaxError) -> PatternNode {
        var branches = [try sequence()]
        while peek == Self.ascii("|") {
            index += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(PatternSyntaxError) -> PatternNode {
        var items: [PatternNode] = []
        while let next = peek, next != Self.ascii("|"), next != Self.ascii(")") {
            items.append(try quantified())
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .sequence(items)
        }
    }

    private mutating func quantified() throws(PatternSyntaxError) -> PatternNode {
        let atomStart = index
        let atom = try self.atom()
        guard let bounds = try quantifier() else { return atom }
        // `^*` is an error in ECMAScript; `(^)*` is not.
        if scalars[atomStart] != Self.ascii("(") {
            switch atom {
            case .start, .end:
                throw error("a quantifier cannot follow an anchor", at: atomStart + 1)
            default:
                break
            }
        }
        if let next = peek, next == Self.ascii("?") || next == Self.ascii("+") || next == Self.ascii("*") || next == Self.ascii("{") {
            throw error("lazy, possessive and repeated quantifiers ('\(Self.character(next))' after a quantifier) are not in the pattern language")
        }
        return .repetition(atom, min: bounds.min, max: bounds.max)
    }

    private mutating func quantifier() throws(PatternSyntaxError) -> (min: Int, max: Int?)? {
        switch peek {
        case Self.ascii("?"): index += 1; return (0, 1)
        case Self.ascii("*"): index += 1; return (0, nil)
        case Self.ascii("+"): index += 1; return (1, nil)
        case Self.ascii("{"):
            let open = index
            index += 1
            guard let low = number() else { throw error("'{' must start a quantifier {n}, {n,} or {n,m}; write '\\{' for the character", at: open) }
            var high: Int? = low
            if peek == Self.ascii(",") {
                index += 1
                high = peek == Self.ascii("}") ? nil : number()
                if high == nil, peek != Self.ascii("}") { throw error("'{' must start a quantifier {n}, {n,} or {n,m}", at: open) }
            }
            guard peek == Self.ascii("}") else { throw error("'{' must start a quantifier {n}, {n,} or {n,m}", at: open) }
            index += 1
            if let high, high < low { throw error("the quantifier {\(low),\(high)} has its bounds in the wrong order", at: open) }
            if low > Self.maxRepeat || (high ?? 0) > Self.maxRepeat {
                throw error("a quantifier's bounds may not exceed \(Self.maxRepeat)", at: open)
            }
            return (low, high)
        default:
            return nil
        }
    }

    private mutating func number() -> Int? {
        var value = 0
        var digits = 0
        while let byte = peek, byte >= 0x30, byte <= 0x39 {
            value = min(value * 10 + Int(byte - 0x30), 1_000_000)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    private mutating func atom() throws(PatternSyntaxError) -> PatternNode {
        guard let scalar = peek else { throw error("unexpected end of the pattern") }
        let start = index
        index += 1
        switch scalar {
        case Self.ascii("^"): return .start
        case Self.ascii("$"): return .end
        case Self.ascii("."): return .characters(.dot)
        case Self.ascii("["): return .characters(try set())
        case Self.ascii("\\"): return .characters(PatternCharacterSet(try escape(inSet: false)))
        case Self.ascii("("):
            if peek == Self.ascii("?") {
                guard index + 1 < scalars.count, scalars[index + 1] == Self.ascii(":") else {
                    throw error("'(?' groups other than '(?:' (lookaround, named groups, flags) are not in the pattern language", at: start)
                }
                index += 2
            }
            depth += 1
            guard depth <= Self.maxDepth else { throw error("groups nest deeper than \(Self.maxDepth)", at: start) }
            let inner = try alternation()
            guard peek == Self.ascii(")") else { throw error("missing ')' for the group opened here", at: start) }
            index += 1
            depth -= 1
            return inner
        case Self.ascii(")"):
            throw error("unmatched ')'", at: start)
        case Self.ascii("?"), Self.ascii("*"), Self.ascii("+"):
            throw error("'\(Self.character(scalar))' must follow a character, a set or a group; write '\\\(Self.character(scalar))' for the character", at: start)
        case Self.ascii("{"), Self.ascii("}"), Self.ascii("]"):
            throw error("write '\\\(Self.character(scalar))' for the character '\(Self.character(scalar))'", at: start)
        default:
            return .characters(PatternCharacterSet(scalar))
        }
    }

    /// After a backslash: an escaped syntax character (and `-` in a set).
    private mutating func escape(inSet: Bool) throws(PatternSyntaxError) -> UInt32 {
        guard let scalar = peek else { throw error("a pattern cannot end with '\\'") }
        index += 1
        if Self.syntaxCharacters.contains(scalar) || (inSet && scalar == Self.ascii("-")) { return scalar }
        let shown = Self.character(scalar)
        let hint: String
        switch shown {
        case "d", "D": hint = " (write the set, e.g. [0-9]: engines disagree on which characters are digits)"
        case "w", "W": hint = " (write the set, e.g. [A-Za-z0-9_]: engines disagree on which characters are word characters)"
        case "s", "S": hint = " (write the characters, e.g. [ ]: engines disagree on which characters are spaces)"
        default: hint = ""
        }
        throw error("the escape '\\\(shown)' is not in the pattern language\(hint)", at: index - 2)
    }

    /// After `[`: literals, escapes and ranges, optionally negated with `^`.
    private mutating func set() throws(PatternSyntaxError) -> PatternCharacterSet {
        let open = index - 1
        var members = PatternCharacterSet()
        var negated = false
        if peek == Self.ascii("^") { negated = true; index += 1 }
        if peek == Self.ascii(":") {
            throw error("a set may not start with ':' (POSIX classes like [:digit:] are not in the pattern language)", at: index)
        }
        var empty = true
        while true {
            guard let scalar = peek else { throw error("missing ']' for the set opened here", at: open) }
            if scalar == Self.ascii("]") {
                guard !empty else { throw error("a set must have members", at: open) }
                index += 1
                break
            }
            let low = try setMember()
            var high = low
            if peek == Self.ascii("-") {
                index += 1
                guard let next = peek, next != Self.ascii("]") else {
                    throw error("write '\\-' for the character '-' in a set", at: index - 1)
                }
                high = try setMember()
                guard high >= low else { throw error("the range \(Self.character(low))-\(Self.character(high)) is in the wrong order", at: index - 1) }
            }
            members.insert(low...high)
            empty = false
        }
        let normalized = members.normalized()
        return negated ? normalized.inverted() : normalized
    }

    private mutating func setMember() throws(PatternSyntaxError) -> UInt32 {
        guard let scalar = peek else { throw error("unexpected end of the pattern") }
        index += 1
        if scalar == Self.ascii("\\") { return try escape(inSet: true) }
        guard !Self.setSpecials.contains(scalar) else {
            if scalar == Self.ascii("&") {
                throw error("'&' may not appear in a set (ICU reads '&&' as an intersection, and ECMAScript has no escape for it)", at: index - 1)
            }
            throw error("write '\\\(Self.character(scalar))' for the character '\(Self.character(scalar))' in a set", at: index - 1)
        }
        return scalar
    }
}
