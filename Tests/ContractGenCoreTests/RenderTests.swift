import ContractGenCore
import Testing

@Suite struct RenderTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        (#"C:\dir\(x)"#, #""C:\\dir\\(x)""#),
        ("a\nb\r\tc\0", #""a\nb\r\tc\0""#),
        ("😀 é", #""😀 é""#),
        ("\u{202E}rtl\u{200B}", #""\u{202E}rtl\u{200B}""#),
        ("\u{2028}", #""\u{2028}""#),
        (#"""" */"#, #""\"\"\" */""#),
    ])
    func stringLiteralsAreEscaped(text: String, literal: String) {
        #expect(SwiftLiteral.string(text) == literal)
    }

    @Test func jsonLiteralsHoldTheWritersBytes() {
        #expect(SwiftLiteral.jsonString("a\"b\n") == #""\"a\\\"b\\n\"""#)
    }

    @Test func docCommentsCannotBeLeft() {
        #expect(SwiftLiteral.docLines("one\ntwo */\r\nimport Evil\u{2028}x") == ["/// one", "/// two */", "///", "/// import Evil", "/// x"])
        #expect(SwiftLiteral.docLines("\n\n") == [])
        #expect(SwiftLiteral.docLines("tab\there\u{0}") == ["/// tab here\\u{0}"])
    }
}
