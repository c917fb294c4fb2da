import Foundation
import Testing
import TrackingContract
import TrackingCore

/// One instance of every event of the example contract, with a fixed uuid and
/// timestamp, so their payloads can be compared byte for byte.
enum ExampleEvents {
    static let uuid = UUID(uuidString: "5F0C6E1A-2B3C-4D5E-8F90-A1B2C3D4E5F6")!
    static let viewId = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    static let timestamp = Date(timeIntervalSince1970: 1_795_176_000.123)

    static func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    /// Event wire name -> instance.
    static let all: [(name: String, event: any Omnitracking.Event)] = [
        ("wishlistPageView", Omnitracking.wishlistPageView(
            uniqueViewId: viewId, skuItemList: ["1234", "5678"], exitInteraction: .tabBar, uuid: uuid, clientTimestamp: timestamp)),
        ("messageCentrePageView", Omnitracking.messageCentrePageView(
            uniqueViewId: viewId, messageQuantity: 3, hasNewMessages: true, promocode: "SPRING24", uuid: uuid, clientTimestamp: timestamp)),
        ("productDetailPageView", Omnitracking.productDetailPageView(
            uniqueViewId: viewId, sku: "123456", price: decimal("19.99"), currency: .eur, uuid: uuid, clientTimestamp: timestamp)),
        ("searchResultsPageView", Omnitracking.searchResultsPageView(
            uniqueViewId: viewId, searchQuery: "red \"shoes\" \\ size 42\n😀", skuItemList: [], legacyCategory: "shoes",
            uuid: uuid, clientTimestamp: timestamp)),
        ("addToBag", Omnitracking.addToBag(
            uniqueViewId: viewId, sku: "00001234", price: decimal("1234567890.0000000001"), currency: .gbp, quantity: 2,
            uuid: uuid, clientTimestamp: timestamp)),
        ("bagPageView", Omnitracking.bagPageView(
            uniqueViewId: viewId,
            products: [
                Omnitracking.Product(sku: "1234", price: decimal("0.1"), brand: "Acme & Söhne", imageUrl: "https://example.com/a.png", position: 0),
                Omnitracking.Product(sku: "99999", price: decimal("5")),
            ],
            cartId: "cart-7", exitInteraction: .deepLink, uuid: uuid, clientTimestamp: timestamp)),
        ("applyPromocode", Omnitracking.applyPromocode(
            uniqueViewId: viewId, interactionType: .longPress, promocode: "SAVE10", uuid: uuid, clientTimestamp: timestamp)),
        ("appBoot", Omnitracking.appBoot(uuid: uuid, clientTimestamp: timestamp)),
        ("productImpression", Omnitracking.productImpression(
            viewType: .home, uniqueViewId: viewId, itemId: "tile-7", position: 3, visibleSeconds: 2.5, visibleRatio: 0.75,
            sku: "1234", uuid: uuid, clientTimestamp: timestamp)),
    ]
}

@Suite struct EncodingGoldenTests {
    @Test func everyEventOfTheContractHasAnInstance() {
        #expect(Set(ExampleEvents.all.map(\.name)) == Set(Omnitracking.descriptor.events.map(\.name)))
    }

    /// `Goldens/Events/<event>.json`, byte for byte.
    @Test(arguments: ExampleEvents.all.map(\.name))
    func payloadMatchesGolden(name: String) throws {
        let event = try #require(ExampleEvents.all.first { $0.name == name }?.event)
        let json = String(decoding: event.encodedJSON(), as: UTF8.self)
        try GeneratedTestSupport.assertGolden(
            json + "\n", at: GeneratedTestSupport.goldens.appendingPathComponent("Events/\(name).json"))
    }

    /// Every payload is valid JSON, the event is valid, and the runtime descriptor accepts it.
    @Test(arguments: ExampleEvents.all.map(\.name))
    func payloadParsesAndValidates(name: String) throws {
        let event = try #require(ExampleEvents.all.first { $0.name == name }?.event)
        let bytes = event.encodedJSON()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(object["event"] as? String == name)
        #expect(object["kind"] as? String == event.kindName)
        #expect(object["contractVersion"] as? String == "1.3.0")
        #expect(object["uuid"] as? String == "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6")
        #expect(object["clientTimestamp"] as? String == "2026-11-20T12:00:00.123Z")
        #expect(event.validate() == [])
        #expect(Omnitracking.descriptor.validate(payload: try JSONValue.parse(bytes)) == [])
    }

    @Test func payloadMembersAreInContractOrder() throws {
        let event = try #require(ExampleEvents.all.first { $0.name == "bagPageView" }?.event)
        guard case .object(let members) = try JSONValue.parse(event.encodedJSON()) else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == [
            "event", "kind", "contractVersion", "uuid", "clientTimestamp", "viewType", "uniqueViewId", "products", "cart_id",
            "exitInteraction",
        ])
    }

    @Test func valuesParseToWhatWasEncoded() throws {
        func parsed(_ name: String) throws -> [String: Any] {
            let event = try #require(ExampleEvents.all.first { $0.name == name }?.event)
            return try #require(try JSONSerialization.jsonObject(with: Data(event.encodedJSON())) as? [String: Any])
        }
        let wishlist = try parsed("wishlistPageView")
        #expect(wishlist["viewType"] as? String == "Wishlist")
        #expect(wishlist["skuItemList"] as? [String] == ["1234", "5678"])
        #expect(wishlist["exitInteraction"] as? String == "tab_bar")
        #expect(wishlist["uniqueViewId"] as? String == "00000000-0000-4000-8000-000000000001")

        let search = try parsed("searchResultsPageView")
        #expect(search["searchQuery"] as? String == "red \"shoes\" \\ size 42\n😀")
        #expect(search["skuItemList"] as? [String] == [])
        #expect(search["legacyCategory"] as? String == "shoes")

        let bag = try parsed("bagPageView")
        let products = try #require(bag["products"] as? [[String: Any]])
        #expect(products.count == 2)
        #expect(products[0]["brand"] as? String == "Acme & Söhne")
        #expect(products[0]["image_url"] as? String == "https://example.com/a.png")
        #expect((products[0]["price"] as? NSNumber)?.doubleValue == 0.1)
        #expect(products[1]["brand"] == nil)
        #expect(bag["cart_id"] as? String == "cart-7")
        #expect(bag["promocode"] == nil)

        let impression = try parsed("productImpression")
        #expect((impression["visibleSeconds"] as? NSNumber)?.doubleValue == 2.5)
        #expect((impression["position"] as? NSNumber)?.intValue == 3)
        #expect(impression["viewType"] as? String == "Home")

        let boot = try parsed("appBoot")
        #expect(Set(boot.keys) == ["event", "kind", "contractVersion", "uuid", "clientTimestamp"])
    }

    @Test func decimalsAreWrittenExactly() throws {
        let event = try #require(ExampleEvents.all.first { $0.name == "addToBag" }?.event)
        let price = try JSONValue.parse(event.encodedJSON())["price"]
        #expect(price == .number("1234567890.0000000001"))
    }
}
