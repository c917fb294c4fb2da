import ContractGenCore
import Foundation
import Testing
import TrackingCore

@Suite struct ContractLoaderTests {
    static func loadProjectContract() throws -> ContractLoadResult {
        let bytes = try ContractLoader.readFile(Fixtures.projectContract.path)
        return ContractLoader.load(bytes: bytes, file: "contract/contract.yaml")
    }

    @Test func projectContractHasNoErrors() throws {
        let result = try Self.loadProjectContract()
        #expect(!result.hasErrors, "\(DiagnosticFormatter.text(result.diagnostics, source: nil))")
        #expect(result.contract != nil)
    }

    @Test func projectContractLoadsIntoTheModel() throws {
        let contract = try #require(try Self.loadProjectContract().contract)
        #expect(contract.name == "Omnitracking")
        #expect(contract.version == "1.3.0")
        #expect(contract.valueSets.map(\.name) == ["ViewType", "ExitInteraction", "InteractionType", "Currency"])
        let viewType = contract.valueSets[0]
        #expect(!viewType.isList)
        #expect(viewType.cases.first == ValueSetCase(code: "wishlist", wireValue: "Wishlist", location: viewType.cases[0].location))
        #expect(contract.valueSets[1].isList)
        #expect(contract.valueSets[1].cases.map(\.wireValue) == ["back", "tab_bar", "deep_link", "product_tap", "background"])
        #expect(contract.mandatory.map(\.wireName) == ["uuid", "clientTimestamp"])
        #expect(contract.mandatory.map(\.spec.type) == [.uuid, .timestamp])
        #expect(contract.kinds.map(\.name) == ["pageView", "pageAction", "systemAction", "impression"])
        let impression = contract.kinds[3]
        #expect(impression.mandatory.first { $0.wireName == "visibleRatio" }?.spec == ValueSpec(.double, FieldConstraints(minimum: 0, maximum: 1)))
        #expect(impression.mandatory.first { $0.wireName == "itemId" }?.spec.constraints == FieldConstraints(minLength: 1, maxLength: 64))
        #expect(contract.globals.map(\.wireName) == ["appVersion", "osVersion", "deviceModel", "sessionId", "contractVersion"])
        #expect(contract.globals[0].defaultValue == .string("unknown"))
        let product = try #require(contract.objects.first)
        #expect(product.name == "Product")
        #expect(product.required.map(\.wireName) == ["sku", "price"])
        #expect(product.required[1].spec == ValueSpec(.decimal, FieldConstraints(minimum: 0)))
        #expect(product.optional.map(\.wireName) == ["brand", "image_url", "position"])
        let skuItemList = try #require(contract.fields.first { $0.wireName == "skuItemList" })
        #expect(skuItemList.spec == ValueSpec(.array(items: ValueSpec(.string, FieldConstraints(pattern: "^[0-9]{4,12}$"))), FieldConstraints(maxItems: 200)))
        #expect(contract.fields.first { $0.wireName == "products" }?.spec.type == .array(items: ValueSpec(.object("Product"))))
        #expect(contract.fields.first { $0.wireName == "searchQuery" }?.pii == true)
        #expect(contract.fields.first { $0.wireName == "legacyCategory" }?.deprecated == "Use skuItemList instead.")
        #expect(contract.events.count == 9)
        let addToBag = try #require(contract.events.first { $0.name == "addToBag" })
        #expect(addToBag.kind == "pageAction")
        #expect(addToBag.constants.map { "\($0.field)=\($0.code)" } == ["viewType=productDetail", "interactionType=tap"])
        #expect(addToBag.required.map(\.name) == ["sku", "price", "currency", "quantity"])
        let appBoot = try #require(contract.events.first { $0.name == "appBoot" })
        #expect(appBoot.required.isEmpty && appBoot.constants.isEmpty && appBoot.description == "The app finished launching.")
    }

    @Test func locationsAreOneBasedAndPointAtKeys() throws {
        let yaml = "contract: A\nversion: 1.0.0\nmandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n"
        let contract = try #require(ContractLoader.load(yaml: yaml, file: "a.yaml").contract)
        #expect(contract.mandatory[0].location == SourceLocation(file: "a.yaml", line: 4, column: 3))
        #expect(contract.mandatory[1].location == SourceLocation(file: "a.yaml", line: 5, column: 3))
    }

    @Test func projectContractWarnsOnlyAboutTheDeprecatedField() throws {
        let result = try Self.loadProjectContract()
        #expect(result.diagnostics.map(\.message) == ["event 'searchResultsPageView' uses deprecated field 'legacyCategory': Use skuItemList instead."])
    }
}
