@testable import ContractGenCore
import Foundation
import Testing

/// Bidirectional overrides and isolates (U+202A-202E, U+2066-2069) reorder the
/// text after them: `deprecated: "Use \u{202E}wen"` would show as another word.
/// Wherever contract text is shown (diagnostics, `contractgen diff` in text,
/// JSON and GitHub form, the catalogue) they appear escaped, like control characters.
@Suite struct BidiEscapingTests {
    static let bidi: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]
    /// Every bidi control, written with YAML escapes.
    static let hostile = "Use \\u202Ewen\\u202C, \\u202A\\u202B\\u202D\\u2066\\u2067\\u2068\\u2069 done"
    static let hostileText = "Use \u{202E}wen\u{202C}, \u{202A}\u{202B}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069} done"

    static func hasRawBidi(_ text: String) -> Bool { text.unicodeScalars.contains { bidi.contains($0) } }

    static func report() throws -> ContractDiffReport {
        ContractDiffReport(
            old: try DiffFixtures.contract(yaml: GovernanceHardeningTests.yaml(deprecated: nil), file: "old.yaml"),
            new: try DiffFixtures.contract(yaml: GovernanceHardeningTests.yaml(deprecated: hostile), file: "new.yaml"),
            oldFile: "old\u{202E}.yaml", newFile: "new.yaml")
    }

    @Test func onlyBidiControlsAndControlCharactersAreEscaped() {
        for scalar in Self.bidi { #expect(TerminalSafeText.isBidiControl(scalar)) }
        // Marks that only set direction (LRM, RLM, ALM) and ordinary right-to-left text stay as written.
        for scalar: Unicode.Scalar in ["\u{200E}", "\u{200F}", "\u{061C}", "\u{2029}", "\u{2065}", "\u{206A}", "ש", "é"] {
            #expect(!TerminalSafeText.isBidiControl(scalar))
        }
        #expect(TerminalSafeText.escaped(Self.hostileText)
            == #"Use \u{202E}wen\u{202C}, \u{202A}\u{202B}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069} done"#)
        #expect(TerminalSafeText.escaped("שלום עולם") == "שלום עולם")
    }

    @Test func diagnosticsShowThemEscapedInTextAndJSON() throws {
        let yaml = GovernanceHardeningTests.yaml(deprecated: Self.hostile)
        let result = ContractLoader.load(yaml: yaml, file: "c.yaml")
        let warning = try #require(result.diagnostics.first { $0.message.contains("deprecated") })
        #expect(warning.message.contains(Self.hostileText))
        let text = DiagnosticFormatter.text(result.diagnostics, source: yaml)
        #expect(!Self.hasRawBidi(text))
        #expect(text.contains(#"Use \u{202E}wen\u{202C}"#))
        let json = DiagnosticFormatter.json(result.diagnostics)
        #expect(!Self.hasRawBidi(json))
        #expect(json.contains(#"Use \u202ewen\u202c"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let messages = (object["diagnostics"] as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
        #expect(messages == result.diagnostics.map(\.message), "the JSON reads back exactly")
    }

    /// Written raw in the file (not as YAML escapes): the quoted source line is escaped too.
    @Test func rawBidiInTheFileIsEscapedInTheQuotedLine() {
        let yaml = GovernanceHardeningTests.yaml(deprecated: Self.hostileText) + "\u{202E}unknown: 1\n"
        let result = ContractLoader.load(yaml: yaml, file: "c.yaml")
        #expect(result.hasErrors, "an unknown key")
        let text = DiagnosticFormatter.text(result.diagnostics, source: yaml)
        #expect(!Self.hasRawBidi(text))
        #expect(text.contains(#"unknown key '\u{202E}unknown'"#), "\(text)")
        #expect(text.contains("\n\u{FFFD}unknown: 1\n^\n"), "the quoted line shows U+FFFD in its place, the caret aligned")
        #expect(!Self.hasRawBidi(DiagnosticFormatter.json(result.diagnostics)))
    }

    @Test func diffShowsThemEscapedInEveryFormat() throws {
        let report = try Self.report()
        try #require(report.changes.contains { $0.rule == .deprecationAdded })
        let text = DiffFormatter.text(report)
        #expect(!Self.hasRawBidi(text))
        #expect(text.contains(#"Use \u{202E}wen\u{202C}"#))
        #expect(text.contains(#"old\u{202E}.yaml"#), "file names from the command line too")
        #expect(!Self.hasRawBidi(DiffFormatter.github(report, file: "new.yaml")))
        let json = DiffFormatter.json(report)
        #expect(!Self.hasRawBidi(json))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let messages = (decoded["changes"] as? [[String: Any]])?.compactMap { $0["message"] as? String } ?? []
        #expect(messages.contains { $0.contains(Self.hostileText) }, "the JSON reads back exactly")
    }

    @Test func catalogueShowsThemEscaped() throws {
        let contract = try DiffFixtures.contract(yaml: GovernanceHardeningTests.yaml(deprecated: Self.hostile))
        let html = CatalogueRenderer(contract: contract, changes: try Self.report()).page()
        #expect(!Self.hasRawBidi(html))
        #expect(html.contains(#"Use \u{202E}wen\u{202C}"#))
        #expect(HTML.escape("a\u{1B}[2J\nb\tc") == "a\\u{1B}[2J\nb\tc", "controls too, line ends and tabs kept")
    }
}
