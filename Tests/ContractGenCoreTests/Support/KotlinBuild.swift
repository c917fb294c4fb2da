import ContractGenCore
import Foundation
import TestSupport
import Testing

/// Compiles Kotlin for the tests: the runtime (`Runtimes/Kotlin`) with one
/// set of generated sources and hand-written files, to a jar that carries the
/// Kotlin standard library, with warnings as errors. kotlinc 1.3 takes tens
/// of seconds per compile, so each set is compiled once and shared: the jar
/// is kept in `.build/kotlin-tests/`, named by a hash of every source, and a
/// test run whose sources did not change reuses it.
///
/// Missing tools fail the test (scripts/install-test-deps.sh installs them).
actor KotlinBuild {
    static let shared = KotlinBuild()

    /// A jar being built or built, by the hash of its sources.
    private var jars: [String: Task<URL, any Error>] = [:]

    /// `Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime`.
    static let runtimeDirectory = Fixtures.packageRoot.appendingPathComponent("Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime")

    /// The runtime's sources, sorted.
    static func runtimeSources() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: runtimeDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "kt" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The jar of the runtime, `generated` (file name -> text, written to a directory of their own as `generate` would) and `files`.
    func jar(named name: String, generated: [(name: String, text: String)], files: [URL] = []) async throws -> URL {
        let runtime = try Self.runtimeSources()
        var hash = FNV()
        for url in runtime + files {
            hash.add(url.lastPathComponent)
            hash.add(try String(contentsOf: url, encoding: .utf8))
        }
        for file in generated {
            hash.add(file.name)
            hash.add(file.text)
        }
        let key = "\(name)-\(hash.hex)"
        if let existing = jars[key] { return try await existing.value }
        let task = Task { try await Self.compile(key: key, runtime: runtime, generated: generated, files: files) }
        jars[key] = task
        return try await task.value
    }

    private static func compile(key: String, runtime: [URL], generated: [(name: String, text: String)], files: [URL]) async throws -> URL {
        let directory = Fixtures.packageRoot.appendingPathComponent(".build/kotlin-tests")
        let jar = directory.appendingPathComponent("\(key).jar")
        if FileManager.default.fileExists(atPath: jar.path) { return jar }
        let sources = directory.appendingPathComponent(key)
        try? FileManager.default.removeItem(at: sources)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var paths = (runtime + files).map(\.path)
        for file in generated {
            let url = sources.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: url)
            paths.append(url.path)
        }
        let partial = directory.appendingPathComponent("\(key).partial.jar")
        let run = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["kotlinc", "-Werror", "-include-runtime", "-d", partial.path] + paths, in: directory)
        let output = run.output.split(separator: "\n").filter { !$0.contains("-Xverify:none and -noverify were deprecated") }
        guard run.status == 0, output.isEmpty else {
            throw KotlinBuildFailure(output: "kotlinc exited \(run.status) (is kotlin installed? scripts/install-test-deps.sh):\n" + output.joined(separator: "\n"))
        }
        try FileManager.default.moveItem(at: partial, to: jar)
        return jar
    }

    /// `java -cp <jar> <mainClass> <arguments>`.
    static func java(_ jar: URL, _ mainClass: String, _ arguments: [String] = []) async throws -> ChildProcess.Run {
        try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["java", "-cp", jar.path, mainClass] + arguments, in: Fixtures.packageRoot)
    }

    /// kotlinc's verdict on `sources` against a compiled `jar` (negative fixtures): its status and messages.
    static func compileAgainst(_ jar: URL, sources: [(name: String, text: String)]) async throws -> ChildProcess.Run {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in sources {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.text.utf8).write(to: url)
            paths.append(url.path)
        }
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["kotlinc", "-Werror", "-cp", jar.path, "-d", directory.appendingPathComponent("out").path] + paths,
            in: directory)
    }

    /// Compiles `source` against a compiled `jar` and runs its `mainClass`: a small
    /// program over an existing jar, without compiling the jar's sources again.
    static func run(_ source: URL, against jar: URL, mainClass: String) async throws -> ChildProcess.Run {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let compile = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["kotlinc", "-Werror", "-cp", jar.path, "-d", out, source.path], in: directory)
        guard compile.status == 0 else { return compile }
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["java", "-cp", "\(jar.path):\(out)", mainClass], in: directory)
    }

    /// The Kotlin files `generate --target kotlin` writes for `contract`.
    static func generatedSources(_ contract: Contract, packageName: String? = nil) -> [(name: String, text: String)] {
        let generator = KotlinTarget(packageName: packageName).generator
        let renderer = generator.renderer(for: ContractGenerator.lower(contract))
        return generator.fileNames.map { name in
            let file = renderer.render(file: name, reusing: [])
            return (name, file.contents)
        }
    }
}

struct KotlinBuildFailure: Error, CustomStringConvertible {
    let output: String
    var description: String { output }
}

/// FNV-1a, 64 bits: names a jar by its sources.
struct FNV {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        value ^= 0xff
        value = value &* 0x100_0000_01b3
    }

    var hex: String { String(value, radix: 16) }
}
