import Foundation
import TestSupport
import Testing

/// README's manifest, whose dependency is by path (the URL form is a comment),
/// loads against this package in a folder named unlike the package ("vendored-analytics"):
/// SwiftPM finds `package: "contractgen"` only because the dependency names it.
@Suite("README's path dependency", .timeLimit(.minutes(10)))
struct PathDependencyTests {
    static let pathLine = ".package(name: \"contractgen\", path: \"../contractgen\"),"
    static let urlLine = "// .package(url: \"https://git.example.org/your-team/contractgen.git\", from: \"0.1.0\"),"

    /// README's app manifest with the path form pointing at `dependencyPath`, and `name:` dropped when
    /// `named` is false (the form that fails).
    static func manifest(dependencyPath: String, named: Bool) throws -> String {
        let readme = try String(
            contentsOf: DocumentationCompilesTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try #require(
            try DocSnippet.blocks(in: readme, file: "README.md").first { $0.kind == .manifest }?.code)
        #expect(manifest.contains(pathLine) && manifest.contains(urlLine))
        let path = named
            ? ".package(name: \"contractgen\", path: \"\(dependencyPath)\"),"
            : ".package(path: \"\(dependencyPath)\"),"
        return manifest.replacingOccurrences(of: urlLine, with: "// (URL form)")
            .replacingOccurrences(of: pathLine, with: path)
    }

    /// An app package with README's targets, each with a source file, depending on this package through a
    /// folder of another name (a symbolic link: SwiftPM names a path dependency after the path as written).
    static func app(in scratch: URL, named: Bool) throws -> URL {
        let dependency = scratch.appendingPathComponent("vendored-analytics")
        if !FileManager.default.fileExists(atPath: dependency.path) {
            try FileManager.default.createSymbolicLink(at: dependency, withDestinationURL: DocumentationCompilesTests.root)
        }
        let app = scratch.appendingPathComponent(named ? "app" : "app-without-name")
        for (folder, file) in [("Sources/AppEvents", "AppEvents.swift"), ("Sources/App", "App.swift"), ("Tests/AppTests", "AppTests.swift")] {
            try FileManager.default.createDirectory(at: app.appendingPathComponent(folder), withIntermediateDirectories: true)
            try Data("import Foundation\n".utf8).write(to: app.appendingPathComponent("\(folder)/\(file)"))
        }
        try Data("contract: App\nversion: 1.0.0\n".utf8).write(to: app.appendingPathComponent("Sources/AppEvents/contract.yaml"))
        try Data(try manifest(dependencyPath: dependency.path, named: named).utf8).write(to: app.appendingPathComponent("Package.swift"))
        return app
    }

    @Test("The path form names the package and loads; without the name it fails as the newcomer saw")
    func pathFormLoads() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("path-dependency-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let named = try await ChildProcess.run(["swift", "package", "show-dependencies"], in: try Self.app(in: scratch, named: true))
        #expect(named.status == 0, "\(named.output)")
        #expect(named.stdout.contains("vendored-analytics<"))

        let unnamed = try await ChildProcess.run(
            ["swift", "package", "show-dependencies"], in: try Self.app(in: scratch, named: false))
        #expect(unnamed.status != 0)
        #expect(unnamed.output.contains("unknown package 'contractgen'"))
        #expect(unnamed.output.contains("valid packages are: 'vendored-analytics'"))
    }
}
