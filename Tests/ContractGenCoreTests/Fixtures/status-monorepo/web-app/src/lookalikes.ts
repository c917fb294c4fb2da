// The app's own functions named like events: none of these is a call of a generated function.
function addToCart(item: { sku: string }): void {
    void item;
}

const basket = {
    removeCartItem(sku: string): void {
        void sku;
    },
    orderPlaced(): void {},
};

export function lookAlikes(): void {
    addToCart({ sku: "1" });
    basket.removeCartItem("2");
    basket.orderPlaced();
}
