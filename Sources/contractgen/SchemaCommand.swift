import ArgumentParser
import ContractGenCore
import Foundation

/// `contractgen schema [PATH] --output DIR`: JSON Schema (2020-12) per event
/// and a bundle. All logic lives in `ContractGenCore/Schema`.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Write JSON Schema (draft 2020-12) for every event of a contract, and a bundle.",
        discussion: """
            Writes DIR/<event>.schema.json per event and DIR/contract.schema.json (all events, \
            chosen by their 'event' member, plus $defs/envelope: what a collector needs to store \
            an event at all). Only files whose bytes changed are written. What the schemas \
            express, and how unknown fields map, is in docs/json-schema.md.

            Exit status: 0 written (or, with --check, up to date); 1 contract errors (or, with \
            --check, files that differ); 2 usage or I/O error.

            Examples:
              contractgen schema --output schemas
              contractgen schema other.yaml --output build/schemas --check
            """
    )

    @Argument(help: "The contract (default: the project file's, else contract/contract.yaml).")
    var path: String?

    @OptionGroup var project: ProjectOptions

    @Option(name: .shortAndLong, help: "The directory to write the schemas into.")
    var output: String

    @Flag(help: "Write nothing; list the files that differ and exit 1 when any does.")
    var check = false

    func run() throws {
        let path = try project.contract(self.path)
        let bytes = try ContractReading.read { try ContractLoader.readFile(path) }
        let result = ContractLoader.load(bytes: bytes, file: path)
        guard let contract = result.contract else {
            FileHandle.standardError.write(Data(DiagnosticFormatter.text(result.diagnostics, source: String(decoding: bytes, as: UTF8.self), counts: result.counts).utf8))
            print("\(path): invalid (\(DiagnosticFormatter.summary(result.counts))); nothing written")
            throw ExitCode(1)
        }
        let report: GeneratedFileWriter.Report
        do {
            let files = try JSONSchemaGenerator.files(for: contract)
            report = try GeneratedFileWriter().write(files, to: URL(fileURLWithPath: output), mode: check ? .check : .write)
        } catch let error as SchemaError {
            FileHandle.standardError.write(Data("\(path): error: \(error)\n".utf8))
            throw ExitCode(1)
        } catch {
            FileHandle.standardError.write(Data("error: cannot write to \(output): \(OutputErrorText.describe(error, output: output))\n".utf8))
            throw ExitCode(2)
        }
        if check {
            for name in report.written { print("differs: \(output)/\(name)") }
            if report.hasDifferences { throw ExitCode(1) }
            print("\(output): up to date (\(report.unchanged.count) files)")
        } else {
            print("\(output): \(report.written.count) written, \(report.unchanged.count) unchanged")
        }
    }
}
