@testable import ContractGenCore
import Foundation
import PropertyBased
import Testing
import TrackingContract
import TrackingCore

/// `contractgen docs`: the catalogue's content, its example payloads (checked
/// by the runtime's own descriptor check), escaping and self-containment.
@Suite struct CatalogueTests {
    static func projectContract() throws -> Contract { try DiffFixtures.contract("contract/contract.yaml") }

    /// Every example payload of the project contract passes the generated descriptor's check.
    @Test func examplePayloadsPassTheRuntimeCheck() throws {
        let contract = try Self.projectContract()
        let examples = ExamplePayload(contract: contract)
        for event in contract.events {
            let payload = try #require(examples.payload(for: event), "no example for \(event.name)")
            #expect(Omnitracking.descriptor.validate(payload: payload) == [], "\(event.name): \(PrettyJSON.compact(payload))")
            // Every field the event may carry is shown, and the globals.
            let keys = Set(payload.objectKeys)
            for reference in event.required + event.optional { #expect(keys.contains(reference.name)) }
            for global in contract.globals { #expect(keys.contains(global.wireName)) }
        }
    }

    /// The page shows exactly those examples.
    @Test func pageEmbedsTheExamples() throws {
        let contract = try Self.projectContract()
        let html = CatalogueRenderer(contract: contract).page()
        let examples = ExamplePayload(contract: contract)
        for event in contract.events {
            let shown = "<pre><code>" + HTML.escape(PrettyJSON.text(try #require(examples.payload(for: event)))) + "</code></pre>"
            #expect(html.contains(shown), "\(event.name)")
            #expect(html.contains("<article class=\"event\" id=\"event-\(event.name)\""))
        }
    }

    /// Random valid contracts get examples their own descriptor accepts.
    @Test func examplesOfRandomContractsAreValid() async {
        await propertyCheck(count: 100, input: ContractDiffPropertyTests.seeds) { seed in
            guard let contract = try? DiffFixtures.contract(yaml: RandomContract.yaml(seed: seed)) else {
                Issue.record("seed \(seed) made an invalid contract")
                return
            }
            let descriptor = ContractTranslator.descriptor(of: contract)
            let examples = ExamplePayload(contract: contract)
            for event in contract.events {
                guard let payload = examples.payload(for: event) else {
                    Issue.record("seed \(seed): no example for \(event.name)")
                    continue
                }
                #expect(descriptor.validate(payload: payload) == [], "seed \(seed) \(event.name)")
            }
        }
    }

    @Test(arguments: [
        "^[0-9]{4,12}$", "^[A-Z0-9]{4,16}$", "^https://", "^[a-z]+(-[a-z]+)*$", "^(?:EUR|GBP)$", "^[0-9]{3}-[0-9]{2}$",
        "^[^@ ]+@[^@ ]+\\.[a-z]{2,}$", "^v?[0-9]+\\.[0-9]+$", "^[A-Za-z_][A-Za-z0-9_]{0,31}$", "colou?r", "^[a-z]+ [a-z]+$", "^[^\\-]+\\.[a-z\\-]{2}$", "^(x|y){2}\\(z\\)$",
    ])
    func patternExamplesMatch(pattern: String) throws {
        let example = try #require(PatternExample.string(matching: pattern))
        #expect(ContractRegex.matches(example, pattern: pattern), "'\(example)'")
    }

    @Test func lengthsAndPatternTogether() {
        let contract = try? DiffFixtures.contract(yaml: """
            \(ContractText.head)
            kinds:
              systemAction:
            fields:
              code: { type: string, pattern: '^[A-Z]+$', minLength: 6, maxLength: 8 }
              few: { type: array, items: { type: int, minimum: 5, maximum: 5 }, minItems: 3, maxItems: 3 }
              ratio: { type: double, minimum: 2.5, maximum: 2.75 }
              count: { type: int, minimum: -10, maximum: -3 }
            events:
              opened:
                kind: systemAction
                required: [code, few, ratio, count]
            """)
        guard let contract, let event = contract.events.first, let payload = ExamplePayload(contract: contract).payload(for: event) else {
            Issue.record("no example")
            return
        }
        #expect(ContractTranslator.descriptor(of: contract).validate(payload: payload) == [], "\(PrettyJSON.compact(payload))")
    }

    /// When the builder's choices cannot match (the first alternative here), the example is left out, never wrong.
    @Test func unbuildablePatternGetsNoExample() throws {
        let contract = try DiffFixtures.contract(yaml: """
            \(ContractText.head)
            kinds:
              systemAction:
            fields:
              word: { type: string, pattern: '^(a$b|c)$' }
            events:
              opened: { kind: systemAction, required: [word] }
            """)
        #expect(ExamplePayload(contract: contract).payload(for: contract.events[0]) == nil)
        #expect(CatalogueRenderer(contract: contract).page().contains("No example: no value could be built for a pattern."))
    }

    /// Text from the contract cannot become markup or script.
    @Test func contractTextIsEscaped() throws {
        let contract = try DiffFixtures.contract(yaml: """
            contract: Shop
            version: 1.0.0
            description: "</script><script>alert(1)</script> & <b>bold</b>"
            mandatory:
              uuid: { type: uuid, description: "\\"><img src=x onerror=alert(1)>" }
              clientTimestamp: { type: timestamp }
            kinds:
              systemAction: { description: "it's <i>" }
            fields:
              note: { type: string, pattern: '^<[a-z]+>$', deprecated: "</td></tr></table>" }
            events:
              opened:
                kind: systemAction
                optional: [note]
            """)
        let html = CatalogueRenderer(contract: contract).page()
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>bold"))
        #expect(!html.contains("<i>"))
        #expect(html.components(separatedBy: "<script>").count == 2, "only the page's own script")
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;"))
        // The example's value for the pattern is escaped too.
        #expect(html.contains("&quot;note&quot;: &quot;&lt;a&gt;&quot;"))
    }

    /// A contract without value sets, objects, curated fields or globals has no heading (nor contents entry) for
    /// them; the kinds (with the envelope) and the events are always there.
    @Test func emptySectionsAreOmitted() throws {
        let contract = try DiffFixtures.contract(yaml: """
            contract: Shop
            version: 1.0.0
            mandatory:
              uuid: { type: uuid }
              clientTimestamp: { type: timestamp }
            kinds:
              systemAction:
            events:
              opened: { kind: systemAction }
            """)
        let html = CatalogueRenderer(contract: contract).page()
        for (id, title) in [("value-sets", "Value sets"), ("objects", "Objects"), ("fields", "Curated fields"), ("globals", "Globals")] {
            #expect(!html.contains("<h2>\(title)</h2>"))
            #expect(!html.contains("id=\"\(id)\""))
            #expect(!html.contains("href=\"#\(id)\""))
        }
        #expect(html.contains("<section id=\"kinds\">\n<h2>Kinds</h2>"))
        #expect(html.contains("<a href=\"#kinds\">Kinds</a>"))
        #expect(html.contains("<section id=\"events\">"))
        // The project's contract has every section, each listed in the contents.
        let full = CatalogueRenderer(contract: try Self.projectContract()).page()
        for id in ["kinds", "value-sets", "objects", "fields", "globals"] {
            #expect(full.contains("<section id=\"\(id)\">") && full.contains("<li><a href=\"#\(id)\">"))
        }
    }

    /// Nothing to fetch: no `src`, no stylesheet or script files, links only within the page.
    @Test func pageIsSelfContained() throws {
        let html = CatalogueRenderer(contract: try Self.projectContract(), changes: try DiffFixtures.report()).page()
        #expect(!html.contains(" src="))
        #expect(!html.contains("@import"))
        #expect(!html.contains("url("))
        let hrefs = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(!hrefs.isEmpty)
        for href in hrefs { #expect(href.hasPrefix("#") || href == "data:,", "\(href)") }
    }

    @Test func usageAndChangelog() throws {
        let html = CatalogueRenderer(contract: try Self.projectContract(), changes: try DiffFixtures.report()).page()
        // The value set Currency is used by the events with a currency field.
        let currency = try #require(html.components(separatedBy: "id=\"valueSet-Currency\"").last?.components(separatedBy: "</article>").first)
        #expect(currency.contains("Used by: <a href=\"#event-productDetailPageView\">productDetailPageView</a>, <a href=\"#event-addToBag\">addToBag</a>"))
        let product = try #require(html.components(separatedBy: "id=\"object-Product\"").last?.components(separatedBy: "</article>").first)
        #expect(product.contains("<a href=\"#event-bagPageView\">bagPageView</a>"))
        let promocode = try #require(html.components(separatedBy: "id=\"field-promocode\"").last?.components(separatedBy: "</tr>").first)
        #expect(promocode.contains("messageCentrePageView</a>, <a href=\"#event-bagPageView\">bagPageView</a>, <a href=\"#event-applyPromocode\">applyPromocode</a>"))
        // Inherited fields are listed with where they come from; constants with their value.
        let wishlist = try #require(html.components(separatedBy: "id=\"event-wishlistPageView\"").last?.components(separatedBy: "</article>").first)
        #expect(wishlist.contains("<td>envelope</td>"))
        #expect(wishlist.contains("<td>kind pageView, always “Wishlist”</td>"))
        let search = try #require(html.components(separatedBy: "id=\"event-searchResultsPageView\"").last?.components(separatedBy: "</article>").first)
        #expect(search.contains("<span class=\"badge pii\">pii</span>"))
        #expect(search.contains("<span class=\"badge deprecated\">deprecated</span> Use skuItemList instead."))
        // The changelog lists every change with its rule.
        let changelog = try #require(html.components(separatedBy: "<section id=\"changelog\">").last)
        for rule in ChangeType.allCases { #expect(changelog.contains("<code>\(rule.rawValue)</code>")) }
    }

    /// `Goldens/Catalogue/index.html`: the catalogue of contract/contract.yaml, for review.
    @Test func catalogueGolden() throws {
        let html = CatalogueRenderer(contract: try Self.projectContract()).page()
        try GeneratedTestSupport.assertGolden(html, at: GeneratedTestSupport.goldens.appendingPathComponent("Catalogue/index.html"))
    }
}

extension JSONValue {
    var objectKeys: [String] {
        if case .object(let members) = self { return members.map(\.key) }
        return []
    }
}
