import Foundation
import TestSupport
import Testing

/// Every fenced Swift block of README.md and docs/*.md compiles (see
/// `DocSnippet` for the markers, documented in README's "Docs that compile").
///
/// Snippets are type-checked with `swiftc -typecheck`, each on its own, against
/// the modules already built: those of this package (next to the test
/// bundle) for snippets of the root contract and the runtime. Snippets that
/// import the example's generated `ShopEvents` need `Examples/ShopApp` built;
/// no test builds a package (on a busy machine that alone took over 10
/// minutes), so ``ExampleDocumentationCompilesTests`` checks them against the
/// modules `scripts/check-example-doc-snippets.sh` built (CI runs it). Nothing
/// is linked, so each check takes seconds.
@Suite("Docs that compile", .timeLimit(.minutes(10)))
struct DocumentationCompilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func documents() throws -> [(name: String, text: String)] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return try (["README.md"] + names.map { "docs/" + $0 }).map { name in
            (name, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
        }
    }

    /// The directory of this package's built modules (beside the test bundle).
    static var rootModules: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            root.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("Modules") }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("TrackingCore.swiftmodule").path) }
    }

    static func run(_ arguments: [String], in directory: URL? = nil) async throws -> ChildProcess.Run {
        try await ChildProcess.run(arguments, in: directory ?? root)
    }

    /// `swiftc -typecheck` of one file against `modules` (and the system
    /// libraries' module maps the runtime's modules were built with).
    func typecheck(_ file: URL, modules: URL) -> [String] {
        ["swiftc", "-typecheck", "-swift-version", "6", "-parse-as-library", "-I", modules.path]
            + ["CSQLite", "CZlib", "CYAML"].flatMap { ["-I", Self.root.appendingPathComponent("Sources/\($0)").path] }
            + [file.path]
    }

    @Test("The markers are read, unknown ones refused")
    func markers() throws {
        let text = "a\n```swift\nlet x = 1\n```\n```sh\n```swift\n```\n```swift fragment\nfoo(\n```\n"
        let blocks = try DocSnippet.blocks(in: text, file: "t.md")
        #expect(blocks.map(\.line) == [2, 8])
        #expect(blocks.map(\.kind) == [.snippet, .fragment])
        #expect(blocks[0].checkedSource.contains("func documentationSnippet() async throws {\nlet x = 1\n}"))
        #expect(throws: SnippetError.self) { try DocSnippet.blocks(in: "```swift sketch\n```\n", file: "t.md") }
        let declarations = try DocSnippet.blocks(in: "```swift\nimport Foundation\n\nstruct A {\n    let b = 1\n}\n```\n", file: "t.md")
        #expect(declarations[0].checkedSource == "// t.md:1\nimport Foundation\n\nstruct A {\n    let b = 1\n}\n")
    }

    /// Whether a snippet needs the example's generated modules (`ShopEvents`, `ShopTracking`).
    static func needsExample(_ snippet: DocSnippet) -> Bool {
        snippet.code.contains("import ShopEvents") || snippet.code.contains("import ShopTracking")
    }

    @Test("Every Swift block of README.md and docs/*.md that needs no example compiles")
    func everySnippetCompiles() async throws {
        let all = try Self.documents().flatMap { try DocSnippet.blocks(in: $0.text, file: $0.name) }
        let snippets = all.filter { !Self.needsExample($0) }
        #expect(snippets.count >= 10)
        // The others are ExampleDocumentationCompilesTests' (scripts/check-example-doc-snippets.sh).
        #expect(all.count > snippets.count)
        let rootModules = try #require(Self.rootModules, "this package's modules were not found beside the test bundle")
        try await check(snippets, modules: rootModules, exampleModules: nil)
    }

    /// Type-checks `snippets` (manifests loaded) against `modules`, after a canary that must
    /// fail; with `exampleModules`, also the typed checks' mistakes against the example.
    func check(_ snippets: [DocSnippet], modules rootModules: URL, exampleModules: URL?) async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doc-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var failures: [String] = []
        // A canary: a snippet with a type error must fail, or the check checks nothing.
        let canary = DocSnippet(file: "canary.md", line: 1, kind: .snippet,
                                code: "import TrackingCore\nlet count: Int = \"one\"")
        let canaryFile = scratch.appendingPathComponent("canary.swift")
        try canary.checkedSource.write(to: canaryFile, atomically: true, encoding: .utf8)
        let canaryCheck = try await Self.run(typecheck(canaryFile, modules: rootModules))
        #expect(canaryCheck.status != 0 && canaryCheck.output.contains("cannot convert value of type 'String'"))

        // Typed checks in tests (docs/generated-code.md): a misspelt event or field name, and a value set compared
        // with its wire string, do not compile against the example's generated module.
        if let exampleModules {
            let mistakes: [(code: String, error: String)] = [
                ("expectTracked(Shop.Events.homePageVeiw, in: recorder)", "has no member 'homePageVeiw'"),
                ("_ = recorder.events(Shop.Events.homePageView).map { $0.field(Shop.Fields.exitInteracton) }",
                 "has no member 'exitInteracton'"),
                ("_ = recorder.events(Shop.Events.homePageView).filter { $0.field(Shop.Fields.exitInteraction) == \"product_tap\" }",
                 "error:"),
            ]
            for (index, mistake) in mistakes.enumerated() {
                let snippet = DocSnippet(file: "typed-mistake.md", line: index + 1, kind: .snippet,
                                         code: "import ShopEvents\nimport Testing\nimport TrackingTesting\nlet recorder = TrackingRecorder()\n" + mistake.code)
                let file = scratch.appendingPathComponent("typed-mistake-\(index).swift")
                try snippet.checkedSource.write(to: file, atomically: true, encoding: .utf8)
                let check = try await Self.run(typecheck(file, modules: exampleModules))
                #expect(check.status != 0 && check.output.contains(mistake.error), "\(mistake.code) compiled:\n\(check.output)")
                // The same line, spelt right, compiles: the failure is the mistake's.
                let right = mistake.code.replacingOccurrences(of: "homePageVeiw", with: "homePageView")
                    .replacingOccurrences(of: "exitInteracton", with: "exitInteraction")
                    .replacingOccurrences(of: "\"product_tap\"", with: ".productTap")
                let fixed = DocSnippet(file: "typed-right.md", line: index + 1, kind: .snippet,
                                       code: "import ShopEvents\nimport Testing\nimport TrackingTesting\nlet recorder = TrackingRecorder()\n" + right)
                try fixed.checkedSource.write(to: file, atomically: true, encoding: .utf8)
                let rightCheck = try await Self.run(typecheck(file, modules: exampleModules))
                #expect(rightCheck.status == 0, "\(right) does not compile:\n\(rightCheck.output)")
            }
        }

        for (index, snippet) in snippets.enumerated() {
            switch snippet.kind {
            case .fragment:
                continue
            case .manifest:
                let package = scratch.appendingPathComponent("manifest-\(index)")
                try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
                try snippet.code.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
                let dump = try await Self.run(["swift", "package", "dump-package"], in: package)
                if dump.status != 0 { failures.append("\(snippet): the manifest does not load:\n\(dump.output)") }
            case .snippet, .apple:
                let file = scratch.appendingPathComponent("snippet-\(index).swift")
                try snippet.checkedSource.write(to: file, atomically: true, encoding: .utf8)
                let modules = exampleModules ?? rootModules
                let check = try await Self.run(typecheck(file, modules: modules))
                if check.status != 0 {
                    let errors = check.output.split(separator: "\n").filter { $0.contains("error:") }
                    failures.append("\(snippet) does not compile:\n" + errors.joined(separator: "\n"))
                }
            }
        }
        if !failures.isEmpty { Issue.record(Comment(rawValue: failures.joined(separator: "\n\n"))) }
    }
}

/// The snippets of README.md and docs/*.md that import the example's generated
/// modules (`ShopEvents`), and the typed checks' mistakes, type-checked against
/// `Examples/ShopApp`'s modules. The suite does not build the example: it runs
/// when `scripts/check-example-doc-snippets.sh` (CI) built it and names its
/// modules in `DOC_SNIPPETS_EXAMPLE_MODULES`; a plain `swift test` leaves it out.
@Suite(
    "Docs that compile against Examples/ShopApp", .timeLimit(.minutes(10)),
    .enabled(if: ExampleModules.url != nil, "run scripts/check-example-doc-snippets.sh")
)
struct ExampleDocumentationCompilesTests {
    @Test("Every Swift block of README.md and docs/*.md that imports the example compiles")
    func exampleSnippetsCompile() async throws {
        let modules = try #require(ExampleModules.url)
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("ShopEvents.swiftmodule").path),
                     "\(modules.path) holds no ShopEvents module: build Examples/ShopApp first")
        let snippets = try DocumentationCompilesTests.documents().flatMap { try DocSnippet.blocks(in: $0.text, file: $0.name) }
            .filter(DocumentationCompilesTests.needsExample)
        #expect(!snippets.isEmpty)
        try await DocumentationCompilesTests().check(snippets, modules: modules, exampleModules: modules)
    }
}

/// `Examples/ShopApp`'s built modules, as scripts/check-example-doc-snippets.sh names them.
enum ExampleModules {
    static var url: URL? {
        ProcessInfo.processInfo.environment["DOC_SNIPPETS_EXAMPLE_MODULES"].map { URL(fileURLWithPath: $0) }
    }
}
