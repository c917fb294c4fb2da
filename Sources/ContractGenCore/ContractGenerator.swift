import Foundation

/// The one entry point of generation, used by the `contractgen` executable and
/// the build plugins: parse -> validate -> lower (once, ``lower(_:)``) -> the target's
/// translate and render (``TargetGenerator/renderer(for:)``) -> write. Each stage hands
/// the next one typed value: a ``Contract``, a ``LoweredContract``, the target's files.
public enum ContractGenerator {
    /// What a `generate` run found and did.
    public struct Outcome: Sendable {
        /// Every diagnostic of the contract (warnings too), sorted by location.
        public var diagnostics: [Diagnostic]
        /// Every finding by severity, shown or not (for the summary).
        public var counts: DiagnosticCounts
        /// The contract's text, for quoting lines in diagnostics.
        public var source: String
        /// What was written (or, in check mode, differs); `nil` when the
        /// contract has errors and nothing was written.
        public var report: GeneratedFileWriter.Report?

        /// Whether the contract has errors (then nothing was written).
        public var hasErrors: Bool { counts.errors > 0 }
    }

    /// Loads and validates the contract at `contractPath`; when it is valid,
    /// renders it and writes (or, with `.check`, compares) the files of `files` in `outputDirectory`.
    /// - Throws: ``ContractFileError`` when the contract cannot be read, or the
    ///   file system's error when the output cannot be written.
    public static func generate(
        contractPath: String, outputDirectory: String, mode: GeneratedFileWriter.Mode = .write,
        files: FileSelection = .withContent
    ) throws -> Outcome {
        try generate(contractPath: contractPath, outputDirectory: outputDirectory, mode: mode, files: files, generator: defaultGenerator)
    }

    /// ``generate(contractPath:outputDirectory:mode:files:)`` for one target's generator (`generate --target`).
    package static func generate(
        contractPath: String, outputDirectory: String, mode: GeneratedFileWriter.Mode = .write,
        files: FileSelection = .withContent, generator: any TargetGenerator
    ) throws -> Outcome {
        let bytes = try ContractLoader.readFile(contractPath)
        let result = ContractLoader.load(bytes: bytes, file: contractPath)
        var outcome = Outcome(diagnostics: result.diagnostics, counts: result.counts, source: String(decoding: bytes, as: UTF8.self), report: nil)
        guard let contract = result.contract, !result.hasErrors else { return outcome }
        outcome.report = try generate(
            contract, into: URL(fileURLWithPath: outputDirectory), mode: mode, files: files, generator: generator)
        return outcome
    }

    /// The files `generate` would write for a valid contract (those with
    /// content), in memory: each file's name and text, in the order of the fixed file list. For tools
    /// that check or show generated code without a directory (the fuzzer of
    /// `Fuzz/`, which compiles samples of it).
    public static func sources(of contract: Contract) -> [(name: String, text: String)] {
        render(contract).map { ($0.name, $0.contents) }
    }

    /// The generated files of `files` for a valid contract, in the order of `generator`'s
    /// ``TargetGenerator/fileNames`` (the default target's: ``GeneratedFileSet/fileNames``).
    package static func render(
        _ contract: Contract, files: FileSelection = .withContent, generator: any TargetGenerator = defaultGenerator
    ) -> [GeneratedFile] {
        render(lower(contract), files: files, generator: generator)
    }

    /// ``render(_:files:generator:)`` of a contract already lowered; the files render concurrently.
    package static func render(
        _ lowered: LoweredContract, files: FileSelection = .withContent, generator: any TargetGenerator = defaultGenerator
    ) -> [GeneratedFile] {
        let renderer = generator.renderer(for: lowered)
        let rendered = Concurrently.map(files.names(generator.renderOrder, renderer: renderer)) { renderer.render(file: $0, reusing: []) }
        let byName = Dictionary(uniqueKeysWithValues: rendered.map { ($0.name, $0) })
        return files.names(generator.fileNames, renderer: renderer).map { byName[$0]! }
    }

    /// The lower stage, the one place a valid contract is lowered: every rule decided once
    /// (``LoweredContract``), its events spread over ``LoweredContract/eventShardCount`` shards, for
    /// every target to render (`generate` lowers once per run, whatever the target).
    package static func lower(_ contract: Contract) -> LoweredContract {
        LoweredContract(contract)
    }

    /// The default target's generator (Swift's).
    package static var defaultGenerator: any TargetGenerator { CodeTargets.defaultTarget.generator }

    /// Renders `contract` and writes (or checks) the files of `files` in `directory`,
    /// and removes (lists) the generator's files there that `files` does not hold.
    /// A generator may refuse the folder first (``TargetGenerator/checkBeforeWriting(_:into:)``: Kotlin without a
    /// chosen package refuses a folder generated in another package, ``KotlinPackageMismatch``).
    ///
    /// Each file is rendered and written by its own task, the tasks spread
    /// over the cores (the event shards are most of the work); the result does
    /// not depend on their order.
    package static func generate(
        _ contract: Contract, into directory: URL, mode: GeneratedFileWriter.Mode = .write,
        files: FileSelection = .withContent, generator: any TargetGenerator = defaultGenerator
    ) throws -> GeneratedFileWriter.Report {
        try generate(lower(contract), into: directory, mode: mode, files: files, generator: generator)
    }

    /// ``generate(_:into:mode:files:generator:)`` of a contract already lowered.
    package static func generate(
        _ lowered: LoweredContract, into directory: URL, mode: GeneratedFileWriter.Mode = .write,
        files: FileSelection = .withContent, generator: any TargetGenerator = defaultGenerator
    ) throws -> GeneratedFileWriter.Report {
        // Writing only: a check changes nothing, and reports the files as differing.
        if mode == .write { try generator.checkBeforeWriting(lowered.contract, into: directory) }
        let writer = GeneratedFileWriter()
        try writer.prepare(directory, mode: mode)
        let renderer = generator.renderer(for: lowered)
        let renderOrder = files.names(generator.renderOrder, renderer: renderer)
        // Each worker prints its files into one buffer, reused from file to file.
        let outcomes = Concurrently.map(renderOrder, state: { [UInt8]() }) { name, buffer in
            var file = renderer.render(file: name, reusing: buffer.takeStorage())
            defer { buffer = file.bytes.takeStorage() }
            return Result { try writer.write(file, to: directory, mode: mode) }
        }
        let changes = Dictionary(uniqueKeysWithValues: zip(renderOrder, outcomes))
        let fileNames = files.names(generator.fileNames, renderer: renderer)
        var report = GeneratedFileWriter.Report()
        for name in fileNames {
            report.record(try changes[name]!.get(), of: name)
        }
        report.removed = try writer.removeStale(
            in: directory, keeping: Set(fileNames), owned: generator.ownsFile(named:), header: generator.commentSyntax.generatedHeader, mode: mode)
        return report
    }
}
