import ContractGenCore
import Foundation
import Testing

/// The write stage: only changed bytes are written, stale generated files are
/// removed (and nothing else), check mode writes nothing.
@Suite struct WriterTests {
    static let files = [
        GeneratedFile(name: "A.swift", contents: GeneratedFileSet.header + "\nlet a = 1\n"),
        GeneratedFile(name: "B.swift", contents: GeneratedFileSet.header + "\nlet b = 2\n"),
    ]

    func contents(_ directory: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            result[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return result
    }

    @Test func writesThenLeavesUnchangedFilesAlone() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory().appendingPathComponent("Out")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let writer = GeneratedFileWriter()

        let first = try writer.write(Self.files, to: directory, mode: .write)
        #expect(first.written == ["A.swift", "B.swift"])
        #expect(try contents(directory) == ["A.swift": Self.files[0].contents, "B.swift": Self.files[1].contents])

        let bURL = directory.appendingPathComponent("B.swift")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: bURL.path)
        var changed = Self.files
        changed[0].contents += "// more\n"
        let second = try writer.write(changed, to: directory, mode: .write)
        #expect(second.written == ["A.swift"])
        #expect(second.unchanged == ["B.swift"])
        let date = try FileManager.default.attributesOfItem(atPath: bURL.path)[.modificationDate] as? Date
        #expect(date == old)
    }

    @Test func removesStaleGeneratedFilesOnly() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data((GeneratedFileSet.header + "\nlet old = 0\n").utf8).write(to: directory.appendingPathComponent("Old.swift"))
        try Data("// Hand-written.\nlet mine = 0\n".utf8).write(to: directory.appendingPathComponent("Mine.swift"))
        try Data("notes".utf8).write(to: directory.appendingPathComponent("notes.txt"))

        let report = try GeneratedFileWriter().write(Self.files, to: directory, mode: .write)
        #expect(report.removed == ["Old.swift"])
        #expect(Set(try contents(directory).keys) == ["A.swift", "B.swift", "Mine.swift", "notes.txt"])
    }

    @Test func checkModeWritesNothingAndListsDifferences() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.files[0].contents.utf8).write(to: directory.appendingPathComponent("A.swift"))
        try Data((GeneratedFileSet.header + "\n").utf8).write(to: directory.appendingPathComponent("Stale.swift"))

        let report = try GeneratedFileWriter().write(Self.files, to: directory, mode: .check)
        #expect(report.written == ["B.swift"])
        #expect(report.created == ["B.swift"])
        #expect(report.unchanged == ["A.swift"])
        #expect(report.removed == ["Stale.swift"])
        #expect(report.hasDifferences)
        #expect(Set(try contents(directory).keys) == ["A.swift", "Stale.swift"])

        _ = try GeneratedFileWriter().write(Self.files, to: directory, mode: .write)
        #expect(try !GeneratedFileWriter().write(Self.files, to: directory, mode: .check).hasDifferences)
    }

    @Test func generateWritesNothingForAnInvalidContract() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let contract = directory.appendingPathComponent("broken.yaml")
        try Data("contract: Broken\nversion: one\n".utf8).write(to: contract)
        let output = directory.appendingPathComponent("Out")
        let outcome = try ContractGenerator.generate(contractPath: contract.path, outputDirectory: output.path)
        #expect(outcome.hasErrors)
        #expect(outcome.report == nil)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func generateFromThePathWritesTheFilesWithContent() throws {
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try ContractGenerator.generate(contractPath: Fixtures.projectContract.path, outputDirectory: directory.path)
        #expect(!outcome.hasErrors)
        let contract = try GeneratedTestSupport.load(Fixtures.projectContract)
        #expect(outcome.report?.written == GeneratedTestSupport.fileNamesWithContent(of: contract))
        #expect(outcome.report?.created == outcome.report?.written)
        #expect(outcome.report?.written.count == 13)
        let again = try ContractGenerator.generate(contractPath: Fixtures.projectContract.path, outputDirectory: directory.path, mode: .check)
        #expect(again.report?.hasDifferences == false)
    }
}
