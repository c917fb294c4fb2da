import Foundation
import TestSupport
import Testing

/// The catalogue in a real browser: `contractgen docs` writes it, headless
/// Chromium (Debian's chromium + chromium-driver, driven through
/// python3-selenium) loads it from `file://`. The page loads with no console
/// message, loads no other resource, the search filters as you type, and
/// every link lands. Screenshots are kept in `.build/catalogue-screenshots/`.
/// Fails, never skips, when a component is missing.
@Suite struct CatalogueBrowserTests {
    static let script = Fixtures.directory.appendingPathComponent("catalogue/browser_check.py")
    static let screenshots = Fixtures.packageRoot.appendingPathComponent(".build/catalogue-screenshots")

    @Test func catalogueWorksInHeadlessChromium() async throws {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: run scripts/install-test-deps.sh")
        }
        let executable = try #require(ContractGenExecutable.url, "contractgen is not built next to the tests")
        let output = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }

        let docs = try await ChildProcess.run(
            executable, ["docs", "contract/contract.yaml", "--output", output.path, "--since", DiffFixtures.oldPath],
            in: Fixtures.packageRoot)
        try #require(docs.status == 0, "\(docs.stderr)")

        let browser = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [Self.script.path, output.appendingPathComponent("index.html").path, Self.screenshots.path, "promocode"],
            in: Fixtures.packageRoot)
        try #require(browser.status == 0, "the browser check did not run (chromium, chromium-driver, python3-selenium?): \(browser.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(browser.stdout.utf8)) as? [String: Any])

        // Loaded, with no console message at all and nothing fetched.
        #expect(result["title"] as? String == "Omnitracking 1.3.0 · tracking catalogue")
        #expect((result["console"] as? [Any])?.isEmpty == true, "console: \(result["console"] ?? "")")
        #expect((result["resources"] as? [Any])?.isEmpty == true, "resources: \(result["resources"] ?? "")")
        let all = try #require(result["allEvents"] as? [String])
        #expect(all.count == 9)
        #expect(result["status"] as? String == "9 events")

        // Typing "promocode" keeps the events that carry it (or are named after it), in the list and the page.
        let found = try #require(result["searchEvents"] as? [String])
        #expect(found == ["messageCentrePageView", "bagPageView", "applyPromocode"])
        #expect(result["searchNav"] as? [String] == found)
        #expect(result["searchStatus"] as? String == "3 of 9 events match “promocode”")
        let rows = try #require(result["searchVisibleRows"] as? [String])
        #expect(rows.filter { $0.hasPrefix("promocode ") }.count == 3)
        #expect(rows.filter { !$0.hasPrefix("promocode ") }.count == 5, "applyPromocode's own rows, shown because its name matches")
        #expect(result["noMatchEvents"] as? [String] == [])
        #expect(result["noMatchMessageShown"] as? Bool == true)

        // A link to an event the search hid clears the search and brings the event into view,
        // below the sticky search bar.
        #expect(result["afterClickHash"] as? String == "#event-productImpression")
        #expect(result["afterClickSearch"] as? String == "")
        for key in ["afterClickTop", "deepLinkTop"] {
            let position = try #require(result[key] as? [Double], "\(key)")
            #expect(position.count == 3 && position[0] >= position[2] - 1 && position[0] < position[1] / 2, "\(key): \(position)")
        }
        // Every link points into the page, at an element that exists.
        let links = try #require(result["links"] as? [String])
        #expect(links.count > 50)
        #expect(links.allSatisfy { $0.hasPrefix("#") || $0 == "data:," })
        #expect(result["missingTargets"] as? [String] == [])

        for name in ["1-loaded.png", "2-search.png", "3-link.png", "4-deep-link.png"] {
            let size = (try? FileManager.default.attributesOfItem(atPath: Self.screenshots.appendingPathComponent(name).path)[.size] as? Int) ?? 0
            #expect(size > 10_000, "screenshot \(name)")
        }
    }
}
