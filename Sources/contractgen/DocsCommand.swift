import ArgumentParser
import ContractGenCore
import Foundation

/// `contractgen docs [PATH] --output DIR [--since REV:PATH]`: a static HTML
/// catalogue of the contract. All logic lives in `ContractGenCore/Catalogue`.
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Write a static HTML catalogue of a contract (DIR/index.html), readable offline.",
        discussion: """
            For product managers, analysts and QA: every event with its kind, fields (the \
            inherited ones included), constraints, pii, deprecation and an example payload; \
            the value sets, objects and curated fields with the events that use them; a search \
            box and a link to each event. No external assets: open DIR/index.html from disk. \
            With --since, a changelog of the classified changes (as 'contractgen diff'). \
            With --source and --collector or --arrivals, each event shows where it is called, \
            what arrived and its violations, as 'contractgen status' (docs/status.md).

            Exit status: 0 written; 1 an invalid contract; 2 usage or I/O error.

            Examples:
              contractgen docs --output catalogue
              contractgen docs contract/contract.yaml --output catalogue --since origin/main:contract/contract.yaml
            """
    )

    @Argument(help: "The contract (default: the project file's, else contract/contract.yaml).")
    var path: String?

    @OptionGroup var project: ProjectOptions

    @Option(name: .shortAndLong, help: "The directory to write index.html into.")
    var output: String

    @Option(help: ArgumentHelp("Add a changelog of the changes since this version (a path or REV:PATH).", valueName: "REV:PATH"))
    var since: String?

    @OptionGroup(title: "Status (as 'contractgen status'; shown when --source, --collector or --arrivals is given)")
    var statusInputs: StatusInputOptions

    @Option(help: ArgumentHelp("With --collector or --arrivals: count only arrivals from this date or time on.", valueName: "TIME"))
    var arrivalsSince: String?

    func run() throws {
        // The project file only when something is taken from it, as before status existed.
        let projectFile = self.path == nil || statusInputs.given || arrivalsSince != nil ? try project.load() : nil
        let path = self.path ?? projectFile?.contract ?? GenerationPlan.defaultContract
        let (current, previous) = try ContractReading.read { () throws -> (ContractSource, ContractSource?) in
            (try ContractSource.read(path), try since.map(ContractSource.read))
        }
        var contracts: [Contract] = []
        for source in [current] + (previous.map { [$0] } ?? []) {
            let result = ContractLoader.load(bytes: source.bytes, file: source.name)
            guard let contract = result.contract else {
                FileHandle.standardError.write(Data(DiagnosticFormatter.text(result.diagnostics, source: String(decoding: source.bytes, as: UTF8.self), counts: result.counts).utf8))
                print("\(source.name): invalid (\(DiagnosticFormatter.summary(result.counts))); nothing written")
                throw ExitCode(1)
            }
            contracts.append(contract)
        }
        let changes = previous.map { ContractDiffReport(old: contracts[1], new: contracts[0], oldFile: $0.name, newFile: current.name) }
        var status: StatusReport?
        if statusInputs.given || arrivalsSince != nil {
            let sources = try statusInputs.sources(project: projectFile, since: arrivalsSince)
            do {
                status = StatusReport(
                    contract: contracts[0], contractFile: path, scan: try sources.scan(of: contracts[0]), arrivals: try sources.arrivals())
            } catch {
                throw StatusInputOptions.usage(error.description)
            }
        }
        let files = CatalogueRenderer(contract: contracts[0], changes: changes, status: status).files()
        do {
            let report = try GeneratedFileWriter().write(files, to: URL(fileURLWithPath: output), mode: .write)
            print("\(output)/\(CatalogueRenderer.fileName): \(report.written.isEmpty ? "unchanged" : "written")")
        } catch {
            FileHandle.standardError.write(Data("error: cannot write to \(output): \(OutputErrorText.describe(error, output: output))\n".utf8))
            throw ExitCode(2)
        }
    }
}
