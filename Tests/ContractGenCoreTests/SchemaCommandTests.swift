@testable import ContractGenCore
import Foundation
import Testing

/// `contractgen schema`: the files for the project contract (goldens), and the
/// command's writing, checking and exit statuses.
@Suite struct SchemaCommandTests {
    func run(_ arguments: [String]) async throws -> ContractGenExecutable.Run {
        try await ContractGenExecutable.run(arguments)
    }

    /// `Goldens/Schema/<file>`: every schema of contract/contract.yaml, byte for byte.
    @Test func schemasOfTheProjectContractMatchGoldens() throws {
        let files = try JSONSchemaGenerator.files(for: try DiffFixtures.contract("contract/contract.yaml"))
        #expect(files.map(\.name).last == "contract.schema.json")
        #expect(files.count == 10)
        for file in files {
            try GeneratedTestSupport.assertGolden(file.contents, at: GeneratedTestSupport.goldens.appendingPathComponent("Schema/\(file.name)"))
        }
    }

    @Test func writesOnlyWhatChangedAndChecks() async throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try await run(["schema", "--output", directory.path])
        #expect(first.status == 0)
        #expect(first.stdout == "\(directory.path): 10 written, 0 unchanged\n")
        let again = try await run(["schema", "--output", directory.path])
        #expect(again.stdout == "\(directory.path): 0 written, 10 unchanged\n")
        #expect(try await run(["schema", "--output", directory.path, "--check"]).status == 0)
        try Data("{}".utf8).write(to: directory.appendingPathComponent("appBoot.schema.json"))
        let stale = try await run(["schema", "--output", directory.path, "--check"])
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("differs: \(directory.path)/appBoot.schema.json"))
    }

    @Test func errorsExitOneOrTwo() async throws {
        #expect(try await run(["schema", "Tests/ContractGenCoreTests/Fixtures/invalid/unknown-kind.yaml", "--output", "/tmp/unused"]).status == 1)
        #expect(try await run(["schema", "no/such.yaml", "--output", "/tmp/unused"]).status == 2)
        #expect(try await run(["schema"]).status == 2)  // --output is required
    }

    @Test func anEventNamedContractCannotOverwriteTheBundle() throws {
        let contract = try DiffFixtures.contract(yaml: """
            \(ContractText.head)
            kinds:
              systemAction:
            events:
              contract:
                kind: systemAction
            """)
        #expect(throws: SchemaError.self) { try JSONSchemaGenerator.files(for: contract) }
    }
}
