import ArgumentParser
import ContractGenCore
import Foundation

/// `contractgen validate [PATH]`: checks a contract and reports every problem.
/// Exit status: 0 valid (warnings allowed), 1 invalid, 2 usage or I/O error.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a contract and report every problem.",
        discussion: """
            Reports every problem in one run, each as path:line:column: severity: message, \
            with the source line, a caret under the column, and a hint where one helps.

            At most 20 diagnostics are shown (--max-diagnostics), then the count of the rest; a long source \
            line is shown as a window around the caret.

            Exit status: 0 when the contract is valid (warnings allowed), 1 when it has \
            errors (or warnings, with --strict), 2 for a usage or I/O error.

            Examples:
              contractgen validate
              contractgen validate contract/contract.yaml --strict
              contractgen validate other.yaml --format json | jq '.diagnostics[] | .message'
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The contract to check (default: the project file's, else contract/contract.yaml).")
    var path: String?

    @OptionGroup var project: ProjectOptions

    @Option(help: "How to print diagnostics: text for people, json for editors and CI.")
    var format: Format = .text

    @Flag(help: "Treat warnings as errors: exit 1 when there are any.")
    var strict = false

    @Option(help: ArgumentHelp("Show at most this many diagnostics as text (0: all of them).", valueName: "N"))
    var maxDiagnostics: Int = DiagnosticFormatter.defaultLimit

    func validate() throws {
        guard maxDiagnostics >= 0 else { throw ValidationError("--max-diagnostics must be 0 (all) or more") }
    }

    func run() throws {
        let path = try project.contract(self.path)
        let bytes = try ContractReading.read { try ContractLoader.readFile(path) }
        let result = ContractLoader.load(bytes: bytes, file: path)
        let outcome = ValidationOutcome(result, strict: strict)
        switch format {
        case .text:
            // Only with something to say: indexing the lines of a large contract costs milliseconds.
            if !result.diagnostics.isEmpty {
                let source = String(decoding: bytes, as: UTF8.self)
                FileHandle.standardError.write(Data(DiagnosticFormatter.text(result.diagnostics, source: source, limit: maxDiagnostics == 0 ? nil : maxDiagnostics, counts: result.counts).utf8))
            }
            let verdict = outcome == .valid ? "valid" : "invalid"
            print("\(path): \(verdict) (\(DiagnosticFormatter.summary(result.counts)))")
        case .json:
            print(DiagnosticFormatter.json(result.diagnostics, counts: result.counts))
        }
        if outcome != .valid { throw ExitCode(outcome.rawValue) }
    }
}
