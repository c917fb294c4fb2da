import ContractGenCore
import Foundation

/// How often and how many times a run compiles what it generated: every
/// `FUZZ_PARSE_EVERY`-th valid contract (default 50; the first one always, so
/// replaying one input checks it), at least `FUZZ_PARSE_GAP` seconds after the
/// previous one (default 1, so the sample spreads over the run instead of
/// taking its first inputs), at most `FUZZ_PARSE_MAX` per process (default 20;
/// 0 turns it off). `swiftc` takes about half a second, a generation about one
/// millisecond.
nonisolated(unsafe) private var inputs = 0
nonisolated(unsafe) private var validContracts = 0
nonisolated(unsafe) private var parsedContracts = 0
nonisolated(unsafe) private var reportsAtExit = false
private let parseEvery = max(1, ProcessInfo.processInfo.environment["FUZZ_PARSE_EVERY"].flatMap(Int.init) ?? 50)
private let parseGap = ProcessInfo.processInfo.environment["FUZZ_PARSE_GAP"].flatMap(Double.init) ?? 1
nonisolated(unsafe) private var lastParse = ContinuousClock.now - .seconds(3600)
private let parseMax = ProcessInfo.processInfo.environment["FUZZ_PARSE_MAX"].flatMap(Int.init) ?? 20
/// `FUZZ_SHOW=1` prints each contract and its diagnostics, to look at what an input becomes.
private let show = ProcessInfo.processInfo.environment["FUZZ_SHOW"] == "1"
private let swiftc = ProcessInfo.processInfo.environment["SWIFTC"] ?? "swiftc"
/// `FUZZ_TYPECHECK_MODULES=DIR` (a directory holding `TrackingCore.swiftmodule`)
/// type-checks the sample as one module instead of only parsing it: name clashes
/// and wrong types show only then. `scripts/fuzz.sh` sets it.
private let typecheckModules = ProcessInfo.processInfo.environment["FUZZ_TYPECHECK_MODULES"]

/// libFuzzer's entry point: the bytes choose a contract (``ContractGrammar``),
/// which is validated and, when valid, generated in memory. Nothing may crash;
/// a valid contract yields the fixed set of non-empty files, each name once;
/// on the sampled subset the generation is repeated (it must be the same) and
/// the files are written to a temporary directory and must pass `swiftc`
/// without a diagnostic (type-checked with `FUZZ_TYPECHECK_MODULES`, which
/// `scripts/fuzz.sh` sets unless `FUZZ_TYPECHECK=0`; else only parsed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenerate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if !reportsAtExit {
        reportsAtExit = true
        // `scripts/fuzz.sh` prints this line: how many inputs became valid contracts.
        atexit {
            FileHandle.standardError.write(Data(
                "fuzz-generate: \(inputs) inputs, \(validContracts) valid contracts generated, \(parsedContracts) \(typecheckModules == nil ? "parsed" : "type-checked") by swiftc\n".utf8))
        }
    }
    inputs += 1
    var grammar = ContractGrammar(Array(UnsafeBufferPointer(start: data, count: size)))
    let yaml = grammar.contract()
    let result = ContractLoader.load(yaml: yaml, file: "fuzz.yaml")
    if show {
        print(yaml)
        print(DiagnosticFormatter.text(result.diagnostics, source: yaml))
    }
    guard let contract = result.contract else {
        precondition(result.hasErrors, "no contract, yet no error")
        return 0
    }
    let files = ContractGenerator.sources(of: contract)
    precondition(!files.isEmpty, "a valid contract generated nothing")
    precondition(Set(files.map(\.name)).count == files.count, "a file name twice")
    for file in files { precondition(!file.text.isEmpty, "\(file.name) is empty") }
    // The other targets render from the same lowered contract: no crash, each file name once (not compiled here:
    // tsc and kotlinc take seconds; their tests compile hostile contracts).
    let lowered = ContractGenerator.lower(contract)
    for target in [TypeScriptTarget() as any CodeTarget, KotlinTarget()] {
        let generator = target.generator
        let renderer = generator.renderer(for: lowered)
        precondition(Set(generator.fileNames).count == generator.fileNames.count, "\(target.id): a file name twice")
        for name in generator.fileNames where !renderer.isEmpty(file: name) {
            _ = renderer.render(file: name, reusing: [])
        }
    }

    defer { validContracts += 1 }
    guard validContracts % parseEvery == 0, parsedContracts < parseMax,
          ContinuousClock.now - lastParse >= .seconds(parseGap) else { return 0 }
    parsedContracts += 1
    defer { lastParse = ContinuousClock.now }
    let again = ContractGenerator.sources(of: contract)
    precondition(again.map(\.name) == files.map(\.name) && again.map(\.text) == files.map(\.text),
                 "two generations of one contract differ")
    if let problem = swiftParseProblem(files) {
        FileHandle.standardError.write(Data("swiftc failed on the code generated from:\n\(yaml)\n\(problem)\n".utf8))
        fatalError("generated code does not compile")
    }
    return 0
}

/// Writes `files` to a fresh temporary directory and runs `swiftc` on them
/// (`-typecheck` against `FUZZ_TYPECHECK_MODULES` when set, else `-parse`); the compiler's output when it reports anything, else `nil`.
private func swiftParseProblem(_ files: [(name: String, text: String)]) -> String? {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("fuzz-generate-\(ProcessInfo.processInfo.processIdentifier)-\(parsedContracts)")
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in files { try Data(file.text.utf8).write(to: directory.appendingPathComponent(file.name)) }
    } catch {
        fatalError("cannot write the generated files: \(error)")
    }
    // The compiler's output goes to a file, read once it has exited: a pipe
    // read would be interrupted by libFuzzer's timer signal (EINTR).
    let log = directory.appendingPathComponent("swiftc.log")
    guard FileManager.default.createFile(atPath: log.path, contents: nil),
          let logHandle = try? FileHandle(forWritingTo: log) else {
        fatalError("cannot create \(log.path)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let mode = typecheckModules.map { ["-typecheck", "-parse-as-library", "-module-name", "FuzzContract", "-I", $0] } ?? ["-parse"]
    process.arguments = [swiftc] + mode + ["-swift-version", "6"] + files.map { directory.appendingPathComponent($0.name).path }
    process.standardOutput = logHandle
    process.standardError = logHandle
    do {
        try process.run()
    } catch {
        fatalError("cannot run \(swiftc): \(error)")
    }
    process.waitUntilExit()
    try? logHandle.close()
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? "(no output)"
    // A warning counts too: generated code must be clean.
    if process.terminationStatus != 0 || !text.isEmpty { return "exit \(process.terminationStatus):\n\(text)" }
    return nil
}
