import ContractGenCore
import Testing

@Suite struct SwiftNameTests {
    @Test(arguments: [("cart_id", "cartId"), ("image-url", "imageUrl"), ("Type", "type"), ("a.b", "aB"), ("_1st", "_1st")])
    func lowerCamel(wire: String, swift: String) {
        #expect(CamelCase.lowerCamel(wire) == swift)
    }

    @Test func escapesKeywords() {
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("cartId") == "cartId")
    }
}
