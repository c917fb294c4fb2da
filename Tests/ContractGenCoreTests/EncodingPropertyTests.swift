import Foundation
import PropertyBased
import Testing
import TrackingContract
import TrackingCore

/// Random valid instances encode to parseable JSON and pass both the generated
/// validator and the runtime descriptor; a broken constraint is reported with
/// the path of the value that breaks it.
@Suite struct EncodingPropertyTests {
    static let sku = Gen.number.string(of: 4...12)
    static let price = Gen.int(in: 0...10_000_000).map { Decimal($0) / 100 }
    static let text = Gen.character(in: " "..."~").string(of: 0...30)
    static let product = zip(sku, price, text, Gen.int(in: 0...500)).map { sku, price, brand, position in
        Omnitracking.Product(sku: sku, price: price, brand: brand.isEmpty ? nil : brand, imageUrl: "https://cdn.example/\(position).png", position: position)
    }
    static let timestamp = Gen.int(in: 0...4_000_000_000_000).map { Date(timeIntervalSince1970: Double($0) / 1000) }

    static func check(_ event: some Omnitracking.Event) throws {
        let bytes = event.encodedJSON()
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect(parsed?["event"] as? String == event.eventName)
        #expect(event.validate() == [])
        #expect(Omnitracking.descriptor.validate(payload: try JSONValue.parse(bytes)) == [])
    }

    @Test func randomBagPageViewsEncodeAndValidate() async {
        await propertyCheck(count: 200, input: Self.product.array(of: 0...50), Self.text, Gen<Omnitracking.ExitInteraction>.case, Self.timestamp) {
            products, cartId, exit, timestamp in
            let event = Omnitracking.bagPageView(
                uniqueViewId: UUID(), products: products, cartId: cartId, promocode: "ABCD1234", exitInteraction: exit,
                clientTimestamp: timestamp)
            try? Self.check(event)
            let parsed = try? JSONSerialization.jsonObject(with: Data(event.encodedJSON())) as? [String: Any]
            #expect((parsed?["products"] as? [Any])?.count == products.count)
            #expect(parsed?["cart_id"] as? String == cartId)
        }
    }

    @Test func randomAddToBagEventsEncodeAndValidate() async {
        await propertyCheck(count: 200, input: Self.sku, Self.price, Gen<Omnitracking.Currency>.case, Gen.int(in: 1...99)) { sku, price, currency, quantity in
            let event = Omnitracking.addToBag(uniqueViewId: UUID(), sku: sku, price: price, currency: currency, quantity: quantity)
            try? Self.check(event)
            let value = try? JSONValue.parse(event.encodedJSON())
            #expect(value?["price"] == .number(price.description))
            #expect(value?["currency"] == .string(currency.rawValue))
        }
    }

    @Test func randomImpressionsEncodeAndValidate() async {
        await propertyCheck(
            count: 200, input: Gen<Omnitracking.ViewType>.case, Gen.letterOrNumber.string(of: 1...64), Gen.int(in: 0...10_000),
            Gen.double(in: 0...3600), Gen.double(in: 0...1)
        ) { viewType, itemId, position, seconds, ratio in
            let event = Omnitracking.productImpression(
                viewType: viewType, uniqueViewId: UUID(), itemId: itemId, position: position, visibleSeconds: seconds,
                visibleRatio: ratio, sku: "1234")
            try? Self.check(event)
            // Doubles are written in their shortest round-trip form: reading the text back gives the same
            // value. (Checked with Double(text): Linux JSONSerialization may round the last bit.)
            guard case .number(let text)? = (try? JSONValue.parse(event.encodedJSON()))?["visibleRatio"] else {
                Issue.record("visibleRatio is not a number")
                return
            }
            #expect(Double(text) == ratio)
        }
    }

    @Test func randomWishlistViewsEncodeAndValidate() async {
        await propertyCheck(count: 200, input: Self.sku.array(of: 0...200), Self.timestamp) { skus, timestamp in
            let event = Omnitracking.wishlistPageView(uniqueViewId: UUID(), skuItemList: skus, clientTimestamp: timestamp)
            try? Self.check(event)
            let parsed = try? JSONSerialization.jsonObject(with: Data(event.encodedJSON())) as? [String: Any]
            #expect(parsed?["skuItemList"] as? [String] == skus)
            #expect(parsed?["clientTimestamp"] as? String == ISO8601Timestamp.string(from: timestamp))
        }
    }

    /// A negative price at a random index is reported at `products[i].price`,
    /// by the generated validator and by the runtime descriptor alike.
    @Test func brokenNestedConstraintIsReportedWithItsPath() async {
        await propertyCheck(count: 100, input: Self.product.array(of: 1...50), Gen.int(in: 0...49), Gen.int(in: 1...100_000)) {
            products, rawIndex, cents in
            var products = products
            let index = rawIndex % products.count
            products[index].price = -Decimal(cents) / 100
            let event = Omnitracking.bagPageView(uniqueViewId: UUID(), products: products, cartId: "c")
            let violations = event.validate()
            #expect(violations.map(\.path) == ["products[\(index)].price"])
            #expect(violations.map(\.code) == [.belowMinimum])
            let runtime = Omnitracking.descriptor.validate(payload: (try? JSONValue.parse(event.encodedJSON())) ?? .null)
            #expect(runtime == violations)
        }
    }

    /// Each kind of broken constraint, each at its own path.
    @Test func eachBrokenConstraintIsReportedWithItsPath() async {
        await propertyCheck(count: 100, input: Gen.int(in: 100...10_000), Gen.int(in: 0...199), Gen.letter.string(of: 1...3)) {
            quantity, badIndex, junk in
            let add = Omnitracking.addToBag(uniqueViewId: UUID(), sku: "12" + junk, price: 1, currency: .usd, quantity: quantity)
            #expect(Set(add.validate().map(\.path)) == ["sku", "quantity"])
            #expect(Set(add.validate().map(\.code)) == [.patternMismatch, .aboveMaximum])

            var skus = Array(repeating: "1234", count: 201)
            skus[badIndex] = junk
            let wishlist = Omnitracking.wishlistPageView(uniqueViewId: UUID(), skuItemList: skus)
            #expect(wishlist.validate().map(\.path) == ["skuItemList", "skuItemList[\(badIndex)]"])
            #expect(wishlist.validate().map(\.code) == [.tooManyItems, .patternMismatch])
            let runtime = Omnitracking.descriptor.validate(payload: (try? JSONValue.parse(wishlist.encodedJSON())) ?? .null)
            #expect(runtime == wishlist.validate())
        }
    }
}
