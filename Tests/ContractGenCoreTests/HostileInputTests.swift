import ContractGenCore
import Foundation
import Testing

/// Inputs built to hurt a parser. Each must end in a clear diagnostic (no
/// crash, no hang, no deep tree); they are generated here, not committed.
@Suite struct HostileInputTests {
    static let envelope = "contract: Shop\nversion: 1.0.0\nmandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n"

    @Test func aliasBombStopsAtTheFirstAnchor() {
        var yaml = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = level == 1 ? "a" : "l\(level - 1)"
            yaml += "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }
        let result = ContractLoader.load(yaml: yaml, file: "bomb.yaml")
        #expect(result.contract == nil)
        #expect(result.diagnostics.map(\.message) == ["anchors (&name) are not supported in contracts"])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "bomb.yaml", line: 1, column: 4))
    }

    @Test func aliasWithoutAnchorIsAnError() {
        let result = ContractLoader.load(yaml: Self.envelope + "fields: *nothing\n", file: "alias.yaml")
        #expect(result.hasErrors)
        #expect(result.diagnostics.count == 1)
    }

    @Test(arguments: ["[", "{a: "])
    func twentyThousandLevelsOfNesting(opener: String) {
        let closer = opener == "[" ? "]" : "}"
        let yaml = Self.envelope + "fields: " + String(repeating: opener, count: 20_000) + String(repeating: closer, count: 20_000) + "\n"
        let result = ContractLoader.load(yaml: yaml, file: "deep.yaml")
        #expect(result.diagnostics.map(\.message) == ["nesting is deeper than 64 levels"])
        #expect(result.diagnostics.first?.location.line == 6)
    }

    @Test func twentyThousandLevelsOfBlockSequences() {
        // "- - - - x" nests one sequence per dash on a single line.
        let yaml = "fields:\n  " + String(repeating: "- ", count: 20_000) + "x\n"
        let result = ContractLoader.load(yaml: yaml, file: "dashes.yaml")
        #expect(result.diagnostics.map(\.message) == ["nesting is deeper than 64 levels"])
    }

    @Test func fileAboveTheSizeLimitIsRejectedBeforeParsing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 3 * 1024 * 1024)
        let result = ContractLoader.load(bytes: bytes, file: "big.yaml", limits: ParseLimits(maxBytes: 2 * 1024 * 1024))
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.contains("more than the limit of 2097152 bytes") == true)
    }

    @Test func multiMegabyteContractWithManyErrorsIsCappedAndLocated() {
        var yaml = Self.envelope + "fields:\n"
        yaml.reserveCapacity(6_000_000)
        for index in 0..<100_000 {
            yaml += "  field\(index): { type: strng, maxLength: 10 }\n"  // unknown type in every one
        }
        #expect(yaml.utf8.count > 4_000_000)
        let result = ContractLoader.load(yaml: yaml, file: "many.yaml")
        #expect(result.contract == nil)
        #expect(result.diagnostics.count == ContractLoader.maxDiagnostics + 1)
        #expect(result.diagnostics.first?.message == "unknown type 'strng' for field 'field0'")
        #expect(result.diagnostics.first?.location == SourceLocation(file: "many.yaml", line: 7, column: 19))
        #expect(result.diagnostics.last?.message.hasPrefix("too many problems") == true)
        // The summary counts every error, shown or not, collected or not.
        #expect(result.counts.errors == 100_000)
        #expect(DiagnosticFormatter.summary(result.counts) == "100000 errors, 0 warnings")
    }

    /// Warnings past the display limit are counted too, and do not make the contract invalid.
    @Test func summaryCountsEveryWarning() {
        var yaml = Self.envelope + "kinds:\n  k: {}\nevents:\n  e: { kind: k }\nvalueSets:\n"
        for index in 0..<600 { yaml += "  Set\(index): [a]\n" }  // never used: a warning each
        let result = ContractLoader.load(yaml: yaml, file: "unused.yaml")
        #expect(result.contract != nil)
        #expect(result.diagnostics.count == ContractLoader.maxDiagnostics + 1)
        #expect(result.counts == { var c = DiagnosticCounts(); c.warnings = 600; return c }())
        #expect(DiagnosticFormatter.summary(result.counts) == "0 errors, 600 warnings")
        #expect(DiagnosticFormatter.json(result.diagnostics, counts: result.counts).hasSuffix(#""errors":0,"warnings":600,"notes":0}"#))
    }

    @Test func multiMegabyteScalar() {
        let yaml = Self.envelope + "description: " + String(repeating: "x", count: 8 * 1024 * 1024) + "\nevents: [\n"
        let result = ContractLoader.load(yaml: yaml, file: "long.yaml")
        #expect(result.hasErrors)
        #expect(result.diagnostics.first?.message.hasPrefix("YAML syntax error") == true)
    }

    @Test func invalidUTF8DeepInALargeFileIsLocated() {
        var bytes = Array(Self.envelope.utf8)
        for index in 0..<20_000 { bytes += Array("# comment line \(index)\n".utf8) }
        bytes += Array("description: ok ".utf8) + [0xC3, 0x28] + Array(" and more\n".utf8)
        let result = ContractLoader.load(bytes: bytes, file: "bad.yaml")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.location == SourceLocation(file: "bad.yaml", line: 20_006, column: 17))
        #expect(result.diagnostics.first?.message.hasPrefix("invalid UTF-8: byte 0xC3") == true)
    }

    @Test(arguments: [[0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xE2, 0x82], [0xFF]] as [[UInt8]])
    func illFormedSequencesAreRejected(sequence: [UInt8]) {
        let bytes = Array("contract: A".utf8) + sequence + Array("\n".utf8)
        let result = ContractLoader.load(bytes: bytes, file: "x.yaml")
        #expect(result.diagnostics.first?.location == SourceLocation(file: "x.yaml", line: 1, column: 12))
        #expect(result.diagnostics.first?.message.hasPrefix("invalid UTF-8") == true)
    }

    @Test func controlCharactersAreASyntaxError() {
        let result = ContractLoader.load(bytes: Array("contract: A\u{01}\n".utf8), file: "ctl.yaml")
        #expect(result.hasErrors)
        #expect(result.diagnostics.first?.message.contains("control characters") == true)
    }

    @Test func manyDocumentsStopAtTheSecond() {
        let yaml = String(repeating: "---\na: 1\n", count: 50_000)
        let result = ContractLoader.load(yaml: yaml, file: "docs.yaml")
        #expect(result.diagnostics.map(\.message) == ["the file holds more than one YAML document"])
        #expect(result.diagnostics.first?.location.line == 3)
    }
}
