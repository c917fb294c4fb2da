import ContractGenCore
import Testing

@Suite struct DiagnosticFormatterTests {
    let location = SourceLocation(file: "c.yaml", line: 2, column: 5)

    @Test func textQuotesTheLineAndPutsACaretUnderTheColumn() {
        let diagnostic = Diagnostic.error("unknown key 'optinal' in event 'x'", at: location, hint: "did you mean 'optional'?")
        let text = DiagnosticFormatter.text([diagnostic], source: "x:\n    optinal: [a]\n")
        #expect(text == "c.yaml:2:5: error: unknown key 'optinal' in event 'x'\n    optinal: [a]\n    ^\n  hint: did you mean 'optional'?\n")
    }

    @Test func caretKeepsTabsAndHandlesCRLF() {
        let diagnostic = Diagnostic.warning("w", at: SourceLocation(file: "c.yaml", line: 2, column: 3))
        let text = DiagnosticFormatter.text([diagnostic], source: "a\r\n\tbc\r\n")
        #expect(text == "c.yaml:2:3: warning: w\n\tbc\n\t ^\n")
    }

    @Test func withoutSourceOnlyTheHeadlineAndHint() {
        let text = DiagnosticFormatter.text([.error("e", at: location, hint: "h")], source: nil)
        #expect(text == "c.yaml:2:5: error: e\n  hint: h\n")
    }

    @Test func summaryCountsBothSeverities() {
        let two = [Diagnostic.error("a", at: location), .error("b", at: location), .warning("c", at: location)]
        #expect(DiagnosticFormatter.summary(two) == "2 errors, 1 warning")
        #expect(DiagnosticFormatter.summary([.warning("c", at: location)]) == "0 errors, 1 warning")
        #expect(DiagnosticFormatter.summary([]) == "no problems")
    }

    @Test func jsonHasEveryMember() {
        let json = DiagnosticFormatter.json([.error("say \"hi\"", at: location, hint: "h"), .warning("w", at: location)])
        #expect(json == #"{"diagnostics":[{"file":"c.yaml","line":2,"column":5,"severity":"error","message":"say \"hi\"","hint":"h"},{"file":"c.yaml","line":2,"column":5,"severity":"warning","message":"w","hint":null}],"errors":1,"warnings":1,"notes":0}"#)
    }
}
