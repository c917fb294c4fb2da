/// Builds a string a contract pattern accepts, for example payloads, from
/// the pattern language (docs/contract-language.md: literals, escaped
/// punctuation, `.`, sets, groups with alternatives, quantifiers, anchors):
/// each atom gives its first allowed character, each quantifier its least
/// count plus `extra` (within its bound), each group its first alternative.
/// The caller checks the result with `ContractRegex` (the one regex engine),
/// since those choices can fail (`'^(a$b|c)$'`), and tries a larger `extra`
/// when a length constraint needs it; `nil` means a pattern outside the language.
package struct PatternExample {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private let extra: Int

    package static func string(matching pattern: String, extra: Int = 0) -> String? {
        var parser = PatternExample(scalars: Array(pattern.unicodeScalars), extra: extra)
        guard let result = parser.alternatives(), parser.index == parser.scalars.count else { return nil }
        return result
    }

    private init(scalars: [Unicode.Scalar], extra: Int) {
        self.scalars = scalars
        self.extra = extra
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    /// `a|b|c`: the first alternative (the others are parsed and dropped).
    private mutating func alternatives() -> String? {
        guard let first = sequence() else { return nil }
        while current == "|" {
            index += 1
            guard sequence() != nil else { return nil }
        }
        return first
    }

    private mutating func sequence() -> String? {
        var out = ""
        while let c = current, c != "|", c != ")" {
            guard let piece = atom() else { return nil }
            guard let (low, high) = quantifier() else { return nil }
            let count = high.map { Swift.min(low + extra, $0) } ?? (low + extra)
            out += String(repeating: piece, count: count)
        }
        return out
    }

    /// One atom's example text (empty for anchors).
    private mutating func atom() -> String? {
        guard let c = current else { return nil }
        index += 1
        switch c {
        case "^", "$": return ""
        case ".": return "a"
        case "(":
            if current == "?" {  // (?:…) only
                guard index + 1 < scalars.count, scalars[index + 1] == ":" else { return nil }
                index += 2
            }
            guard let inner = alternatives(), current == ")" else { return nil }
            index += 1
            return inner
        case "[": return characterClass()
        case "\\": return escape(inClass: false).map { String($0) }
        case "*", "+", "?", "{", ")", "]", "}": return nil
        default: return String(c)
        }
    }

    /// `\` before punctuation stands for it; the pattern language has no other escape.
    private mutating func escape(inClass: Bool) -> Character? {
        guard let c = current else { return nil }
        index += 1
        return "^$\\.*+?()[]{}|/".unicodeScalars.contains(c) || (inClass && c == "-") ? Character(c) : nil
    }

    /// `[…]`: its first member; for `[^…]` the first of a few candidates it excludes.
    private mutating func characterClass() -> String? {
        var negated = false
        if current == "^" {
            negated = true
            index += 1
        }
        var members: [(Character, Character)] = []
        var first = true
        while let c = current, c != "]" || first {
            first = false
            index += 1
            var low: Character
            if c == "\\" {
                guard let e = escape(inClass: true) else { return nil }
                low = e
            } else {
                low = Character(c)
            }
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                guard let h = current else { return nil }
                index += 1
                members.append((low, Character(h)))
            } else {
                members.append((low, low))
            }
        }
        guard current == "]" else { return nil }
        index += 1
        func contains(_ ch: Character) -> Bool { members.contains { $0.0 <= ch && ch <= $0.1 } }
        if negated {
            return ["a", "0", "A", "_", "-", "x", " "].first { !contains($0) }.map { String($0) }
        }
        return members.first.map { String($0.0) }
    }

    /// `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}` (and lazy `?` after them): the bounds.
    private mutating func quantifier() -> (Int, Int?)? {
        var bounds: (Int, Int?) = (1, 1)
        switch current {
        case "*": index += 1; bounds = (0, nil)
        case "+": index += 1; bounds = (1, nil)
        case "?": index += 1; bounds = (0, 1)
        case "{":
            index += 1
            var text = ""
            while let c = current, c != "}" { text.unicodeScalars.append(c); index += 1 }
            guard current == "}" else { return nil }
            index += 1
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            guard let low = Int(parts[0]) else { return nil }
            if parts.count == 1 { bounds = (low, low) }
            else if parts.count == 2 { bounds = (low, parts[1].isEmpty ? nil : Int(parts[1])) }
            else { return nil }
        default:
            return bounds
        }
        if current == "?" { index += 1 }
        return bounds
    }
}
