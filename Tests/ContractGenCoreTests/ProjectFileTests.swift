@testable import ContractGenCore
import Foundation
import Testing

/// The project file (`contractgen.yaml`, docs/project-file.md): its shape, its diagnostics (goldens in
/// `Fixtures/project`, re-recorded with `RECORD_GOLDENS=1`), and how it and the flags choose what `generate` does.
@Suite struct ProjectFileTests {
    /// The shape docs/project-file.md and the npm package document.
    static let documented = """
        contract: contract/contract.yaml      # relative to the project file's folder
        targets:
          swift:
            output: Generated
          typescript:
            output: web/src/generated
          kotlin:
            output: android/app/src/main/kotlin/com/example/tracking
            package: com.example.tracking

        """

    static func parse(_ text: String, file: String = "contractgen.yaml") -> (project: ProjectFile?, diagnostics: [Diagnostic]) {
        let result = ProjectFile.parse(bytes: Array(text.utf8), file: file)
        return (result.project, result.diagnostics)
    }

    @Test func documentedShape() throws {
        let (project, diagnostics) = Self.parse(Self.documented)
        #expect(diagnostics.isEmpty)
        let parsed = try #require(project)
        #expect(parsed.contract == "contract/contract.yaml")
        #expect(parsed.targets.map(\.id) == ["swift", "typescript", "kotlin"])
        #expect(parsed.targets.map(\.output) == ["Generated", "web/src/generated", "android/app/src/main/kotlin/com/example/tracking"])
        #expect(parsed.target(id: "kotlin")?.options == ["package": "com.example.tracking"])
        #expect(parsed.target(id: "swift")?.options == [:])
    }

    @Test func pathsAreRelativeToTheProjectFilesFolder() throws {
        let project = try #require(Self.parse(Self.documented, file: "apps/shop/contractgen.yaml").project)
        #expect(project.contract == "apps/shop/contract/contract.yaml")
        #expect(project.target(id: "typescript")?.output == "apps/shop/web/src/generated")
        #expect(project.target(id: "typescript")?.outputAsWritten == "web/src/generated")
        let absolute = try #require(Self.parse("contract: /srv/c.yaml\ntargets:\n  swift:\n    output: /srv/out\n", file: "a/contractgen.yaml").project)
        #expect(absolute.contract == "/srv/c.yaml")
        #expect(absolute.targets[0].output == "/srv/out")
    }

    static let goldenDirectory = Fixtures.directory.appendingPathComponent("project")

    static func goldenNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: goldenDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test func corpusIsThere() {
        #expect(Self.goldenNames().count >= 7)
    }

    /// Each bad project file's diagnostics, as `contractgen generate` prints them (file:line:column, the line, a hint).
    @Test(arguments: goldenNames())
    func diagnosticsMatchGolden(name: String) throws {
        let bytes = try ContractLoader.readFile(Self.goldenDirectory.appendingPathComponent("\(name).yaml").path)
        let result = ProjectFile.parse(bytes: bytes, file: "project/\(name).yaml")
        #expect(result.project == nil, "a bad project file must not load")
        #expect(result.diagnostics.contains { $0.severity == .error })
        let text = DiagnosticFormatter.text(result.diagnostics, source: String(decoding: bytes, as: UTF8.self))
        let golden = Self.goldenDirectory.appendingPathComponent("\(name).expected")
        if Fixtures.recording {
            try text.write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(text == expected, "diagnostics of project/\(name).yaml differ from \(name).expected; re-record with RECORD_GOLDENS=1")
    }

    @Test func missingContractIsReportedAtItsLine() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("contractgen.yaml")
        try Data("# shop\ncontract: contracts/shop.yaml\ntargets:\n  swift:\n    output: Generated\n".utf8).write(to: file)
        let result = try ProjectFile.load(path: file.path)
        #expect(result.project == nil)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.location.column == 11)
        #expect(diagnostic.message == "the contract '\(directory.path)/contracts/shop.yaml' does not exist")

        try FileManager.default.createDirectory(at: directory.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try Data("contract: x\n".utf8).write(to: directory.appendingPathComponent("contracts/shop.yaml"))
        let loaded = try #require(try ProjectFile.load(path: file.path).project)
        #expect(loaded.contract == directory.path + "/contracts/shop.yaml")
    }

    @Test func unreadableProjectFileThrows() {
        #expect(throws: ContractFileError.self) { try ProjectFile.load(path: "/nonexistent/contractgen.yaml") }
    }

    // MARK: What generate does

    static func project() throws -> ProjectFile { try #require(parse(documented).project) }

    @Test func withoutProjectFileTodaysDefaults() throws {
        let steps = try GenerationPlan.steps(project: nil, flags: .init())
        #expect(steps == [GenerationPlan.Step(contract: "contract/contract.yaml", target: "swift", output: "Generated",
                                              options: [:], regenerateCommand: "swift run contractgen")])
        let typescript = try GenerationPlan.steps(project: nil, flags: .init(target: "typescript", output: "web/gen"))
        #expect(typescript.map(\.regenerateCommand) == ["contractgen generate --target typescript --output web/gen"])
        let kotlin = try GenerationPlan.steps(project: nil, flags: .init(contract: "c.yaml", target: "kotlin", output: "my dir", options: ["package": "a.b"]))
        #expect(kotlin.map(\.regenerateCommand) == ["contractgen generate c.yaml --target kotlin --output 'my dir' --package a.b"])
        let swiftElsewhere = try GenerationPlan.steps(project: nil, flags: .init(output: "Sources/Events"))
        #expect(swiftElsewhere.map(\.regenerateCommand) == ["swift run contractgen generate --output Sources/Events"])
    }

    @Test func projectFileDrivesEveryTarget() throws {
        let steps = try GenerationPlan.steps(project: Self.project(), flags: .init())
        #expect(steps.map(\.target) == ["swift", "typescript", "kotlin"])
        #expect(steps.map(\.contract) == Array(repeating: "contract/contract.yaml", count: 3))
        #expect(steps.map(\.options) == [[:], [:], ["package": "com.example.tracking"]])
        #expect(steps.map(\.regenerateCommand) == Array(repeating: "contractgen generate", count: 3))
        let named = try GenerationPlan.steps(project: Self.project(), flags: .init(project: "apps/contractgen.yaml"))
        #expect(named[0].regenerateCommand == "contractgen generate --project apps/contractgen.yaml")
    }

    @Test func targetPicksOneAndFlagsOverride() throws {
        let kotlin = try GenerationPlan.steps(project: Self.project(), flags: .init(target: "kotlin"))
        #expect(kotlin.count == 1)
        #expect(kotlin[0].output == "android/app/src/main/kotlin/com/example/tracking")
        #expect(kotlin[0].options == ["package": "com.example.tracking"])
        #expect(kotlin[0].regenerateCommand == "contractgen generate --target kotlin")
        let overridden = try GenerationPlan.steps(project: Self.project(), flags: .init(contract: "other.yaml", target: "kotlin", output: "out", options: ["package": "x.y"]))
        #expect(overridden == [GenerationPlan.Step(contract: "other.yaml", target: "kotlin", output: "out", options: ["package": "x.y"],
                                                   regenerateCommand: "contractgen generate other.yaml --target kotlin --output out --package x.y")])
    }

    @Test func unclearCombinationsAreRefused() throws {
        #expect(throws: GenerationPlan.PlanError(description: "contractgen.yaml lists no target 'kotlin' (it lists swift); add it there, or give --output to generate it once")) {
            try GenerationPlan.steps(project: Self.parse("contract: c.yaml\ntargets:\n  swift:\n    output: G\n").project, flags: .init(target: "kotlin"))
        }
        #expect(throws: GenerationPlan.PlanError(description: "--output applies to one target, and contractgen.yaml lists 3: name one with --target")) {
            try GenerationPlan.steps(project: Self.project(), flags: .init(output: "x"))
        }
        #expect(throws: GenerationPlan.PlanError(description: "--package applies to --target kotlin only")) {
            try GenerationPlan.steps(project: Self.project(), flags: .init(target: "swift", options: ["package": "a.b"]))
        }
        #expect(throws: GenerationPlan.PlanError(description: "unknown target 'java'; targets are swift, typescript, kotlin")) {
            try GenerationPlan.steps(project: nil, flags: .init(target: "java"))
        }
        // A target the project file does not list, with its folder: generated once.
        let once = try GenerationPlan.steps(project: Self.parse("contract: c.yaml\ntargets:\n  swift:\n    output: G\n").project, flags: .init(target: "typescript", output: "web"))
        #expect(once.map(\.output) == ["web"])
    }

    @Test func shellQuoting() {
        #expect(GenerationPlan.shellQuoted("web/src/generated") == "web/src/generated")
        #expect(GenerationPlan.shellQuoted("my dir") == "'my dir'")
        #expect(GenerationPlan.shellQuoted("it's") == "'it'\\''s'")
        #expect(GenerationPlan.shellQuoted("") == "''")
    }
}
