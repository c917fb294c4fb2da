import { events, placeOrder } from "../../packages/tracking/src/index.js";
import * as tracking from "../../packages/tracking/src/index.js";
import { track } from "./track.js";

export function finish(): void {
    track(placeOrder({ total: "12.50" }));
    track(events.appOpened());
    track(tracking.addToCart({ sku: "9", quantity: 2 }));
}
