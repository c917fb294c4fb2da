import CollectorResponses
@testable import ContractGenCore
import Foundation
import Testing

/// `contractgen status`'s join and formats (docs/status.md) on a hand-made
/// scan and the saved arrivals of `Fixtures/status/`: the findings, their
/// order, each format's golden (`Goldens/Status/`, `RECORD_GOLDENS=1`),
/// terminal-safe text and the saved copy's checks.
@Suite struct StatusReportTests {
    static let directory = Fixtures.directory.appendingPathComponent("status")
    static let contractFile = "Tests/ContractGenCoreTests/Fixtures/status/contract.yaml"

    static func contract() throws -> Contract { try DiffFixtures.contract(contractFile) }

    static func arrivals() throws -> ArrivalsReport {
        try ArrivalsReading.read(file: directory.appendingPathComponent("arrivals.json").path, since: nil)
    }

    /// The calls the scanners would find in a small monorepo (listed out of order: the join sorts).
    static let scan = CallSiteScan(
        sites: [
            CallSite(event: "orderPlaced", language: .kotlin, file: "android/app/src/main/kotlin/Checkout.kt", line: 40, column: 13),
            CallSite(event: "addToCart", language: .swift, file: "ios/Sources/Shop/CartView.swift", line: 12, column: 9),
            CallSite(event: "addToCart", language: .typescript, file: "web/src/cart.ts", line: 7, column: 3),
            CallSite(event: "checkoutStarted", language: .swift, file: "ios/Sources/Shop/CheckoutView.swift", line: 30, column: 17),
            CallSite(event: "orderPlaced", language: .typescript, file: "web/src/checkout.ts", line: 22, column: 5),
            CallSite(event: "searchPerformedWithAVeryLongEventNameIndeed", language: .swift, file: "ios/Sources/Shop/Search.swift", line: 3, column: 1),
            CallSite(event: "searchStarted", language: .kotlin, file: "android/app/src/main/kotlin/Search.kt", line: 5, column: 9),
        ],
        filesScanned: [.swift: 3, .typescript: 2, .kotlin: 2],
        notes: ["web/src/legacy.ts: not UTF-8, not scanned"])

    static func report() throws -> StatusReport {
        StatusReport(contract: try contract(), contractFile: contractFile, scan: scan, arrivals: try arrivals())
    }

    /// Every kind of finding, each about the right event, in the documented order (kind, then event).
    @Test func findingsOfEveryKind() throws {
        let report = try Self.report()
        let found = report.findings.map { "\($0.kind.rawValue) \($0.event)" }
        #expect(found == [
            "not-called wishlistOpened",
            "not-arrived orderPlaced",
            "unknown-event legacyPing",
            "deprecated checkoutStarted",
            "violations searchPerformedWithAVeryLongEventNameIndeed",
        ])
        #expect(report.rows.map(\.event) == ["addToCart", "checkoutStarted", "orderPlaced", "searchPerformedWithAVeryLongEventNameIndeed", "wishlistOpened"])
        #expect(report.rows[0].sites.map(\.file) == ["ios/Sources/Shop/CartView.swift", "web/src/cart.ts"])
        #expect(report.findings[1].sites.map(\.language) == [.kotlin, .typescript])
        #expect(report.findings[1].message == "called at 2 sites, never arrived since 2026-12-01")
        #expect(report.findings[3].message == "deprecated (Send orderPlaced instead.), still called at 1 site and arrived 4 times since 2026-12-01")
        // The scan's note is kept, and a call of an event the contract lacks becomes one.
        #expect(report.notes.count == 2)
        #expect(report.notes[0] == "web/src/legacy.ts: not UTF-8, not scanned")
        #expect(report.notes[1].hasPrefix("'searchStarted' is called (android/app/src/main/kotlin/Search.kt:5:9)"))
        #expect(report.failing([.notArrived, .unknownEvent]).map(\.event) == ["orderPlaced", "legacyPing"])
    }

    /// Without a scan nothing is said about calls; without arrivals nothing about arrivals.
    @Test func onlyWhatWasGivenIsJudged() throws {
        let contract = try Self.contract()
        let none = StatusReport(contract: contract, contractFile: Self.contractFile, scan: nil, arrivals: nil)
        #expect(none.findings.isEmpty)
        let codeOnly = StatusReport(contract: contract, contractFile: Self.contractFile, scan: Self.scan, arrivals: nil)
        #expect(codeOnly.findings.map(\.kind) == [.notCalled, .deprecated])
        let arrivalsOnly = StatusReport(contract: contract, contractFile: Self.contractFile, scan: nil, arrivals: try Self.arrivals())
        #expect(arrivalsOnly.findings.map(\.kind) == [.unknownEvent, .deprecated, .violations])
        // An event that arrived zero times did not arrive.
        var zero = try Self.arrivals()
        zero.events[0].count = 0
        let report = StatusReport(contract: contract, contractFile: Self.contractFile, scan: Self.scan, arrivals: zero)
        #expect(report.findings.contains { $0.kind == .notArrived && $0.event == "addToCart" })
    }

    @Test(arguments: StatusFormat.allCases)
    func formatGolden(_ format: StatusFormat) throws {
        let text = format.render(try Self.report(), failOn: [.notArrived, .unknownEvent])
        let name = ["table": "report.txt", "json": "report.json", "junit": "report.xml", "github": "report.github.txt"][format.rawValue]!
        try GeneratedTestSupport.assertGolden(text, at: GeneratedTestSupport.goldens.appendingPathComponent("Status/\(name)"))
    }

    /// The table's rows fit 100 columns, the long name cut with an ellipsis.
    @Test func tableFitsOneHundredColumns() throws {
        let text = StatusFormat.table.render(try Self.report(), failOn: [])
        let table = text.components(separatedBy: "\n\nWhere:")[0]
        for line in table.split(separator: "\n") { #expect(line.count <= 100, "\(line)") }
        #expect(table.contains("searchPerformedWithAVeryLon…"))
    }

    /// The JSON reads back: counts, sites and the failing flag as documented.
    @Test func jsonReadsBack() throws {
        let text = StatusFormat.json.render(try Self.report(), failOn: [.violations])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["failing"] as? Int == 1)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.count == 5)
        let calls = try #require(events[0]["calls"] as? [[String: Any]])
        #expect(calls.map { $0["language"] as? String } == ["swift", "typescript"])
        let arrived = try #require(events[0]["arrived"] as? [String: Any])
        #expect(arrived["count"] as? Int == 120)
        #expect((arrived["contractVersions"] as? [String: Int]) == ["1.2.0": 100, "1.1.0": 20])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.filter { $0["failing"] as? Bool == true }.map { $0["event"] as? String } == ["searchPerformedWithAVeryLongEventNameIndeed"])
    }

    /// A name that arrived at a collector is anybody's text: no format lets
    /// an escape, a line break or a bidi control through as it is.
    @Test func hostileNamesAreShownEscaped() throws {
        let hostile = "evil\u{1B}]0;pwned\u{07}\n::error::forged\u{202E}x"
        let arrivals = ArrivalsReport(readAt: "2026-12-07T05:00:00.000Z", events: [
            ArrivedEvent(event: hostile, count: 1, firstSeen: "2026-12-07T00:00:00.000Z", lastSeen: "2026-12-07T00:00:00.000Z",
                         violations: ["bad\ncode": 1]),
        ])
        let report = StatusReport(contract: try Self.contract(), contractFile: Self.contractFile, scan: nil, arrivals: arrivals)
        for format in StatusFormat.allCases {
            let text = format.render(report, failOn: [.unknownEvent])
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(format)")
            #expect(!text.contains("\n::error::forged"), "\(format)")
        }
        let json = StatusFormat.json.render(report, failOn: [])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let unknown = try #require(object["unknownEvents"] as? [[String: Any]])
        #expect(unknown.first?["event"] as? String == hostile)
    }

    @Test func failOnLists() throws {
        #expect(try StatusReport.FindingKind.parseList("not-called, violations").get() == [.notCalled, .violations])
        #expect(try StatusReport.FindingKind.parseList("all").get() == Set(StatusReport.FindingKind.allCases))
        #expect(try StatusReport.FindingKind.parseList("").get() == [])
        guard case .failure(let error) = StatusReport.FindingKind.parseList("not-called,uncalled") else {
            Issue.record("an unknown kind was accepted")
            return
        }
        #expect(error.description == "unknown finding 'uncalled' in --fail-on; findings are not-called, not-arrived, unknown-event, deprecated, violations (or all, none)")
    }

    /// A saved copy: a wrong format, a wrong document and a window it cannot apply are clear errors.
    @Test func savedArrivalsAreChecked() throws {
        let file = Self.directory.appendingPathComponent("arrivals.json").path
        #expect(try ArrivalsReading.read(file: file, since: "2026-12-01").events.count == 4)
        #expect(throws: ArrivalsReading.Failure.self) { try ArrivalsReading.read(file: file, since: "2026-11-01") }
        do {
            _ = try ArrivalsReading.read(file: file, since: "2026-11-01")
        } catch {
            #expect(error.description.contains("cannot be applied"))
            #expect(error.description.contains("arrivals?since=2026-11-01"))
        }
        do {
            _ = try ArrivalsReading.decode(Data(#"{"format": 2, "readAt": "x", "events": []}"#.utf8), name: "a.json")
            Issue.record("format 2 was read")
        } catch {
            #expect(error.description == "a.json: arrivals format 2, this contractgen reads format 1; use a contractgen as new as the collector")
        }
        do {
            _ = try ArrivalsReading.decode(Data(#"{"format": 1, "events": []}"#.utf8), name: "b.json")
            Issue.record("a document without readAt was read")
        } catch {
            #expect(error.description.contains("member 'readAt' missing"))
        }
    }

    /// The collector's URL: https and garbage are refused with the way out.
    @Test func collectorURLs() throws {
        let url = try ArrivalsReading.CollectorURL("http://127.0.0.1:8080/")
        #expect(url.host == "127.0.0.1" && url.port == 8080 && url.basePath == "")
        let v6 = try ArrivalsReading.CollectorURL("http://[::1]:9/base")
        #expect(v6.host == "::1" && v6.port == 9 && v6.basePath == "/base")
        do {
            _ = try ArrivalsReading.CollectorURL("https://collector.example")
            Issue.record("https was accepted")
        } catch {
            #expect(error.description.contains("curl -o arrivals.json https://collector.example/arrivals"))
        }
        #expect(throws: ArrivalsReading.Failure.self) { try ArrivalsReading.CollectorURL("ftp://x") }
        #expect(throws: ArrivalsReading.Failure.self) { try ArrivalsReading.CollectorURL("http://host:99999") }
    }

    /// The project file's `status:` section, and a bad finding in it.
    @Test func projectFileStatusSection() throws {
        let text = """
            contract: contract.yaml
            targets:
              swift: { output: Generated }
            status:
              sources: [ios, web/src]
              exclude: ["**/Fixtures/**"]
              collector: http://127.0.0.1:8080
              fail-on: [not-arrived, unknown-event]
            """
        let parsed = ProjectFile.parse(bytes: Array(text.utf8), file: "shop/contractgen.yaml")
        let status = try #require(parsed.project?.status, "\(parsed.diagnostics.map(\.message))")
        #expect(status.sources == ["shop/ios", "shop/web/src"])
        #expect(status.exclude == ["**/Fixtures/**"])
        #expect(status.collector == "http://127.0.0.1:8080")
        #expect(status.failOn == ["not-arrived", "unknown-event"])
        let resolved = StatusSources.resolve(flags: StatusSources(arrivalsFile: "saved.json"), project: status)
        #expect(resolved.sources == ["shop/ios", "shop/web/src"] && resolved.collector == nil && resolved.arrivalsFile == "saved.json")

        let bad = ProjectFile.parse(bytes: Array((text.replacingOccurrences(of: "unknown-event", with: "unknown-events") + "\n  colector: x\n").utf8), file: "p.yaml")
        #expect(bad.project == nil)
        #expect(bad.diagnostics.map(\.message) == ["unknown finding 'unknown-events' in 'fail-on'", "unknown key 'colector' in 'status'"])
    }

    /// `contractgen docs` given the same inputs shows the same columns per event, and the findings.
    @Test func catalogueShowsTheStatus() throws {
        let report = try Self.report()
        let html = CatalogueRenderer(contract: try Self.contract(), status: report).page()
        try GeneratedTestSupport.assertGolden(html, at: GeneratedTestSupport.goldens.appendingPathComponent("Catalogue/status.html"))
        #expect(html.contains("<tr><th>called</th><td><code>ios/Sources/Shop/CartView.swift:12:9</code> swift<br><code>web/src/cart.ts:7:3</code> typescript</td></tr>"))
        #expect(html.contains("<tr><th>arrived</th><td>120 since 2026-12-01, last 2026-12-07T04:59:00.000Z</td></tr>"))
        #expect(html.contains("<tr><th>violations</th><td>missingRequiredField 3, typeMismatch 2, valueBelowMinimum 2</td></tr>"))
        #expect(html.contains("<tr><th>arrived</th><td><span class=\"muted\">never since 2026-12-01</span></td></tr>"))
        #expect(html.contains("<section id=\"status\">"))
        for finding in report.findings { #expect(html.contains(HTML.escape(finding.message)), "\(finding.kind)") }
        // Without status inputs the page is as before.
        #expect(!CatalogueRenderer(contract: try Self.contract()).page().contains("class=\"status\""))
    }
}
