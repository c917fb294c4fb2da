import ContractGenCore
import Foundation
import Testing
import TestSupport

/// TypeScript code compiled with Debian's `tsc` (node-typescript) and run
/// with `node` (nodejs) against the runtime in `Runtimes/TypeScript`. A test
/// that needs them fails when they are missing (`scripts/install-test-deps.sh`
/// installs them), never passes.
enum TypeScriptProject {
    static let runtimeSource = Fixtures.packageRoot.appendingPathComponent("Runtimes/TypeScript")

    /// Strict, ES modules, no DOM and no Node types: generated code must need neither
    /// (the file scripts/typescript-project.sh uses too).
    static func tsconfig() throws -> String {
        try String(contentsOf: runtimeSource.appendingPathComponent("app.tsconfig.json"), encoding: .utf8)
    }

    /// `tsc` or `node` on PATH; records an issue (the test fails) when missing.
    static func tool(_ name: String) throws -> URL {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(path, "\(name) is not installed (scripts/install-test-deps.sh installs node-typescript and nodejs)")
    }

    /// A directory whose `node_modules/@contractgen/runtime` is the runtime, compiled once per test run.
    static let root: Task<URL, any Error> = Task {
        // Under .build, replaced by each run, so that runs leave nothing behind in the temporary directory.
        let root = Fixtures.packageRoot.appendingPathComponent(".build/typescript-tests")
        try? FileManager.default.removeItem(at: root)
        let runtime = root.appendingPathComponent("node_modules/@contractgen/runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        for item in ["package.json", "tsconfig.json", "src"] {
            try FileManager.default.copyItem(at: runtimeSource.appendingPathComponent(item), to: runtime.appendingPathComponent(item))
        }
        let run = try await ChildProcess.run(try tool("tsc"), ["-p", "."], in: runtime)
        guard run.status == 0 else { throw Failure(message: "the runtime does not compile:\n\(run.output)") }
        return root
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// A new project beside the runtime holding `files` (path -> text) and the strict tsconfig.
    static func make(_ files: [String: String]) async throws -> URL {
        let directory = try await root.value.appendingPathComponent("app-\(UUID().uuidString)")
        var all = files
        all["tsconfig.json"] = try tsconfig()
        all["package.json"] = #"{"type": "module"}"#
        for (path, text) in all {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    /// `contract`'s generated files with content (what `generate` writes) under `folder/`.
    static func generated(_ contract: Contract, in folder: String) -> [String: String] {
        let generator = TypeScriptTarget().generator
        let renderer = generator.renderer(for: ContractGenerator.lower(contract))
        var files: [String: String] = [:]
        for name in generator.fileNames where !renderer.isEmpty(file: name) {
            files[folder + "/" + name] = renderer.render(file: name, reusing: []).contents
        }
        return files
    }

    /// `tsc -p` in `project`.
    static func compile(_ project: URL) async throws -> ChildProcess.Run {
        try await ChildProcess.run(try tool("tsc"), ["-p", "."], in: project)
    }

    /// `node script arguments` in `project`.
    static func node(_ script: String, _ arguments: [String] = [], in project: URL) async throws -> ChildProcess.Run {
        try await ChildProcess.run(try tool("node"), [script] + arguments, in: project)
    }
}
