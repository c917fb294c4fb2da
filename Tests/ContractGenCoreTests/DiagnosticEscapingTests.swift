import ContractGenCore
import Foundation
import Testing

/// Contract text quoted in diagnostics cannot drive the terminal or forge a
/// diagnostic line: control characters are shown escaped, in text and JSON.
@Suite struct DiagnosticEscapingTests {
    /// An escape sequence that would retitle the terminal, one that clears it, a
    /// C1 control (CSI), and a `deprecated` message whose second line looks like a diagnostic.
    static let yaml = GovernanceHardeningTests.yaml(deprecated: "Use new.\\nc.yaml:1:1: error: forged line")
        + #""\e]0;pwned\u0007\e[2J\u009B31m": 1"# + "\n"

    static func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || ($0.value >= 0x7F && $0.value <= 0x9F) }
    }

    @Test func textShowsControlCharactersEscaped() {
        let result = ContractLoader.load(yaml: Self.yaml, file: "c.yaml")
        let text = DiagnosticFormatter.text(result.diagnostics, source: Self.yaml)
        #expect(Self.isTerminalSafe(text))
        #expect(text.contains(#"error: unknown key '\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31m' in the contract"#))
        #expect(text.contains(#"uses deprecated field 'old': Use new.\nc.yaml:1:1: error: forged line"#))
        // Every line is a diagnostic, a quoted source line, a caret or a hint: none is forged.
        let headers = text.split(separator: "\n").filter { $0.hasPrefix("c.yaml:") }
        #expect(headers.count == result.diagnostics.count)
    }

    @Test func jsonHasNoRawControlCharactersAndReadsBackExactly() throws {
        let result = ContractLoader.load(yaml: Self.yaml, file: "c.yaml")
        let json = DiagnosticFormatter.json(result.diagnostics)
        #expect(Self.isTerminalSafe(json))
        #expect(!json.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let messages = (object["diagnostics"] as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
        #expect(messages == result.diagnostics.map(\.message))
        #expect(messages.contains { $0.contains("\u{1B}]0;pwned\u{07}") })
    }
}
