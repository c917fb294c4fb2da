import Foundation
import TestSupport
import Testing

/// `--help` of every subcommand reads as prose: argument-parser wraps each
/// paragraph to the terminal, so the help texts carry no line break inside a
/// paragraph (one would end a line early wherever the terminal wraps first).
@Suite
struct HelpTextTests {
    static let subcommands = ["validate", "generate", "diff", "schema", "docs", "status"]

    /// The overview (abstract and discussion) of `contractgen <subcommand> --help` at `columns`.
    func overview(_ subcommand: String, columns: Int) async throws -> [String] {
        let run = try await ChildProcess.run(
            ["COLUMNS=\(columns)", try ContractGenExecutable.location().path, subcommand, "--help"], in: Fixtures.packageRoot)
        #expect(run.status == 0)
        let text = run.stdout
        let start = try #require(text.range(of: "OVERVIEW:"))
        let end = try #require(text.range(of: "\nUSAGE:"))
        return text[start.lowerBound..<end.lowerBound].components(separatedBy: "\n")
    }

    @Test(arguments: subcommands, [80, 120])
    func paragraphsWrapOnlyWhereTheTerminalEnds(subcommand: String, columns: Int) async throws {
        let lines = try await overview(subcommand, columns: columns)
        var inExamples = false
        for (line, next) in zip(lines, lines.dropFirst()) {
            if line.hasSuffix("Examples:") { inExamples = true }
            if line.isEmpty { inExamples = false }
            // argument-parser keeps prose under the terminal's width (the last column stays free).
            #expect(inExamples || line.count < columns, "\(subcommand): '\(line)' is \(columns) columns or wider")
            // Example lines stand on their own; a prose line is followed by its paragraph's next one.
            guard !inExamples, !line.isEmpty, !next.isEmpty else { continue }
            let firstWord = next.drop(while: { $0 == " " }).prefix(while: { $0 != " " })
            #expect(
                line.count + 1 + firstWord.count >= columns,
                "\(subcommand) at \(columns) columns: the line '\(line)' ends before '\(firstWord)' would have filled it")
        }
    }

    @Test func schemaHelpKeepsItsSentenceTogether() async throws {
        let text = try await overview("schema", columns: 200).joined(separator: "\n")
        #expect(text.contains("DIR/contract.schema.json (all events, chosen by their 'event' member,"))
    }
}
