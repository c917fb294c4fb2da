/// The app's own functions named like events: none of these is a call of a generated function.
func addToCart(sku: String) {}

struct Basket {
    func addToCart(_ sku: String) {}
    func removeItem(sku: String) {}
}

func lookAlikes(basket: Basket) {
    addToCart(sku: "1")
    basket.addToCart("2")
    basket.removeItem(sku: "3")
    let reference = Shop.addToCart
    _ = reference
}

// After the code, so that its lines stay as the scan's golden has them.
import ShopTracking
