import Foundation
import Testing
import TrackingCore

/// `ContractRegex.matches` (the dispatcher's payload check uses it on every
/// pattern-constrained value) answers exactly what a plain `NSRegularExpression`
/// search over the whole string answers, also for strings outside the BMP where
/// UTF-16 and character counts differ.
@Suite("Contract regex", .timeLimit(.minutes(1)))
struct ContractRegexTests {
    static let patterns = ["^[0-9]{4}$", "^[a-z]+(-[a-z]+)*$", "b", "^$", "^.{2}$", "😀$", "^\\p{L}+$", "[", "^A"]
    static let strings = ["1234", "12345", "abc-def", "abc--def", "", "ab", "😀", "a😀", "😀😀", "é", "e\u{301}", "Ä", "xyz b", "A\nb"]

    @Test("Same answers as NSRegularExpression.firstMatch over the whole string")
    func sameAnswers() throws {
        var compared = 0
        for pattern in Self.patterns {
            let regex = try? NSRegularExpression(pattern: pattern, options: [])
            for string in Self.strings {
                let expected = regex.map {
                    $0.firstMatch(in: string, options: [], range: NSRange(string.startIndex..<string.endIndex, in: string)) != nil
                } ?? false
                #expect(ContractRegex.matches(string, pattern: pattern) == expected, "\(pattern) on \(string.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == Self.patterns.count * Self.strings.count)
        #expect(ContractRegex.matches("a😀", pattern: "😀$"))
        #expect(!ContractRegex.matches("anything", pattern: "["))   // invalid: matches nothing
    }
}
