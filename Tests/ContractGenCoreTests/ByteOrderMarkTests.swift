import Foundation
import Testing

@testable import ContractGenCore

/// A contract saved with a UTF-8 byte order mark (as editors on Windows save
/// one) reads as the same contract, with the same lines and columns.
@Suite struct ByteOrderMarkTests {
    static let bom = "\u{FEFF}"

    @Test func aContractStartingWithAByteOrderMarkIsValid() throws {
        let plain = ContractLoader.load(yaml: ContractText.head + "\n", file: "t.yaml")
        let marked = ContractLoader.load(yaml: Self.bom + ContractText.head + "\n", file: "t.yaml")
        #expect(marked.diagnostics.isEmpty)
        let contract = try #require(marked.contract)
        #expect(contract.name == "Shop")
        #expect(contract == plain.contract)
    }

    /// Line 1's columns count from after the mark: the caret sits under the key, as an editor shows it.
    @Test func columnsOfTheFirstLineCountFromAfterTheMark() throws {
        let yaml = Self.bom + "bogus: 1\n" + ContractText.head + "\n"
        let result = ContractLoader.load(yaml: yaml, file: "t.yaml")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.location.line == 1 && diagnostic.location.column == 1)
        let text = DiagnosticFormatter.text([diagnostic], source: yaml)
        #expect(text.hasPrefix("t.yaml:1:1: error: unknown key 'bogus'"))
        #expect(text.contains("\nbogus: 1\n^\n"))
    }

    /// Later lines keep their columns, and a mark anywhere but at the start stays a character of the text.
    @Test func onlyALeadingMarkIsSkipped() throws {
        let yaml = Self.bom + ContractText.head + "\n  " + Self.bom + "bogus: 1\n"
        let result = ContractLoader.load(yaml: yaml, file: "t.yaml")
        #expect(result.contract == nil)
        #expect(!result.diagnostics.isEmpty)
    }
}
