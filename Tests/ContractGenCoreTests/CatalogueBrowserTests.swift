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
        let result = try await Self.check(contract: "contract/contract.yaml", extraArguments: ["--since", DiffFixtures.oldPath],
                                          query: "promocode", screenshots: Self.screenshots)
        #expect(result["title"] as? String == "Omnitracking 1.3.0 · tracking catalogue")
        let all = try #require(result["allEvents"] as? [String])
        #expect(all.count == 9)
        #expect(result["status"] as? String == "9 events")
        #expect(all.last == "productImpression")

        // Typing "promocode" keeps the events that carry it (or are named after it), in the list and the page.
        let found = try #require(result["searchEvents"] as? [String])
        #expect(found == ["messageCentrePageView", "bagPageView", "applyPromocode"])
        #expect(result["searchNav"] as? [String] == found)
        #expect(result["searchStatus"] as? String == "3 of 9 events match “promocode”")
        let rows = try #require(result["searchVisibleRows"] as? [String])
        #expect(rows.filter { $0.hasPrefix("promocode ") }.count == 3)
        #expect(rows.filter { !$0.hasPrefix("promocode ") }.count == 5, "applyPromocode's own rows, shown because its name matches")
    }

    /// 2,000 more events, so that most of the page is off screen and left unrendered
    /// (`content-visibility: auto`): the search still finds every event, and a link
    /// and a deep link to events far down the page still land below the search bar.
    @Test func aLargeCatalogueFiltersAndLandsLikeASmallOne() async throws {
        let count = 2_000
        var contract = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("contract/contract.yaml"), encoding: .utf8)
        for index in 0..<count {
            contract += "  bulkEvent\(index):\n    kind: systemAction\n    required: [sku]\n"
            if index % 7 == 0 { contract += "    optional: [promocode]\n" }
        }
        let directory = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("large.yaml")
        try contract.write(to: path, atomically: true, encoding: .utf8)

        let result = try await Self.check(contract: path.path, query: "promocode", deepLink: "bulkEvent1500",
                                          screenshots: Self.screenshots.appendingPathComponent("large"))
        let all = try #require(result["allEvents"] as? [String])
        #expect(all.count == 9 + count)
        #expect(result["status"] as? String == "\(9 + count) events")
        let carrying = (0..<count).filter { $0 % 7 == 0 }.map { "bulkEvent\($0)" }
        let found = try #require(result["searchEvents"] as? [String])
        #expect(found == ["messageCentrePageView", "bagPageView", "applyPromocode"] + carrying)
        #expect(result["searchNav"] as? [String] == found)
        #expect(result["searchStatus"] as? String == "\(3 + carrying.count) of \(9 + count) events match “promocode”")
        #expect(all.last == "bulkEvent\(count - 1)")
    }

    /// Writes the catalogue of `contract`, runs `browser_check.py` on it, and checks
    /// what holds for every catalogue: no console message, nothing fetched, every
    /// link has a target, a link the search hid and a deep link land in view below
    /// the sticky search bar, and the screenshots were taken. Returns the rest.
    static func check(contract: String, extraArguments: [String] = [], query: String, deepLink: String? = nil,
                      screenshots: URL) async throws -> [String: Any] {
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: run scripts/install-test-deps.sh")
        }
        let executable = try ContractGenExecutable.location()
        let output = try GeneratedTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }

        let docs = try await ChildProcess.run(
            executable, ["docs", contract, "--output", output.path] + extraArguments, in: Fixtures.packageRoot)
        try #require(docs.status == 0, "\(docs.stderr)")

        let browser = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [script.path, output.appendingPathComponent("index.html").path, screenshots.path, query] + (deepLink.map { [$0] } ?? []),
            in: Fixtures.packageRoot)
        try #require(browser.status == 0, "the browser check did not run (chromium, chromium-driver, python3-selenium?): \(browser.stderr)")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(browser.stdout.utf8)) as? [String: Any])

        // Loaded, with no console message at all and nothing fetched.
        #expect((result["console"] as? [Any])?.isEmpty == true, "console: \(result["console"] ?? "")")
        #expect((result["resources"] as? [Any])?.isEmpty == true, "resources: \(result["resources"] ?? "")")
        #expect(result["noMatchEvents"] as? [String] == [])
        #expect(result["noMatchMessageShown"] as? Bool == true)

        // A link to an event the search hid (the page's last) clears the search and brings
        // the event into view, below the sticky search bar.
        let last = try #require((result["allEvents"] as? [String])?.last)
        #expect(result["afterClickHash"] as? String == "#event-\(last)")
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
            let size = (try? FileManager.default.attributesOfItem(atPath: screenshots.appendingPathComponent(name).path)[.size] as? Int) ?? 0
            #expect(size > 10_000, "screenshot \(name)")
        }
        return result
    }
}
