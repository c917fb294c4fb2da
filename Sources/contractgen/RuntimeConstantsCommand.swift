import ArgumentParser
import ContractGenCore
import Foundation

/// `contractgen runtime-constants [--check]`: writes (or checks) the runtimes'
/// generated constants files from the shared table
/// (`ContractGenCore/Model/SharedConstantTable.swift`). For this repository's
/// developers, hence hidden.
struct RuntimeConstantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "runtime-constants",
        abstract: "Write the runtimes' constants files from the shared table (contractgen's own repository).",
        discussion: """
            Exit status: 0 written (or, with --check, up to date); 1 with --check, files that differ; 2 I/O error.
            """,
        shouldDisplay: false
    )

    @Option(help: "The contractgen checkout to write into.")
    var root: String = "."

    @Flag(help: "Write nothing; list the files that differ and exit 1 when any does.")
    var check = false

    func run() throws {
        let root = URL(fileURLWithPath: root)
        var stale: [String] = []
        for file in SharedConstantFiles.all {
            let url = root.appendingPathComponent(file.path)
            let current = FileManager.default.contents(atPath: url.path)
            if current == Data(file.text.utf8) { continue }
            stale.append(file.path)
            if !check {
                do {
                    try Data(file.text.utf8).write(to: url, options: .atomic)
                } catch {
                    FileHandle.standardError.write(Data("error: cannot write \(file.path): \(error.localizedDescription)\n".utf8))
                    throw ExitCode(2)
                }
            }
        }
        if check {
            guard stale.isEmpty else {
                for path in stale { print("\(path): not what the shared table renders") }
                print("run `swift run contractgen runtime-constants` to rewrite them")
                throw ExitCode(1)
            }
            print("the runtimes' constants files are current")
        } else {
            print(stale.isEmpty ? "the runtimes' constants files are current" : "wrote \(stale.joined(separator: ", "))")
        }
    }
}
