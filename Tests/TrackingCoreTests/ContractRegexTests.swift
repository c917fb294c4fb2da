import Foundation
import Testing
import TestSupport
@testable import TrackingCore

/// The pattern engine (`ContractRegex`): the language it accepts, its verdicts
/// against `NSRegularExpression` (ICU) on that language, and its work.
@Suite("Contract patterns", .timeLimit(.minutes(10)))
struct ContractRegexTests {
    // MARK: Differential test against NSRegularExpression

    /// A pattern in the language, written two ways: as a contract writes it,
    /// and for ICU with the language's meaning spelled out (`$` is the end of
    /// the value, ICU's `\z`; `.` excludes only ECMAScript's line terminators).
    indirect enum Tree {
        case literal(Character)
        case dot
        case set([ClosedRange<Character>], negated: Bool)
        case start, end
        case sequence([Tree])
        case alternation([Tree])
        case repetition(Tree, min: Int, max: Int?)

        static let literals: [Character] = ["a", "b", "0", "-", " ", "é", "😀", ".", "$", "(", "[", "{", "*", "/", "|", "^", "]", "}", ",", "#", ":"]
        static let syntax = Set("^$\\.*+?()[]{}|/")

        static func random(_ random: inout SplitMix64, depth: Int = 0) -> Tree {
            switch Int.random(in: 0..<(depth > 3 ? 4 : 9), using: &random) {
            case 0, 1: return .literal(literals.randomElement(using: &random)!)
            case 2: return .dot
            case 3:
                let members: [ClosedRange<Character>] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: return "a"..."c"
                    case 1: return "0"..."9"
                    case 2: return "é"..."😀"
                    default: let c = literals.randomElement(using: &random)!; return c...c
                    }
                }
                return .set(members, negated: Bool.random(using: &random))
            case 4: return Bool.random(using: &random) ? .start : .end
            case 5, 6: return .sequence((0..<Int.random(in: 0...3, using: &random)).map { _ in Tree.random(&random, depth: depth + 1) })
            case 7: return .alternation((0..<Int.random(in: 2...3, using: &random)).map { _ in Tree.random(&random, depth: depth + 1) })
            default:
                var body = Tree.random(&random, depth: depth + 1)
                if case .start = body { body = .literal("a") }
                if case .end = body { body = .literal("b") }
                let min = Int.random(in: 0...2, using: &random)
                let max: Int? = Bool.random(using: &random) ? nil : min + Int.random(in: 0...2, using: &random)
                return .repetition(body, min: min, max: max)
            }
        }

        func text(forICU: Bool) -> String {
            switch self {
            case .literal(let c): return Tree.syntax.contains(c) ? "\\\(c)" : String(c)
            case .dot: return forICU ? "[^\\n\\r\\x{2028}\\x{2029}]" : "."
            case .set(let members, let negated):
                func member(_ c: Character) -> String { Set("\\][-&^${}").contains(c) ? "\\\(c)" : String(c) }
                // A set starting with ':' is refused (ICU's POSIX classes): put a safe member first.
                let body = members.map { $0.lowerBound == $0.upperBound ? member($0.lowerBound) : "\(member($0.lowerBound))-\(member($0.upperBound))" }.joined()
                return "[" + (negated ? "^" : "") + (body.hasPrefix(":") ? "a" : "") + body + "]"
            case .start: return "^"
            case .end: return forICU ? "\\z" : "$"
            case .sequence(let items): return items.map { $0.text(forICU: forICU) }.joined()
            case .alternation(let branches): return "(?:" + branches.map { $0.text(forICU: forICU) }.joined(separator: "|") + ")"
            case .repetition(let body, let min, let max):
                let quantifier = switch (min, max) {
                case (0, nil): "*"
                case (1, nil): "+"
                case (0, 1?): "?"
                case (_, nil): "{\(min),}"
                case (_, let max?) where max == min: "{\(min)}"
                case (_, let max?): "{\(min),\(max)}"
                }
                return "(" + body.text(forICU: forICU) + ")" + quantifier
            }
        }
    }

    static func icu(_ regex: NSRegularExpression, _ string: String) -> Bool {
        regex.firstMatch(in: string, options: [], range: NSRange(string.startIndex..<string.endIndex, in: string)) != nil
    }

    static let lineTerminators: Set<Character> = ["\n", "\r", "\u{2028}", "\u{2029}", "\r\n"]
    static let inputCharacters: [Character] = Tree.literals + ["c", "9", "A", "e\u{301}", "\n", "\r", "\u{2028}", "\u{85}", "\u{0B}", "\t", "ß"]

    @Test("Generated patterns and values: the same verdicts as NSRegularExpression")
    func differential() throws {
        var random = SplitMix64(state: 0x5EED)
        var compared = 0
        var matched = 0
        var comparedPlain = 0
        for _ in 0..<400 {
            let tree = Tree.random(&random)
            let text = tree.text(forICU: false)
            let pattern = try ContractRegex.compile(text)
            // Foundation refuses an empty pattern, hence the group around both.
            let reference = try NSRegularExpression(pattern: "(?:" + tree.text(forICU: true) + ")")
            // The contract's text means the same to ICU where ICU's `$` and `.`
            // agree with the language: on values without line terminators.
            let plainICU = try NSRegularExpression(pattern: "(?:" + text + ")")
            for _ in 0..<40 {
                let length = Int.random(in: 0...8, using: &random)
                let value = String((0..<length).map { _ in Self.inputCharacters.randomElement(using: &random)! })
                let verdict = pattern.matches(value)
                #expect(verdict == Self.icu(reference, value), "\(text) on \(value.debugDescription)")
                if !value.contains(where: { Self.lineTerminators.contains($0) || $0 == "\u{85}" || $0 == "\u{0B}" }) {
                    #expect(verdict == Self.icu(plainICU, value), "\(text) (as ICU reads it) on \(value.debugDescription)")
                    comparedPlain += 1
                }
                compared += 1
                if verdict { matched += 1 }
            }
        }
        #expect(compared == 16_000)
        #expect(comparedPlain > 4_000)
        #expect(matched > 1_000 && matched < 15_000)   // both verdicts well represented
    }

    /// Hand-written patterns of the language: contract patterns and corners.
    static let written = [
        "^[0-9]{4,12}$", "^[A-Z0-9]{4,16}$", "^https://", "^[a-z]+(-[a-z]+)*$", "b", "^$", "^.{2}$", "😀$", "^A",
        "^[^a-z]*$", "[0-9]", "^a.c$", "^.*$", "^.+b", "x?y*z+", "^[_.,/@+#%='\"]+$", "^a{0}b$", "^a{2,}$",
        "^\\$\\^\\.\\*$", "^[A-Fa-f0-9]{2}$", "$", "^", "^[a-z\"\\\\]+$", "^(a|b|)c$", "(^a|b$)", "^(?:ab)+$",
        "^[\\-a]+$", "^[\\]\\[]$", "a|^b|c$", "^(a+)+$", "((a*)*)*b", "^ $", "^#~<>;!,$",
    ]

    @Test("Written patterns: the same verdicts as NSRegularExpression on values without line terminators")
    func writtenPatterns() throws {
        var random = SplitMix64(state: 42)
        let alphabet: [Character] = Array("09aAzZbcxyz-_.:$^*/+#%=,\"'\\ []~<>;!") + ["é", "😀", "\t"]
        var values = ["", "1234", "123456789012", "1234567890123", "ABCD", "https://x", "http://x", "a-", "ab-cd", "aa", "b", "😀", "a😀"]
        for _ in 0..<300 {
            values.append(String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }))
        }
        for text in Self.written {
            let pattern = try ContractRegex.compile(text)
            let regex = try NSRegularExpression(pattern: text)
            for value in values {
                #expect(pattern.matches(value) == Self.icu(regex, value), "\(text) on \(value.debugDescription)")
            }
        }
    }

    @Test("Where ICU reads a pattern differently, the language follows ECMAScript and RE2")
    func lineTerminators() throws {
        // `$` is the end of the value: ICU also matches before a final line terminator.
        #expect(!ContractRegex.matches("1234\n", pattern: "^[0-9]{4}$"))
        #expect(try NSRegularExpression(pattern: "^[0-9]{4}$").firstMatch(in: "1234\n", range: NSRange(location: 0, length: 5)) != nil)
        // `.` excludes \n \r U+2028 U+2029 only.
        #expect(ContractRegex.matches("\u{0B}", pattern: "^.$"))
        #expect(ContractRegex.matches("\u{85}", pattern: "^.$"))
        #expect(!ContractRegex.matches("\n", pattern: "^.$"))
        #expect(!ContractRegex.matches("\u{2028}", pattern: "^.$"))
        // Characters are Unicode scalars: an astral character is one, a combining mark another.
        #expect(ContractRegex.matches("😀", pattern: "^.$"))
        #expect(ContractRegex.matches("e\u{301}", pattern: "^..$"))
        #expect(!ContractRegex.matches("é", pattern: "^e"))
    }

    // MARK: The language

    @Test("Patterns outside the language are refused with a reason", arguments: [
        ("\\d", "escape '\\d'"), ("\\w+", "escape '\\w'"), ("\\s", "escape '\\s'"), ("\\b", "escape '\\b'"),
        ("\\1", "escape '\\1'"), ("(?=a)", "'(?'"), ("(?<n>a)", "'(?'"), ("(?i)a", "'(?'"), ("a*?", "lazy"),
        ("a++", "possessive"), ("a{2}{3}", "repeated"), ("[:digit:]", "POSIX"), ("[a&b]", "'&'"), ("[a-]", "'\\-'"),
        ("[-a]", "'\\-'"), ("[]", "members"), ("[^]", "members"), ("]", "'\\]'"), ("}", "'\\}'"), ("a{,3}", "quantifier"),
        ("a{1001}", "exceed 1000"), ("a{3,2}", "wrong order"), ("[z-a]", "wrong order"), ("^*", "anchor"), ("*a", "must follow"),
        ("(a", "missing ')'"), ("a)", "unmatched ')'"), ("[a", "missing ']'"), ("a\\", "end with"), ("\\-", "escape '\\-'"),
        ("[a$]", "'\\$'"), ("[a^]", "'\\^'"), ("[a{]", "'\\{'"), ("(a{1000}){1000}", "too large"),
        (String(repeating: "(", count: 65) + String(repeating: ")", count: 65), "nest deeper"),
    ])
    func refused(pattern: String, reason: String) {
        #expect(throws: PatternSyntaxError.self) { try ContractRegex.compile(pattern) }
        do {
            _ = try ContractRegex.compile(pattern)
        } catch {
            #expect(error.message.contains(reason), "\(pattern): \(error.message)")
        }
        #expect(!ContractRegex.matches("a", pattern: pattern))   // outside the language: matches nothing
    }

    // MARK: Linear work

    @Test("^(a+)+$ on 10,000 'a's and a '!': decided in linear work")
    func nestedQuantifiersAreLinear() throws {
        let program = try PatternProgram(PatternParser.parse("^(a+)+$"))
        let value = String(repeating: "a", count: 10_000) + "!"
        let half = String(repeating: "a", count: 5_000) + "!"
        // Without the table: every character costs at most the program's size.
        let general = PatternMatcher(program, buildsTable: false)
        var steps = 0
        #expect(!general.matches(value, steps: &steps))
        #expect(steps > 0 && steps <= value.unicodeScalars.count * program.instructions.count)
        var halfSteps = 0
        #expect(!general.matches(half, steps: &halfSteps))
        #expect(steps <= 2 * halfSteps + program.instructions.count)   // twice the length, twice the work
        // With the table (how it runs): one step per byte.
        let tabled = PatternMatcher(program)
        var tabledSteps = 0
        #expect(!tabled.matches(value, steps: &tabledSteps))
        #expect(tabledSteps == value.utf8.count)
        // And non-ASCII input leaves the table for the general steps, still linear.
        var mixedSteps = 0
        let mixed = String(repeating: "a", count: 10_000) + "é"
        #expect(!tabled.matches(mixed, steps: &mixedSteps))
        #expect(mixedSteps <= mixed.utf8.count + program.instructions.count * 2)
        #expect(ContractRegex.matches(String(repeating: "a", count: 10_000), pattern: "^(a+)+$"))
    }

    @Test("The table and the general steps give the same verdicts")
    func tableAgreesWithGeneralSteps() throws {
        var random = SplitMix64(state: 7)
        for _ in 0..<300 {
            let text = Tree.random(&random).text(forICU: false)
            let program = try PatternProgram(PatternParser.parse(text))
            let tabled = PatternMatcher(program)
            let general = PatternMatcher(program, buildsTable: false)
            for _ in 0..<30 {
                let value = String((0..<Int.random(in: 0...10, using: &random)).map { _ in Self.inputCharacters.randomElement(using: &random)! })
                #expect(tabled.matches(value) == general.matches(value), "\(text) on \(value.debugDescription)")
            }
        }
    }
}
