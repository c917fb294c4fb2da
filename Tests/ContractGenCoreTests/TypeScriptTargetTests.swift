import ContractGenCore
import Foundation
import Testing
import TestSupport
import TrackingCore

/// The TypeScript target (docs/typescript.md): its output for the conformance
/// contract is committed and current, compiles with `tsc --strict` with the
/// runtime, and passes the conformance corpus under Node, through the
/// generated driver's typed calls and through the rules as data.
@Suite struct TypeScriptTargetTests {
    static let directory = GeneratedTestSupport.conformanceDirectory.appendingPathComponent("TypeScript")

    static func conformanceContract() throws -> Contract {
        try GeneratedTestSupport.load(GeneratedTestSupport.conformanceDirectory.appendingPathComponent("contract.yaml"))
    }

    /// `Conformance/TypeScript/Generated` is what the target renders (re-record with RECORD_GOLDENS=1).
    @Test func committedConformanceCodeIsCurrent() throws {
        for (path, text) in TypeScriptProject.generated(try Self.conformanceContract(), in: "Generated") {
            try GeneratedTestSupport.assertGolden(text, at: Self.directory.appendingPathComponent(path))
        }
    }

    /// `Conformance/TypeScript/ConformanceDriver.ts` is the driver the target renders (re-record with RECORD_GOLDENS=1).
    @Test func committedDriverIsTheRenderedOne() throws {
        let driver = try #require(TypeScriptTarget().conformanceDriver(for: ContractGenerator.lower(try Self.conformanceContract())))
        try GeneratedTestSupport.assertGolden(driver.contents, at: Self.directory.appendingPathComponent(driver.name))
    }

    /// The conformance project: the generated code, the rendered driver and the hand-written runner and reader.
    static func corpusProject(mutatingGenerated mutate: (inout [String: String]) -> Void = { _ in }) async throws -> URL {
        var files = TypeScriptProject.generated(try conformanceContract(), in: "Generated")
        mutate(&files)
        let driver = try #require(TypeScriptTarget().conformanceDriver(for: ContractGenerator.lower(try conformanceContract())))
        files[driver.name] = driver.contents
        for name in ["corpus.ts", "ConformanceArguments.ts", "node.d.ts"] {
            files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return try await TypeScriptProject.make(files)
    }

    /// Every corpus case gives the case's wire bytes, pii forms and violations under Node, both through the
    /// generated driver's typed calls and through the untyped path; every case of `Conformance/cases` goes
    /// typed, and only the wrong types of `wrong-types.json` (no typed call can pass one) go untyped only.
    @Test func corpusPassesUnderNodeTypedAndUntyped() async throws {
        let project = try await Self.corpusProject()
        let compiled = try await TypeScriptProject.compile(project)
        try #require(compiled.status == 0, "tsc --strict: \(compiled.output)")
        let run = try await TypeScriptProject.node("out/corpus.js", [ConformanceCorpusTests.casesDirectory.path], in: project)
        #expect(run.status == 0, "\(run.output)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let typed = lines.filter { $0.hasPrefix("typed ") }.map { String($0.dropFirst("typed ".count)) }
        let untyped = lines.filter { $0.hasPrefix("untyped ") }
        let names = ConformanceCorpusTests.cases.map(\.name)
        let wrongTypes = try Self.wrongTypeCount()
        #expect(names.count > 100 && wrongTypes >= 10)
        #expect(typed == names, "cases that did not go typed: \(Set(names).subtracting(typed).sorted()); \(untyped)")
        #expect(untyped.count == wrongTypes && untyped.allSatisfy { $0.hasPrefix("untyped wrong-types.json ") }, "\(untyped)")
        // Conformance/globals.json: every case through a CollectorSink given the case's typed globals.
        let globals = GlobalsConformanceTests.cases.map(\.name)
        #expect(globals.count >= 4 && lines.filter { $0.hasPrefix("globals ") } == globals.map { "globals " + $0 }, "\(run.output)")
        #expect(
            lines.last == "\(names.count) cases (\(names.count) typed, 0 untyped only), \(wrongTypes) wrong-type cases (untyped), "
                + "\(globals.count) globals cases, 0 failed", "\(run.output)")
    }

    /// A mistake in the generated typed layer that the rules as data do not see (an event's properties
    /// interface naming a property otherwise): the untyped path would pass, the driver does not compile.
    @Test func driverCatchesATypedLayerTheRulesDoNotSee() async throws {
        var mutated = false
        let project = try await Self.corpusProject { files in
            for (path, text) in files where text.contains("export interface EveryTypeProperties {") {
                files[path] = text.replacingOccurrences(of: "    readonly text?: string;\n", with: "    readonly txt?: string;\n")
                mutated = files[path] != text
            }
        }
        try #require(mutated)
        let compiled = try await TypeScriptProject.compile(project)
        #expect(compiled.status != 0)
        #expect(compiled.stdout.hasPrefix("ConformanceDriver.ts("), "\(compiled.output)")
        #expect(compiled.stdout.contains("'text' does not exist in type 'EveryTypeProperties'"), "\(compiled.output)")
    }

    /// How many cases `Conformance/wrong-types.json` holds.
    static func wrongTypeCount() throws -> Int {
        let data = try Data(contentsOf: GeneratedTestSupport.conformanceDirectory.appendingPathComponent("wrong-types.json"))
        guard case .array(let cases)? = try JSONValue.parse(data)["cases"] else { return 0 }
        return cases.count
    }
}

/// An event prints its name, kind, violations and JSON with pii redacted in every form
/// JavaScript and Node turn it into text (docs/typescript.md, "Looking at an event").
@Suite struct TypeScriptEventDescriptionTests {
    @Test func everyPrintedFormRedactsPII() async throws {
        var files = TypeScriptProject.generated(try TypeScriptTargetTests.conformanceContract(), in: "Generated")
        let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/ContractGenCoreTests/Fixtures/typescript/describe")
        for name in ["describe.ts", "node-util.d.ts"] {
            files["describe/" + name] = try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
        }
        let project = try await TypeScriptProject.make(files)
        let compiled = try await TypeScriptProject.compile(project)
        try #require(compiled.status == 0, "tsc --strict: \(compiled.output)")
        let run = try await TypeScriptProject.node("out/describe/describe.js", [], in: project)
        #expect(run.status == 0, "\(run.output)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.split(separator: " ")[0]) }
            == ["String", "template", "concat", "stringify", "inspect", "inspect-nested", "console.log"], "\(run.output)")
        let head = #"{"event":"shaded","kind":"action","contractVersion":"2.0.0-rc.1+corpus","uuid":"5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6","clientTimestamp":"2026-11-20T12:00:00.123Z","installId":"0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c","sessionStart":"1970-01-01T00:00:00.000Z","shade":"dark-mode","step":1001"#
        let redacted = head + #","email":"<redacted>"}"#
        for line in lines {
            #expect(!line.contains("secret"), "pii shown: \(line)")
            #expect(line.contains("shaded") && line.contains("action") && line.contains("step"), "\(line)")
        }
        for line in lines where !line.hasPrefix("stringify ") {
            #expect(line.contains("shaded (action) " + redacted + "; violations: [step: "), "\(line)")
        }
        let stringified = try #require(lines.first { $0.hasPrefix("stringify ") })
        #expect(stringified.contains(#""json":"# + String(reflecting: redacted)), "\(stringified)")
    }
}

/// What tsc must refuse in code that calls generated functions: each file of
/// `Fixtures/typescript/negative` but `valid.ts` fails to compile with the
/// error its `// expect-error:` line names, on the line after it; `valid.ts`,
/// the same calls written right, compiles. One tsc run for all of them.
@Suite struct TypeScriptCompileTimeTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/ContractGenCoreTests/Fixtures/typescript/negative")

    @Test func mistakesDoNotCompile() async throws {
        var files = TypeScriptProject.generated(try TypeScriptTargetTests.conformanceContract(), in: "Generated")
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".ts") }.sorted()
        var expected: [String: (line: Int, message: String)] = [:]
        for name in names {
            let text = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
            files["negative/" + name] = text
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if let index = lines.firstIndex(where: { $0.hasPrefix("// expect-error: ") }) {
                expected[name] = (index + 2, String(lines[index].dropFirst("// expect-error: ".count)))
            }
        }
        #expect(Set(expected.keys) == ["missing-required-field.ts", "missing-envelope-field.ts", "unknown-field.ts", "outside-value-set.ts", "wrong-type.ts"])
        let project = try await TypeScriptProject.make(files)
        let run = try await TypeScriptProject.compile(project)
        #expect(run.status != 0)
        // Each error with its indented continuation lines.
        var errors: [(file: String, line: Int, text: String)] = []
        for line in run.stdout.split(separator: "\n") {
            if line.hasPrefix(" "), !errors.isEmpty {
                errors[errors.count - 1].text += "\n" + line
            } else if let open = line.firstIndex(of: "("), let comma = line[open...].firstIndex(of: ","), let number = Int(line[line.index(after: open)..<comma]) {
                errors.append((String(line[..<open]), number, String(line)))
            } else {
                Issue.record("unexpected tsc output: \(line)")
            }
        }
        for name in names {
            let found = errors.filter { $0.file == "negative/" + name }
            guard let (line, message) = expected[name] else {
                #expect(found.isEmpty, "\(name) must compile: \(found.map(\.text))")
                continue
            }
            #expect(found.count == 1 && found[0].line == line && found[0].text.contains(message), "\(name): \(found.map(\.text))")
        }
        #expect(errors.allSatisfy { $0.file.hasPrefix("negative/") }, "the generated code itself must compile: \(run.stdout)")
    }
}

/// Names that are reserved words, Object.prototype's members, JavaScript or DOM
/// globals, or differ only in case: the Names reference contract and a
/// framework-names contract compile with tsc --strict and their programs
/// (`Fixtures/typescript/names.ts`, `framework-names.ts`) pass under Node,
/// polluting no prototype; each contract's conformance driver compiles with
/// them. A contract with U+2028 and U+2029 in its texts
/// (`line-separators.yaml`) compiles with Debian's tsc 4.8, which ends a
/// string literal there, and its values read back whole.
@Suite struct TypeScriptNamesTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/ContractGenCoreTests/Fixtures/typescript")

    @Test(arguments: [
        ("names.ts", GeneratedTestSupport.namesDirectory.appendingPathComponent("contract.yaml").path),
        ("framework-names.ts", Fixtures.packageRoot.appendingPathComponent("Tests/ContractGenCoreTests/Fixtures/typescript/framework-names.yaml").path),
        ("line-separators.ts", Fixtures.packageRoot.appendingPathComponent("Tests/ContractGenCoreTests/Fixtures/typescript/line-separators.yaml").path),
    ])
    func contractCompilesAndRuns(program: String, contractPath: String) async throws {
        let contract = try GeneratedTestSupport.load(URL(fileURLWithPath: contractPath))
        var files = TypeScriptProject.generated(contract, in: "Generated")
        for name in [program, "check.ts"] {
            files[name] = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
        }
        // The contract's conformance driver compiles too: its typed calls spell the names as the generated code does.
        let driver = try #require(TypeScriptTarget().conformanceDriver(for: ContractGenerator.lower(contract)))
        files[driver.name] = driver.contents
        files["ConformanceArguments.ts"] = try String(
            contentsOf: TypeScriptTargetTests.directory.appendingPathComponent("ConformanceArguments.ts"), encoding: .utf8)
        let project = try await TypeScriptProject.make(files)
        let compiled = try await TypeScriptProject.compile(project)
        try #require(compiled.status == 0, "tsc --strict: \(compiled.output)")
        let run = try await TypeScriptProject.node("out/" + program.replacingOccurrences(of: ".ts", with: ".js"), in: project)
        #expect(run.status == 0 && run.stdout.hasSuffix(" 0 failed\n"), "\(run.output)")
    }
}

/// `generate --target typescript` through the built executable: it writes the
/// file set, writes only files whose bytes changed, and `--check` reports a
/// file that differs and one that is stale.
@Suite(.enabled(if: ContractGenExecutable.url != nil, "contractgen is not built next to the tests"))
struct GenerateTypeScriptCommandTests {
    @Test func writesChecksAndRewritesOnlyWhatChanged() async throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("tracking")
        let arguments = ["generate", "--target", "typescript", "Conformance/contract.yaml", "--output", output.path]
        let first = try await ContractGenExecutable.run(arguments)
        #expect(first.status == 0 && first.stdout == "\(output.path): 8 written, 0 unchanged, 0 removed\n", "\(first.output)")
        // The files with content: the event shards without events are left out.
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: TypeScriptTargetTests.directory.appendingPathComponent("Generated").path)
        #expect(names == committed.sorted() && names.count == 8)
        for name in names {
            let text = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            #expect(text.hasPrefix("// Generated by contractgen. DO NOT EDIT.\n"), "\(name)")
            #expect(text == (try String(contentsOf: TypeScriptTargetTests.directory.appendingPathComponent("Generated/" + name), encoding: .utf8)))
        }
        let again = try await ContractGenExecutable.run(arguments)
        #expect(again.stdout == "\(output.path): 0 written, 8 unchanged, 0 removed\n", "\(again.output)")

        try Data("// Generated by contractgen. DO NOT EDIT.\n".utf8).write(to: output.appendingPathComponent("events99.ts"))
        try Data("changed".utf8).write(to: output.appendingPathComponent("types.ts"))
        let check = try await ContractGenExecutable.run(arguments + ["--check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("differs: \(output.path)/types.ts\n") && check.stdout.contains("stale: \(output.path)/events99.ts\n"), "\(check.output)")
        let repaired = try await ContractGenExecutable.run(arguments)
        #expect(repaired.stdout == "\(output.path): 1 written, 7 unchanged, 1 removed\n", "\(repaired.output)")
    }
}
