import ArgumentParser
import ContractGenCore
import Foundation

/// `--project PATH`, shared by the commands that read a contract: the project file
/// (docs/project-file.md). Without it, `contractgen.yaml` in the current directory is used when present.
struct ProjectOptions: ParsableArguments {
    @Option(name: .customLong("project"), help: ArgumentHelp(
        "The project file (default: ./\(ProjectFile.fileName) when present).", valueName: "PATH"))
    var path: String?

    /// The project file, or `nil` when there is none; a project file that cannot be read or is
    /// invalid ends the command (its diagnostics on standard error, exit status 2).
    func load() throws -> ProjectFile? {
        guard let path = ProjectFile.locate(explicitPath: path) else { return nil }
        let result: ProjectFile.LoadResult
        do {
            result = try ProjectFile.load(path: path)
        } catch {
            FileHandle.standardError.write(Data("error: cannot read project file \(error)\n".utf8))
            throw ExitCode(ValidationOutcome.usageOrIOError.rawValue)
        }
        guard let project = result.project else {
            FileHandle.standardError.write(Data(DiagnosticFormatter.text(result.diagnostics, source: result.source).utf8))
            FileHandle.standardError.write(Data("\(path): invalid project file (\(DiagnosticFormatter.summary(result.diagnostics)))\n".utf8))
            throw ExitCode(ValidationOutcome.usageOrIOError.rawValue)
        }
        return project
    }

    /// The contract a command reads: `given`, else the project file's, else contract/contract.yaml.
    func contract(_ given: String?) throws -> String {
        if let given { return given }
        return try load()?.contract ?? GenerationPlan.defaultContract
    }
}
