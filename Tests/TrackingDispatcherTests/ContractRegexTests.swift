import Foundation
import Testing
@testable import TrackingCore

/// `ContractRegex.matches` (the dispatcher's payload check uses it on every
/// pattern-constrained value) answers exactly what a plain `NSRegularExpression`
/// search over the whole string answers, also for strings outside the BMP where
/// UTF-16 and character counts differ, and also where its fast path
/// (`SimpleRegex`) answers instead of ICU.
@Suite("Contract regex", .timeLimit(.minutes(1)))
struct ContractRegexTests {
    static let patterns = ["^[0-9]{4}$", "^[a-z]+(-[a-z]+)*$", "b", "^$", "^.{2}$", "😀$", "^\\p{L}+$", "[", "^A"]
    static let strings = ["1234", "12345", "abc-def", "abc--def", "", "ab", "😀", "a😀", "😀😀", "é", "e\u{301}", "Ä", "xyz b", "A\nb"]

    static func expected(_ string: String, _ regex: NSRegularExpression?) -> Bool {
        regex.map {
            $0.firstMatch(in: string, options: [], range: NSRange(string.startIndex..<string.endIndex, in: string)) != nil
        } ?? false
    }

    @Test("Same answers as NSRegularExpression.firstMatch over the whole string")
    func sameAnswers() throws {
        var compared = 0
        for pattern in Self.patterns {
            let regex = try? NSRegularExpression(pattern: pattern, options: [])
            for string in Self.strings {
                #expect(ContractRegex.matches(string, pattern: pattern) == Self.expected(string, regex), "\(pattern) on \(string.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == Self.patterns.count * Self.strings.count)
        #expect(ContractRegex.matches("a😀", pattern: "😀$"))
        #expect(!ContractRegex.matches("anything", pattern: "["))   // invalid: matches nothing
    }

    /// Patterns in and around the fast path's subset (anchors, sets, ranges,
    /// escapes, quantifiers), and some it must leave to ICU.
    static let fastPatterns = [
        "^[0-9]{4,12}$", "^[A-Z0-9]{4,16}$", "^https://", "^[a-z]+$", "^[^a-z]*$", "[0-9]", "^\\d{2,3}\\w?$",
        "^\\s*x\\S+$", "^a.c$", "^.*$", "^.+b", "x?y*z+", "^[a-]+$", "^[-a]{1,}$", "^[^-a]+$", "^\\W\\D$",
        "^[_.,/@+#%='\"]+$", "^a{0}b$", "^a{2,}$", "^[\\d\\.]+$", "^\\$\\^\\.\\*$", "^[A-Fa-f0-9]{2}$", "$", "^",
        "a{2}{3}", "^a??$", "^a++$", "^[:digit:]+$", "^[--z]$", "^(ab)+$", "a|b", "^\\bx", "^[a-c-e]$", "^[]a]$",
        "^a\\-b$", "^x{,3}$", "^[+--]$", "^\\p{L}$", "^ $", "^#&~<>;!$",
    ]

    static let alphabet: [Character] = Array("09aAzZb-_.:x $^*\t\u{1C}\u{7F}/+#%=,\"'y") + ["é", "\n", "\r", "\u{0B}", "😀"]

    @Test("The fast path answers what ICU answers, on generated strings")
    func fastPathAgreesWithICU() throws {
        #expect(SimpleRegex("^[0-9]{4,12}$") != nil)
        #expect(SimpleRegex("^[A-Z0-9]{4,16}$") != nil)
        #expect(SimpleRegex("^https://") != nil)
        #expect(SimpleRegex("^(ab)+$") == nil)
        #expect(SimpleRegex("^[:digit:]+$") == nil)
        #expect(SimpleRegex("1234")?.matches("12€34") == nil)   // non-ASCII: ICU decides
        var generator = SystemRandomNumberGenerator()
        var strings = ["", "1234", "123456789012", "1234567890123", "ABCD", "https://x", "http://x", "a-", "-a", "aa", "b"]
        for _ in 0..<400 {
            let length = Int.random(in: 0...14, using: &generator)
            strings.append(String((0..<length).map { _ in Self.alphabet.randomElement(using: &generator)! }))
        }
        // And from a few characters, so that sets and quantifiers also match.
        let small: [Character] = Array("09aAb-_.")
        for _ in 0..<300 {
            let length = Int.random(in: 0...14, using: &generator)
            strings.append(String((0..<length).map { _ in small.randomElement(using: &generator)! }))
        }
        var fast = 0
        var matched = 0
        for pattern in Self.fastPatterns {
            let regex = try? NSRegularExpression(pattern: pattern, options: [])
            let simple = regex == nil ? nil : SimpleRegex(pattern)
            for string in strings {
                if let answer = simple?.matches(string) {
                    fast += 1
                    if answer { matched += 1 }
                }
                #expect(ContractRegex.matches(string, pattern: pattern) == Self.expected(string, regex),
                        "\(pattern) on \(string.debugDescription)")
            }
        }
        #expect(fast > strings.count * 10)
        #expect(matched > strings.count)
    }
}
