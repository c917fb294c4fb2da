/// A fast, exact path for the patterns contracts mostly use (`^[0-9]{4,12}$`,
/// `^[A-Z0-9]{4,16}$`, `^https://`): a start anchor, then single-character
/// atoms (literals, `.`, `[...]` sets, `\d \w \s`) with greedy quantifiers, and
/// an optional end anchor. Such a pattern describes a regular language over
/// characters, so whether a string matches does not depend on the engine's
/// search order and can be decided without ICU.
///
/// It answers only for strings of ASCII characters other than the line
/// terminators `\n \v \f \r` (there ICU's `$` and `.` have subtleties), of at
/// most 256 bytes; for any other string, and any other pattern, `ContractRegex`
/// asks `NSRegularExpression`. `ContractRegexTests` compares both on many pairs.
struct SimpleRegex: Sendable {
    /// A set of ASCII characters as two 64-bit masks.
    struct CharacterSet: Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        mutating func insert(_ range: ClosedRange<UInt8>) { for byte in range { insert(byte) } }

        mutating func formUnion(_ other: CharacterSet) { low |= other.low; high |= other.high }

        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte - 64)) != 0
        }

        /// Every ASCII character not in the set.
        var inverted: CharacterSet { CharacterSet(low: ~low, high: ~high) }
    }

    struct Atom: Sendable {
        var set: CharacterSet
        var min: Int
        var max: Int
    }

    let atoms: [Atom]
    let anchoredStart: Bool
    let anchoredEnd: Bool

    /// Parses `pattern`, or `nil` when it uses anything beyond the simple subset.
    init?(_ pattern: String) {
        var parser = Parser(bytes: Array(pattern.utf8))
        guard let parsed = parser.parse() else { return nil }
        (atoms, anchoredStart, anchoredEnd) = parsed
    }

    static let maxLength = 256

    /// Whether `string` contains a match, or `nil` when this matcher cannot
    /// decide it exactly (see the type's documentation).
    func matches(_ string: String) -> Bool? {
        var string = string
        return string.withUTF8 { bytes -> Bool? in
            guard bytes.count <= Self.maxLength else { return nil }
            for byte in bytes where byte >= 0x80 || (byte >= 0x0A && byte <= 0x0D) { return nil }
            return matches(bytes)
        }
    }

    /// Reachable positions, atom by atom: `reach[p]` after atom `i` means the first
    /// `i` atoms can match some substring ending at `p`.
    private func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * (count + 1)) { buffer in
            var reach = UnsafeMutableBufferPointer(rebasing: buffer[0...count])
            var next = UnsafeMutableBufferPointer(rebasing: buffer[(count + 1)...])
            // Unanchored: a match may start anywhere.
            reach.initialize(repeating: !anchoredStart)
            reach[0] = true
            for atom in atoms {
                next.initialize(repeating: false)
                var any = false
                for start in 0...count where reach[start] {
                    var length = 0
                    while length < atom.max, start + length < count, atom.set.contains(bytes[start + length]) {
                        length += 1
                    }
                    if length >= atom.min {
                        for end in (start + atom.min)...(start + length) { next[end] = true }
                        any = true
                    }
                }
                guard any else { return false }
                swap(&reach, &next)
            }
            return anchoredEnd ? reach[count] : reach.contains(true)
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        /// Literals outside a set: letters, digits and punctuation that is no
        /// metacharacter in ICU's syntax.
        static let plainLiterals = Set("_-,:/@#%='\"!~<>;& ".utf8)
        /// Literals inside a set (where ICU gives `[`, `&`, `-`, `$`, `^`, `{` more meanings).
        static let setLiterals = Set("_.,/@+#%='\"".utf8)

        mutating func parse() -> (atoms: [Atom], anchoredStart: Bool, anchoredEnd: Bool)? {
            var atoms: [Atom] = []
            var anchoredStart = false
            var anchoredEnd = false
            if peek == UInt8(ascii: "^") { anchoredStart = true; index += 1 }
            while let byte = peek {
                if byte == UInt8(ascii: "$") {
                    // Only as the last character: the end anchor.
                    guard index == bytes.count - 1 else { return nil }
                    anchoredEnd = true
                    index += 1
                    break
                }
                guard let set = atomSet() else { return nil }
                guard let (min, max) = quantifier() else { return nil }
                atoms.append(Atom(set: set, min: min, max: max))
            }
            return (atoms, anchoredStart, anchoredEnd)
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        static func isAlphanumeric(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        }

        static func isPunctuation(_ byte: UInt8) -> Bool {
            byte > 0x20 && byte < 0x7F && !isAlphanumeric(byte)
        }

        static var digits: CharacterSet { var set = CharacterSet(); set.insert(0x30...0x39); return set }
        static var word: CharacterSet {
            var set = digits
            set.insert(0x41...0x5A); set.insert(0x61...0x7A); set.insert(UInt8(ascii: "_"))
            return set
        }
        static var space: CharacterSet {
            // ICU's \s is [\t\n\f\r\p{Z}]; among the characters answered here: tab and space.
            var set = CharacterSet(); set.insert(0x09); set.insert(0x20)
            return set
        }

        /// `\d \w \s` and their negations, or an escaped punctuation character.
        mutating func escape() -> CharacterSet? {
            guard let byte = peek else { return nil }
            index += 1
            switch byte {
            case UInt8(ascii: "d"): return Self.digits
            case UInt8(ascii: "D"): return Self.digits.inverted
            case UInt8(ascii: "w"): return Self.word
            case UInt8(ascii: "W"): return Self.word.inverted
            case UInt8(ascii: "s"): return Self.space
            case UInt8(ascii: "S"): return Self.space.inverted
            default:
                guard Self.isPunctuation(byte) else { return nil }
                var set = CharacterSet()
                set.insert(byte)
                return set
            }
        }

        mutating func atomSet() -> CharacterSet? {
            guard let byte = peek else { return nil }
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                return escape()
            case UInt8(ascii: "."):
                // Any character but a line terminator (none reach this matcher).
                return CharacterSet().inverted
            case UInt8(ascii: "["):
                return bracket()
            default:
                guard Self.isAlphanumeric(byte) || Self.plainLiterals.contains(byte) else { return nil }
                var set = CharacterSet()
                set.insert(byte)
                return set
            }
        }

        /// `[...]` and `[^...]` of literals, ranges of literals and escapes.
        mutating func bracket() -> CharacterSet? {
            var set = CharacterSet()
            var negated = false
            if peek == UInt8(ascii: "^") { negated = true; index += 1 }
            var first = true
            while true {
                guard let byte = peek else { return nil }
                if byte == UInt8(ascii: "]"), !first { index += 1; break }
                first = false
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard let escaped = escape() else { return nil }
                    // An escape may not start or end a range.
                    if peek == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "]") { return nil }
                    set.formUnion(escaped)
                    continue
                }
                guard let low = setLiteral(byte) else { return nil }
                index += 1
                if peek == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "]") {
                    // `--` is ICU's set difference: only plain ranges like `a-z` here.
                    guard low != UInt8(ascii: "-") else { return nil }
                    index += 1
                    guard let high = peek.flatMap({ setLiteral($0) }), high != UInt8(ascii: "-"), high >= low else { return nil }
                    index += 1
                    set.insert(low...high)
                } else {
                    set.insert(low)
                }
            }
            return negated ? set.inverted : set
        }

        /// A literal inside a set: letters, digits, a few safe punctuation
        /// characters, and `-` where it cannot mean a range (first or last).
        func setLiteral(_ byte: UInt8) -> UInt8? {
            if Self.isAlphanumeric(byte) || Self.setLiterals.contains(byte) { return byte }
            if byte == UInt8(ascii: "-") {
                let atStart = index > 0 && (bytes[index - 1] == UInt8(ascii: "[")
                    || (bytes[index - 1] == UInt8(ascii: "^") && index > 1 && bytes[index - 2] == UInt8(ascii: "[")))
                let atEnd = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "]")
                return atStart || atEnd ? byte : nil
            }
            return nil
        }

        /// `?`, `*`, `+`, `{n}`, `{n,}`, `{n,m}` (greedy only), or exactly once.
        mutating func quantifier() -> (Int, Int)? {
            var bounds: (Int, Int)
            switch peek {
            case UInt8(ascii: "?"): index += 1; bounds = (0, 1)
            case UInt8(ascii: "*"): index += 1; bounds = (0, .max)
            case UInt8(ascii: "+"): index += 1; bounds = (1, .max)
            case UInt8(ascii: "{"):
                index += 1
                guard let low = number() else { return nil }
                if peek == UInt8(ascii: "}") {
                    bounds = (low, low)
                } else {
                    guard peek == UInt8(ascii: ",") else { return nil }
                    index += 1
                    if peek == UInt8(ascii: "}") {
                        bounds = (low, .max)
                    } else {
                        guard let high = number(), high >= low else { return nil }
                        bounds = (low, high)
                    }
                    guard peek == UInt8(ascii: "}") else { return nil }
                }
                index += 1
            default:
                return (1, 1)
            }
            // Lazy (`?`) and possessive (`+`) forms, and stacked quantifiers: left to ICU.
            if let next = peek, next == UInt8(ascii: "?") || next == UInt8(ascii: "+")
                || next == UInt8(ascii: "*") || next == UInt8(ascii: "{") { return nil }
            return bounds
        }

        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let byte = peek, byte >= 0x30, byte <= 0x39 {
                value = value * 10 + Int(byte - 0x30)
                digits += 1
                index += 1
                guard digits <= 6 else { return nil }
            }
            return digits > 0 ? value : nil
        }
    }
}
