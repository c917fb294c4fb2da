import ArgumentParser
import ContractGenCore
import Foundation

/// `contractgen status`: the contract joined with the apps' code and what a
/// collector received. All logic lives in `ContractGenCore/Status`.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Join the contract, the apps' calls and a collector's arrivals; report what is unused, unsent or unknown.",
        discussion: """
            Per event: where the code calls it (Swift, TypeScript, Kotlin), how many arrived at \
            the collector, when last, with which versions and violations. Findings: \
            not-called (defined, called nowhere), not-arrived (called, never arrived), \
            unknown-event (arrived, not in the contract), deprecated (still called or arriving), \
            violations (arrived with violations). Settings default to the project file's \
            'status:' section (docs/status.md).

            Exit status: 0 done; 1 a finding --fail-on names was found; 2 usage or input error \
            (an invalid contract, an unreadable source root or arrivals, a collector that does not answer).

            Examples:
              contractgen status --source ios --source web/src --source android/app/src
              contractgen status --source . --collector http://127.0.0.1:8080 --fail-on not-arrived,unknown-event
              contractgen status --source . --arrivals arrivals.json --format github --fail-on all
            """
    )

    @Argument(help: "The contract (default: the project file's, else contract/contract.yaml).")
    var path: String?

    @OptionGroup var project: ProjectOptions
    @OptionGroup var inputs: StatusInputOptions

    @Option(help: ArgumentHelp("Count only arrivals from this date or time on (2026-12-01, 2026-12-01T00:00:00Z).", valueName: "TIME"))
    var since: String?

    @Option(help: "table (for people), json, junit (one test case per event) or github (workflow annotations).")
    var format: Format = .table

    @Option(help: ArgumentHelp("Findings that fail the run (exit 1): a comma list of not-called, not-arrived, unknown-event, deprecated, violations, or all.", valueName: "KINDS"))
    var failOn: String?

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, junit, github
    }

    func run() throws {
        let projectFile = try project.load()
        let path = self.path ?? projectFile?.contract ?? GenerationPlan.defaultContract
        let failOnText = failOn ?? projectFile?.status.map { $0.failOn.joined(separator: ",") } ?? ""
        let failOn: Set<StatusReport.FindingKind>
        switch StatusReport.FindingKind.parseList(failOnText) {
        case .success(let kinds): failOn = kinds
        case .failure(let error): throw StatusInputOptions.usage(error.description)
        }
        let contract = try StatusInputOptions.contract(path)
        let sources = try inputs.sources(project: projectFile, since: since)
        let report: StatusReport
        do {
            let scan = try sources.scan(of: contract)
            let arrivals = try sources.arrivals()
            report = StatusReport(contract: contract, contractFile: path, scan: scan, arrivals: arrivals)
        } catch {
            throw StatusInputOptions.usage(error.description)
        }
        print(StatusFormat(rawValue: format.rawValue)!.render(report, failOn: failOn), terminator: "")
        if !report.failing(failOn).isEmpty { throw ExitCode(1) }
    }
}

/// The inputs `status` and `docs` share: source roots, excludes, the
/// collector or a saved arrivals report and the read token (the window is
/// `status --since`, `docs --arrivals-since`: `docs --since` is the changelog's).
struct StatusInputOptions: ParsableArguments {
    @Option(name: .customLong("source"), help: ArgumentHelp("A source root to scan for calls (repeatable; default: the project file's status.sources).", valueName: "DIR"))
    var sources: [String] = []

    @Option(name: .customLong("exclude"), help: ArgumentHelp("A glob of paths not to scan (repeatable), besides generated files, .build, node_modules, build, .git.", valueName: "GLOB"))
    var excludes: [String] = []

    @Option(help: ArgumentHelp("A collector's base URL (http://HOST:PORT): its GET /arrivals is read.", valueName: "URL"))
    var collector: String?

    @Option(help: ArgumentHelp("A saved copy of a collector's GET /arrivals (for CI without network).", valueName: "FILE"))
    var arrivals: String?

    @Option(help: ArgumentHelp("A file holding the collector's read token (default: $TRACKING_COLLECTOR_TOKEN).", valueName: "FILE"))
    var readTokenFile: String?

    /// The flags over the project file's `status:` section, checked.
    /// Whether any of --source, --collector, --arrivals was given (`docs` shows status only then).
    var given: Bool { !sources.isEmpty || collector != nil || arrivals != nil }

    func sources(project: ProjectFile?, since: String?) throws -> StatusSources {
        do {
            let token = try StatusSources.readToken(file: readTokenFile, environment: ProcessInfo.processInfo.environment)
            let flags = StatusSources(sources: sources, exclude: excludes, collector: collector, arrivalsFile: arrivals, since: since, readToken: token)
            let resolved = StatusSources.resolve(flags: flags, project: project?.status)
            try resolved.check()
            return resolved
        } catch {
            throw Self.usage(error.description)
        }
    }

    /// The contract at `path`, valid; an unreadable or invalid one ends the command with exit status 2.
    static func contract(_ path: String) throws -> Contract {
        let bytes = try ContractReading.read { try ContractLoader.readFile(path) }
        let result = ContractLoader.load(bytes: bytes, file: path)
        guard let contract = result.contract else {
            FileHandle.standardError.write(Data(DiagnosticFormatter.text(result.diagnostics, source: String(decoding: bytes, as: UTF8.self), counts: result.counts).utf8))
            FileHandle.standardError.write(Data("\(path): invalid (\(DiagnosticFormatter.summary(result.counts)))\n".utf8))
            throw ExitCode(ValidationOutcome.usageOrIOError.rawValue)
        }
        return contract
    }

    /// `error: message` on standard error; the exit status of a usage or input error.
    static func usage(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        return ExitCode(ValidationOutcome.usageOrIOError.rawValue)
    }
}
