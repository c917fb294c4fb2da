import ContractGenCore
import Foundation
import Testing

/// `contractgen` driven by a project file, as a web or Android team runs it: in a folder of its own
/// with `contractgen.yaml` beside the contract, and no flags.
@Suite struct ProjectFileCommandTests {
    func run(_ arguments: [String], in directory: URL) async throws -> ContractGenExecutable.Run {
        try await ContractGenExecutable.run(arguments, in: directory)
    }

    /// A folder holding the example contract in contract/ and the documented project file.
    func project() throws -> URL {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("contract"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.projectContract, to: directory.appendingPathComponent("contract/contract.yaml"))
        try Data(ProjectFileTests.documented.utf8).write(to: directory.appendingPathComponent("contractgen.yaml"))
        return directory
    }

    static let kotlinOutput = "android/app/src/main/kotlin/com/example/tracking"

    @Test func generatesAndChecksEveryTargetAsTheFlagsWould() async throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }

        let generate = try await run(["generate"], in: directory)
        #expect(generate.status == 0)
        #expect(generate.stdout == """
            Generated: 13 written, 0 unchanged, 0 removed
            web/src/generated: 10 written, 0 unchanged, 0 removed
            \(Self.kotlinOutput): 12 written, 0 unchanged, 0 removed

            """)
        // The contract's warning once, not once per target.
        #expect(generate.stderr.components(separatedBy: "uses deprecated field 'legacyCategory'").count == 2)

        // The same bytes as the flags write.
        for (flags, folder) in [(["--output", "f/swift"], "Generated"), (["--target", "typescript", "--output", "f/ts"], "web/src/generated"),
                                (["--target", "kotlin", "--package", "com.example.tracking", "--output", "f/kt"], Self.kotlinOutput)] {
            #expect(try await run(["generate", "contract/contract.yaml"] + flags, in: directory).status == 0)
            let flagged = directory.appendingPathComponent(flags.last!)
            let names = try FileManager.default.contentsOfDirectory(atPath: flagged.path).sorted()
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path).sorted() == names)
            for name in names {
                #expect(try Data(contentsOf: flagged.appendingPathComponent(name)) == Data(contentsOf: directory.appendingPathComponent(folder).appendingPathComponent(name)), "\(folder)/\(name)")
            }
        }

        let check = try await run(["generate", "--check"], in: directory)
        #expect(check.status == 0)
        #expect(check.stdout == "Generated: up to date (13 files)\nweb/src/generated: up to date (10 files)\n\(Self.kotlinOutput): up to date (12 files)\n")

        // One target out of date: every target is checked, the message names the command that regenerates it.
        try Data("// edited\n".utf8).write(to: directory.appendingPathComponent("\(Self.kotlinOutput)/ContractObjects.kt"))
        let stale = try await run(["generate", "--check"], in: directory)
        #expect(stale.status == 1)
        #expect(stale.stdout == """
            Generated: up to date (13 files)
            web/src/generated: up to date (10 files)
            differs: \(Self.kotlinOutput)/ContractObjects.kt
            \(Self.kotlinOutput): out of date; run 'contractgen generate' to regenerate

            """)
        let one = try await run(["generate", "--check", "--target", "kotlin"], in: directory)
        #expect(one.status == 1)
        #expect(one.stdout.hasSuffix("\(Self.kotlinOutput): out of date; run 'contractgen generate --target kotlin' to regenerate\n"))
        #expect(try await run(["generate", "--target", "kotlin"], in: directory).stdout == "\(Self.kotlinOutput): 1 written, 11 unchanged, 0 removed\n")
        #expect(try await run(["generate", "--check"], in: directory).status == 0)
    }

    @Test func projectFileNamedWithProjectFromAnotherFolder() async throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        let parent = directory.deletingLastPathComponent()
        let name = directory.lastPathComponent
        let generate = try await run(["generate", "--project", "\(name)/contractgen.yaml", "--target", "typescript"], in: parent)
        #expect(generate.status == 0)
        #expect(generate.stdout == "\(name)/web/src/generated: 10 written, 0 unchanged, 0 removed\n")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("web/src/generated/contract.ts"))
        let check = try await run(["generate", "--check", "--project", "\(name)/contractgen.yaml", "--target", "typescript"], in: parent)
        #expect(check.status == 1)
        #expect(check.stdout.hasSuffix("run 'contractgen generate --project \(name)/contractgen.yaml --target typescript' to regenerate\n"))
    }

    @Test func otherCommandsReadTheProjectFilesContract() async throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.moveItem(at: directory.appendingPathComponent("contract"), to: directory.appendingPathComponent("tracking"))
        let text = ProjectFileTests.documented.replacingOccurrences(of: "contract: contract/contract.yaml", with: "contract: tracking/contract.yaml")
        try Data(text.utf8).write(to: directory.appendingPathComponent("contractgen.yaml"))

        let validate = try await run(["validate"], in: directory)
        #expect(validate.status == 0)
        #expect(validate.stdout == "tracking/contract.yaml: valid (0 errors, 1 warning)\n")
        let schema = try await run(["schema", "--output", "schemas"], in: directory)
        #expect(schema.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("schemas/contract.schema.json").path))
        let docs = try await run(["docs", "--output", "catalogue"], in: directory)
        #expect(docs.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("catalogue/index.html").path))
        // An explicit contract wins over the project file's.
        let explicit = try await run(["validate", "nowhere.yaml"], in: directory)
        #expect(explicit.status == 2)
        #expect(explicit.stderr.contains("nowhere.yaml: no such file"))
    }

    @Test func badProjectFileIsAUsageErrorWithItsLine() async throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("contract: contract/contract.yaml\ntargets:\n  kotiln:\n    output: app\n".utf8).write(to: directory.appendingPathComponent("contractgen.yaml"))
        for arguments in [["generate"], ["generate", "--check"], ["validate"]] {
            let result = try await run(arguments, in: directory)
            #expect(result.status == 2)
            #expect(result.stderr.contains("contractgen.yaml:3:3: error: unknown target 'kotiln'\n  kotiln:\n  ^\n  hint: did you mean 'kotlin'?\n"))
            #expect(result.stderr.hasSuffix("contractgen.yaml: invalid project file (1 error, 0 warnings)\n"))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("app").path))
        let missing = try await run(["generate", "--project", "none.yaml"], in: directory)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: cannot read project file none.yaml: no such file\n")
    }

    /// Kotlin generated without a package into a folder generated in another one is refused, not moved.
    @Test func kotlinWithoutPackageDoesNotMoveAnotherPackagesFiles() async throws {
        let directory = try project()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await run(["generate", "--target", "kotlin"], in: directory).status == 0)
        let before = try Data(contentsOf: directory.appendingPathComponent("\(Self.kotlinOutput)/Contract.kt"))

        let unnamed = try await run(["generate", "contract/contract.yaml", "--target", "kotlin", "--output", Self.kotlinOutput], in: directory)
        #expect(unnamed.status == 2)
        #expect(unnamed.stderr.contains("error: \(Self.kotlinOutput) holds Kotlin generated in package 'com.example.tracking', "
            + "and without --package this run would move it to 'contractgen.omnitracking'; nothing written."))
        #expect(try Data(contentsOf: directory.appendingPathComponent("\(Self.kotlinOutput)/Contract.kt")) == before)
        let check = try await run(["generate", "contract/contract.yaml", "--target", "kotlin", "--output", Self.kotlinOutput, "--check"], in: directory)
        // A check writes nothing either way: it lists the files as differing.
        #expect(check.status == 1)
        #expect(check.stdout.contains("differs: \(Self.kotlinOutput)/Contract.kt\n"))

        // Named, the move is what was asked for.
        let moved = try await run(["generate", "contract/contract.yaml", "--target", "kotlin", "--output", Self.kotlinOutput, "--package", "contractgen.omnitracking"], in: directory)
        #expect(moved.status == 0)
        #expect(moved.stdout == "\(Self.kotlinOutput): 12 written, 0 unchanged, 0 removed\n")
        // And then the default package is the folder's: no package needed.
        #expect(try await run(["generate", "contract/contract.yaml", "--target", "kotlin", "--output", Self.kotlinOutput], in: directory).status == 0)
    }
}
