import ContractGenCore
import Foundation
import Testing

/// The corpus of malformed contracts in `Fixtures/invalid`: each `<name>.yaml`
/// has its expected diagnostics, exactly as `contractgen validate` prints them,
/// in `<name>.expected`. Re-record with `RECORD_GOLDENS=1 swift test`.
@Suite struct DiagnosticGoldenTests {
    static let directory = Fixtures.directory.appendingPathComponent("invalid")

    static func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The text `contractgen validate` prints for a fixture (diagnostics, then the summary).
    static func report(for name: String) throws -> (text: String, result: ContractLoadResult) {
        let bytes = try ContractLoader.readFile(directory.appendingPathComponent("\(name).yaml").path)
        let result = ContractLoader.load(bytes: bytes, file: "invalid/\(name).yaml")
        let text = DiagnosticFormatter.text(result.diagnostics, source: String(decoding: bytes, as: UTF8.self))
            + DiagnosticFormatter.summary(result.counts) + "\n"
        return (text, result)
    }

    @Test func corpusHasAtLeastFortyContracts() {
        #expect(Self.names().count >= 40)
    }

    @Test(arguments: names())
    func matchesGolden(name: String) throws {
        let (text, result) = try Self.report(for: name)
        #expect(!result.diagnostics.isEmpty, "a malformed contract must produce diagnostics")
        #expect((result.contract == nil) == result.hasErrors)
        let golden = Self.directory.appendingPathComponent("\(name).expected")
        if Fixtures.recording {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "diagnostics of \(name).yaml differ from \(name).expected; re-record with RECORD_GOLDENS=1 swift test")
    }
}
