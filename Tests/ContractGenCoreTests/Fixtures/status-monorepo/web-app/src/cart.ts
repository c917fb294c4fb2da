import { addToCart, removeCartItem as dropItem } from "../../packages/tracking/src/Generated/index.js";
import * as shop from "../../packages/tracking/src/Generated/index.js";
import { describe, track } from "./track.js";

// addToCart({ sku: "in a comment", quantity: 1 })
/* shop.searchPerformed({ query: "in a block comment" }) */
export function onAdd(sku: string): void {
    track(addToCart({ sku, quantity: 1 }));
    track(dropItem({ sku }));
    const text = "addToCart({ sku: 'in a string', quantity: 1 })";
    const template = `shop.appOpened() is text, ${describe(shop.homePageView())} is a call`;
    const nested = `${`${describe(shop.searchPerformed({ query: text + template }))}`}`;
    track(shop
        .checkoutStarted());
    void nested;
}
