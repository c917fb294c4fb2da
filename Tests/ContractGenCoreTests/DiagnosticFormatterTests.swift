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

    /// A long line shows as a window of `excerptWidth` scalars around the caret, cut with `...` on each side.
    @Test func aLongLineShowsAWindowAroundTheCaret() {
        let width = DiagnosticFormatter.excerptWidth
        let line = String(repeating: "a", count: 5_000) + "BAD" + String(repeating: "z", count: 5_000)
        let text = DiagnosticFormatter.text([.error("e", at: SourceLocation(file: "c.yaml", line: 1, column: 5_001))], source: line + "\n")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1].count == width + 6 && lines[1].hasPrefix("...a") && lines[1].hasSuffix("z..."))
        // The caret is under the B of BAD.
        let caretOffset = lines[2].count - 1
        #expect(lines[2].hasSuffix("^") && Array(lines[1])[caretOffset] == "B")
        // Near either end of the line the window starts (or ends) with the line.
        let atStart = DiagnosticFormatter.text([.error("e", at: SourceLocation(file: "c.yaml", line: 1, column: 2))], source: line)
        #expect(atStart.contains("\n" + String(repeating: "a", count: width) + "...\n ^\n"))
        let atEnd = DiagnosticFormatter.text([.error("e", at: SourceLocation(file: "c.yaml", line: 1, column: 10_003))], source: line)
        #expect(atEnd.contains("\n..." + String(repeating: "z", count: width) + "\n" + String(repeating: " ", count: width + 2) + "^\n"))
    }

    /// At most `limit` diagnostics, then how many more there are and how to see them.
    @Test func textShowsAtMostTheLimit() {
        let many = (1...50).map { Diagnostic.error("e\($0)", at: SourceLocation(file: "c.yaml", line: 1, column: 1)) }
        let text = DiagnosticFormatter.text(many, source: nil)
        #expect(text.components(separatedBy: ": error: ").count == DiagnosticFormatter.defaultLimit + 1)
        #expect(text.hasSuffix("c.yaml:1:1: error: e20\n30 more diagnostics not shown; 'contractgen validate --max-diagnostics 0 PATH' shows them all\n"))
        #expect(DiagnosticFormatter.text(many, source: nil, limit: nil).components(separatedBy: ": error: ").count == 51)
        #expect(!DiagnosticFormatter.text(many, source: nil, limit: 50).contains("not shown"))
    }

    /// Given every finding's count, the rest includes those the loader did not keep, and showing "all" is
    /// said to show the kept ones only.
    @Test func theRestCountsFindingsTheLoaderDidNotKeep() throws {
        let yaml = ContractText.head + "\nkinds:\n  systemAction:\nevents:\n  e: { kind: systemAction, "
            + (0..<600).map { "unknownKey\($0): 1" }.joined(separator: ", ") + " }\n"
        let result = ContractLoader.load(bytes: Array(yaml.utf8), file: "c.yaml")
        #expect(result.diagnostics.count == ContractLoader.maxDiagnostics + 1)   // the kept ones and the marker
        let found = result.counts.errors + result.counts.warnings + result.counts.notes
        #expect(found > ContractLoader.maxDiagnostics + 1)
        let text = DiagnosticFormatter.text(result.diagnostics, source: nil, counts: result.counts)
        #expect(text.hasSuffix("\n\(found - DiagnosticFormatter.defaultLimit) more diagnostics not shown; "
            + "'contractgen validate --max-diagnostics 0 PATH' shows the first \(ContractLoader.maxDiagnostics)\n"))
        // Counts that match the list: "them all", as without counts.
        let few = Array(result.diagnostics.prefix(30))
        #expect(DiagnosticFormatter.text(few, source: nil, counts: DiagnosticCounts(few)).hasSuffix(
            "\n10 more diagnostics not shown; 'contractgen validate --max-diagnostics 0 PATH' shows them all\n"))
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
