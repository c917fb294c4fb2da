import Foundation
import ShopEvents

let view = HomePageView(skuItemList: ["1234", "5678"])
print(String(decoding: view.encodedJSON(), as: UTF8.self))
let bad = AddToCart(sku: "12ab", price: Decimal(string: "9.99")!, currency: .eur, quantity: 500)
for violation in bad.validate() { print("violation: \(violation)") }
