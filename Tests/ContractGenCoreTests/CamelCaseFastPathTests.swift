import Testing

@testable import ContractGenCore

/// ASCII names take a one-pass path in ``CamelCase``; it must agree with the
/// general, word-based one on every name.
@Suite struct CamelCaseFastPathTests {
    static let names = [
        "", "_", "__", "-", ".", "a", "A", "cart_id", "image-url", "a.b", "_1st", "1st", "1_2", "Type", "self",
        "pageView", "PageView", "product_detail", "__private", "trailing_", "x__y", "ABC", "aBC_dEF", "$dollar",
        "with space", "tab\there", "line\r\nbreak", "9lives_Club", "a-.-b", "Z", "z", "event19992", "field_1743",
    ]

    @Test(arguments: names)
    func agreesWithTheGeneralPath(name: String) {
        #expect(CamelCase.asciiCamel(name, upperFirst: true) == CamelCase.generalUpperCamel(name))
        #expect(CamelCase.asciiCamel(name, upperFirst: false) == CamelCase.generalLowerCamel(name))
    }

    @Test func agreesOnRandomASCII() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09_-. $".utf8) + Array(UInt8(0x20)...UInt8(0x7E))
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let name = String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            #expect(CamelCase.upperCamel(name) == CamelCase.generalUpperCamel(name), "\(name)")
            #expect(CamelCase.lowerCamel(name) == CamelCase.generalLowerCamel(name), "\(name)")
        }
    }

    @Test func otherNamesTakeTheGeneralPath() {
        #expect(CamelCase.asciiCamel("größe", upperFirst: true) == nil)
        #expect(CamelCase.upperCamel("größe_maß") == "GrößeMaß")
    }
}
