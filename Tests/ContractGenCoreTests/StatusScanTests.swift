import ContractGenCore
import Foundation
import Testing

/// The call-site scanners of `contractgen status` (docs/status.md, "How each
/// language is scanned") on `Fixtures/status-monorepo`: a Swift package, a
/// TypeScript app with a shared package that re-exports, and a Kotlin app on
/// one contract, written to trip grep. The expected call sites are exact, in
/// `Goldens/Status/status-monorepo.txt` (re-record with `RECORD_GOLDENS=1`).
/// The TypeScript part runs the real Node and TypeScript compiler.
@Suite struct StatusScanTests {
    static let monorepo = Fixtures.directory.appendingPathComponent("status-monorepo")
    static let golden = Fixtures.packageRoot.appendingPathComponent("Tests/ContractGenCoreTests/Goldens/Status/status-monorepo.txt")
    /// The apps and packages, as separate roots.
    static let roots = ["swift-app", "web-app", "packages", "android-app"].map { monorepo.appendingPathComponent($0).path }

    static func contract() throws -> Contract {
        let result = try ContractLoader.load(path: monorepo.appendingPathComponent("contract.yaml").path)
        return try #require(result.contract, "the fixture's contract is valid")
    }

    /// One line per call site, paths relative to the fixture.
    static func text(_ sites: [CallSite]) -> String {
        let prefix = monorepo.path + "/"
        return sites.map { site in
            let file = site.file.hasPrefix(prefix) ? String(site.file.dropFirst(prefix.count)) : site.file
            return "\(file):\(site.line):\(site.column) \(site.language.rawValue) \(site.event)\n"
        }.joined()
    }

    /// The fixture's generated code is what contractgen generates today.
    @Test(arguments: [
        ("swift", "swift-app/Sources/ShopTracking/Generated"),
        ("typescript", "packages/tracking/src/Generated"),
        ("kotlin", "android-app/src/main/kotlin/com/example/shop/events"),
    ])
    func generatedCodeIsCurrent(target: String, folder: String) throws {
        let generator: any TargetGenerator = target == "kotlin"
            ? KotlinTarget(packageName: "com.example.shop.events").generator
            : try #require(CodeTargets.target(id: target)).generator
        let report = try ContractGenerator.generate(
            try Self.contract(), into: Self.monorepo.appendingPathComponent(folder), mode: .check, generator: generator)
        #expect(!report.hasDifferences, "regenerate \(folder): contractgen generate contract.yaml --target \(target) --output \(folder)")
    }

    /// Every call site, exactly: none of the comments, strings, look-alikes, build folders or generated files; all of
    /// the aliased, namespaced, re-exported, interpolated and split calls.
    @Test func findsExactlyTheCallSites() throws {
        _ = try TypeScriptProject.tool("node")
        let scan = try scanCallSites(of: try Self.contract(), CallSiteScanRequest(roots: Self.roots))
        #expect(scan.notes == [])
        #expect(scan.filesScanned == [.swift: 4, .typescript: 5, .kotlin: 3])
        #expect(scan.sites == scan.sites.sorted())
        let text = Self.text(scan.sites)
        if Fixtures.recording {
            try FileManager.default.createDirectory(at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(text == expected, "call sites differ from Goldens/Status/status-monorepo.txt; re-record with RECORD_GOLDENS=1")
    }

    /// Roots that overlap (the monorepo and an app in it) give each file once.
    @Test func overlappingRootsScanEachFileOnce() throws {
        _ = try TypeScriptProject.tool("node")
        let contract = try Self.contract()
        let whole = try scanCallSites(of: contract, CallSiteScanRequest(roots: [Self.monorepo.path, Self.roots[0]]))
        let apart = try scanCallSites(of: contract, CallSiteScanRequest(roots: Self.roots))
        #expect(whole.sites.count == apart.sites.count)
        #expect(whole.filesScanned == apart.filesScanned)
    }

    /// Only the languages asked for are scanned; exclude patterns leave files and folders out.
    @Test func languagesAndExcludePatterns() throws {
        let contract = try Self.contract()
        let kotlinOnly = try scanCallSites(of: contract, CallSiteScanRequest(roots: Self.roots, languages: [.kotlin]))
        #expect(Set(kotlinOnly.sites.map(\.language)) == [.kotlin])
        #expect(kotlinOnly.filesScanned == [.kotlin: 3])

        let excluded = try scanCallSites(of: contract, CallSiteScanRequest(
            roots: Self.roots, exclude: ["**/shop/app/**", "Aliases.swift"], languages: [.swift, .kotlin]))
        #expect(excluded.filesScanned == [.swift: 3, .kotlin: 1])
        #expect(!excluded.sites.contains { $0.language == .kotlin || $0.file.hasSuffix("Aliases.swift") })
        #expect(excluded.sites.count == 5)
    }

    /// A root that is not there is an error, not an empty scan.
    @Test func missingRootIsAnError() throws {
        #expect(throws: (any Error).self) {
            try scanCallSites(of: try Self.contract(), CallSiteScanRequest(roots: [Self.monorepo.appendingPathComponent("no-such-app").path]))
        }
    }
}
