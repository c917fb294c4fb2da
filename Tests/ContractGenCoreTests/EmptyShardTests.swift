@testable import ContractGenCore
import Foundation
import Testing

/// A reviewed copy (`Generated/`) holds only files with content: no event shard
/// that no event falls in. The build plugin's declared files
/// (`generate --declared-files`) are all written, empty shards as the header alone.
/// The generator removes its own stale files (a generated name and the header), nothing else.
@Suite struct EmptyShardTests {
    /// A contract of `events` events named `event0`, `event1`, ... (`version` its version).
    static func contract(events: Int, version: String = "1.0.0") -> String {
        var yaml = "contract: Shop\nversion: \(version)\nmandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n"
        yaml += "kinds:\n  systemAction:\n    description: One.\n"
        if events > 0 { yaml += "events:\n" + (0..<events).map { "  event\($0):\n    kind: systemAction\n" }.joined() }
        return yaml
    }

    /// A scratch directory holding `contract.yaml` (`yaml`); the output goes to `out` in it.
    struct Scratch {
        let directory: URL
        var contract: URL { directory.appending(path: "contract.yaml") }
        var output: URL { directory.appending(path: "out") }

        init() throws { directory = try GeneratedTestSupport.temporaryDirectory() }

        func generate(
            _ yaml: String, mode: GeneratedFileWriter.Mode = .write, files: ContractGenerator.FileSelection = .withContent
        ) throws -> GeneratedFileWriter.Report {
            try Data(yaml.utf8).write(to: contract)
            let outcome = try ContractGenerator.generate(contractPath: contract.path, outputDirectory: output.path, mode: mode, files: files)
            return try #require(outcome.report, "\(outcome.diagnostics)")
        }

        func names() throws -> Set<String> { Set(try FileManager.default.contentsOfDirectory(atPath: output.path)) }
        func bytes(_ name: String) throws -> Data { try Data(contentsOf: output.appending(path: name)) }
        func put(_ text: String, as name: String) throws { try Data(text.utf8).write(to: output.appending(path: name)) }
        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// The project's contract gives 13 files (5 fixed, 8 shards with events), not 69; each declares something.
    @Test func emptyShardsAreNotWritten() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let outcome = try ContractGenerator.generate(contractPath: Fixtures.projectContract.path, outputDirectory: scratch.output.path)
        let contract = try GeneratedTestSupport.exampleContract()
        #expect(outcome.report?.written == GeneratedTestSupport.fileNamesWithContent(of: contract))
        #expect(try scratch.names() == Set(GeneratedTestSupport.fileNamesWithContent(of: contract)))
        #expect(try scratch.names().count == 13)
        for name in try scratch.names() {
            #expect(try scratch.bytes(name) != GeneratedTestSupport.placeholder, "\(name)")
            #expect(String(decoding: try scratch.bytes(name), as: UTF8.self).contains("import TrackingCore"), "\(name)")
        }
    }

    /// A contract that shrinks leaves no shard of the events it lost; files the generator does not own stay:
    /// a file without the header (even with a shard's name), a file with the header but another name.
    @Test func staleShardsAreRemovedAndForeignFilesKept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.generate(Self.contract(events: 40))
        let grown = try scratch.names()
        let one = GeneratedTestSupport.fileNamesWithContent(of: try GeneratedTestSupport.load(scratch.contract))
        #expect(grown == Set(one))
        // Foreign files, and a shard of a generator with more shards (its own: removed).
        let freeShard = try #require(GeneratedFileNames.all.first { !grown.contains($0) })
        try scratch.put("// Hand-written, in a shard's name.\nlet mine = 0\n", as: freeShard)
        try scratch.put(GeneratedFileSet.header + "\n// Not a name of ours.\n", as: "Notes.swift")
        try scratch.put(GeneratedFileSet.header + "\n", as: "ContractEvents99.swift")
        try scratch.put("notes\n", as: "README.txt")

        let report = try scratch.generate(Self.contract(events: 1))
        let kept = GeneratedTestSupport.fileNamesWithContent(of: try GeneratedTestSupport.load(scratch.contract))
        #expect(kept.count == 6)
        let expectedRemoved = (grown.subtracting(kept) + ["ContractEvents99.swift"]).sorted()
        #expect(expectedRemoved.count > 10)
        #expect(report.removed == expectedRemoved)
        #expect(try scratch.names() == Set(kept + [freeShard, "Notes.swift", "README.txt"]))
        #expect(String(decoding: try scratch.bytes(freeShard), as: UTF8.self).contains("let mine = 0"))
    }

    /// `--check` lists a missing file (as missing), an extra file of ours (as removed), and changes nothing.
    @Test func checkCatchesMissingAndExtraFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.generate(Self.contract(events: 5))
        #expect(try !scratch.generate(Self.contract(events: 5), mode: .check).hasDifferences)
        let present = try scratch.names()
        let missing = try #require(present.sorted().last { $0.hasPrefix("ContractEvents") })
        let extra = try #require(GeneratedFileNames.all.first { !present.contains($0) })
        try FileManager.default.removeItem(at: scratch.output.appending(path: missing))
        try scratch.put(GeneratedFileSet.header + "\n", as: extra)

        let check = try scratch.generate(Self.contract(events: 5), mode: .check)
        #expect(check.hasDifferences)
        #expect(check.written == [missing])
        #expect(check.created == [missing])
        #expect(check.removed == [extra])
        #expect(try scratch.names() == present.subtracting([missing]).union([extra]))

        _ = try scratch.generate(Self.contract(events: 5))
        #expect(try scratch.names() == present)
        #expect(try !scratch.generate(Self.contract(events: 5), mode: .check).hasDifferences)
    }

    /// `--declared-files`: every declared file; a shard without events is the header alone, the same whatever
    /// the contract's version, so a new version rewrites no placeholder (and of the files with content only the
    /// namespace's). The files with content are the reviewed copy's.
    @Test func declaredFilesWriteHeaderOnlyPlaceholders() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let first = try scratch.generate(Self.contract(events: 3), files: .declared)
        #expect(first.written == GeneratedFileNames.all)
        #expect(try scratch.names() == Set(GeneratedFileNames.all))
        let withContent = Set(GeneratedTestSupport.fileNamesWithContent(of: try GeneratedTestSupport.load(scratch.contract)))
        let placeholders = GeneratedFileNames.all.filter { !withContent.contains($0) }
        #expect(placeholders.count == 64 - 3)
        for name in placeholders {
            #expect(try scratch.bytes(name) == GeneratedTestSupport.placeholder, "\(name)")
        }
        let rendered = ContractGenerator.render(try GeneratedTestSupport.load(scratch.contract))
        #expect(Set(rendered.map(\.name)) == withContent)
        for file in rendered {
            #expect(try scratch.bytes(file.name) == Data(file.bytes), "\(file.name)")
        }

        let bumped = try scratch.generate(Self.contract(events: 3, version: "1.1.0"), files: .declared)
        // Only the namespace's file holds the version (VersionBumpTests): the rest, placeholders included, stay.
        #expect(Set(bumped.unchanged) == Set(GeneratedFileNames.all).subtracting(["ContractDescriptor.swift"]))
        #expect(bumped.written == ["ContractDescriptor.swift"])
        #expect(bumped.removed.isEmpty)

        // The same directory as a reviewed copy: the placeholders are the generator's own, so they go.
        let reviewed = try scratch.generate(Self.contract(events: 3, version: "1.1.0"))
        #expect(reviewed.removed == placeholders.sorted())
        #expect(try scratch.names() == withContent)
    }

    /// Only `ContractEvents<N>.swift` (decimal, no leading zero) and the fixed names are the generator's.
    @Test func generatedFileNamesFollowOnePattern() {
        #expect(GeneratedFileNames.shard(ofFileNamed: "ContractEvents0.swift") == 0)
        #expect(GeneratedFileNames.shard(ofFileNamed: "ContractEvents63.swift") == 63)
        #expect(GeneratedFileNames.shard(ofFileNamed: "ContractEvents128.swift") == 128)
        for name in [
            "ContractEvents.swift", "ContractEvents07.swift", "ContractEvents-1.swift", "ContractEvents1.swift.bak",
            "ContractEvents1a.swift", "MyContractEvents1.swift", "ContractEvents99999999999999999999.swift", "contractevents1.swift",
        ] {
            #expect(GeneratedFileNames.shard(ofFileNamed: name) == nil, "\(name)")
            #expect(!GeneratedFileNames.isGeneratedFileName(name), "\(name)")
        }
        #expect(GeneratedFileNames.all.allSatisfy(GeneratedFileNames.isGeneratedFileName))
        #expect(!GeneratedFileNames.isGeneratedFileName("Contract.swift"))
    }
}
