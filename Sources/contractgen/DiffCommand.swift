import ArgumentParser
import ContractGenCore
import Foundation

/// `contractgen diff OLD NEW`: classifies every change between two versions
/// of a contract and checks the version bump. All logic lives in
/// `ContractGenCore/Diff`; this only parses arguments and prints.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Classify the changes between two versions of a contract and check its version.",
        discussion: """
            OLD and NEW are paths, or git revisions written REV:PATH (read with 'git show'). \
            With --against REV, OLD is the file NEW (default contract/contract.yaml) at REV. \
            Every change is located in both versions and classified by severity (breaking: \
            the wire or stored data; source-breaking: apps' code stops compiling, nothing \
            else; additive; cosmetic) and by whom it affects (source, wire, data); the rules \
            are in docs/contract-evolution.md. Breaking changes ask a major version bump, \
            source-breaking and additive ones a minor, cosmetic ones a patch.

            The CI gate is --check-version: exit 1 when the new version is not bumped \
            enough for the changes (without it, 'not enough' is reported and exit is 0: \
            the output says "not enforced"). Add --fail-on SEVERITY to also fail on any \
            change at least that severe, whatever the version. The output's last line \
            says what the gate decided. With --format github, breaking changes are \
            errors, source-breaking ones warnings, additive and cosmetic ones notices.

            Exit status: 0 done; 1 when either contract is invalid, or when the gate fails \
            (--check-version: the new version is not enough; --fail-on: a change that \
            severe); 2 usage or I/O error (including a revision git cannot show).

            Examples:
              contractgen diff old.yaml contract/contract.yaml
              contractgen diff --against origin/main --check-version
              contractgen diff origin/main:contract/contract.yaml contract/contract.yaml --format json
              contractgen diff --against origin/main --format github --fail-on breaking
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, github
    }

    @Argument(help: "OLD NEW, or with --against only NEW (default: the project file's contract, else contract/contract.yaml).")
    var contracts: [String] = []

    @Option(help: ArgumentHelp("Compare with the same file at this git revision.", valueName: "REV"))
    var against: String?

    @Option(help: "How to print: text for people, json for tools, github for Actions annotations.")
    var format: Format = .text

    @OptionGroup var project: ProjectOptions

    @Flag(help: "Exit 1 when the new contract's version is not bumped enough for its changes (the CI gate).")
    var checkVersion = false

    @Option(help: ArgumentHelp("Exit 1 when a change is at least this severe.", valueName: "breaking|source-breaking|additive|cosmetic"))
    var failOn: ChangeSeverityArgument?

    func validate() throws {
        if against != nil {
            guard contracts.count <= 1 else { throw ValidationError("with --against, give at most one contract (NEW)") }
        } else {
            guard contracts.count == 2 else { throw ValidationError("give two contracts, OLD and NEW (or --against REV)") }
        }
    }

    func run() throws {
        let (old, new) = try ContractReading.read { () throws -> (old: ContractSource, new: ContractSource) in
            if let against {
                let path = try project.contract(contracts.first)
                let new = try ContractSource.read(path)
                return (try ContractSource.read(path: path, atRevision: against), new)
            }
            return (try ContractSource.read(contracts[0]), try ContractSource.read(contracts[1]))
        }
        let oldResult = ContractLoader.load(bytes: old.bytes, file: old.name)
        let newResult = ContractLoader.load(bytes: new.bytes, file: new.name)
        guard let oldContract = oldResult.contract, let newContract = newResult.contract else {
            for (source, result) in [(old, oldResult), (new, newResult)] where result.hasErrors {
                let text = String(decoding: source.bytes, as: UTF8.self)
                FileHandle.standardError.write(Data(DiagnosticFormatter.text(result.diagnostics, source: text, counts: result.counts).utf8))
                print("\(source.name): invalid (\(DiagnosticFormatter.summary(result.counts)))")
            }
            throw ExitCode(1)
        }
        let report = ContractDiffReport(old: oldContract, new: newContract, oldFile: old.name, newFile: new.name)
        let gate = DiffGate(checkVersion: checkVersion, failOn: failOn?.severity)
        switch format {
        case .text: print(DiffFormatter.text(report, gate: gate), terminator: "")
        case .json: print(DiffFormatter.json(report, gate: gate))
        case .github: print(DiffFormatter.github(report, file: new.path, gate: gate), terminator: "")
        }
        if report.gateFails(gate) { throw ExitCode(1) }
    }
}

/// `--fail-on breaking|additive|cosmetic`.
struct ChangeSeverityArgument: ExpressibleByArgument {
    var severity: ChangeSeverity

    init?(argument: String) {
        guard let severity = ChangeSeverity(rawValue: argument) else { return nil }
        self.severity = severity
    }

    static var allValueStrings: [String] { ChangeSeverity.allCases.map(\.rawValue) }
}
