// The shared tracking package: re-exports some generated functions, one under another name, and all of them as a namespace.
export { addToCart, orderPlaced as placeOrder } from "./Generated/index.js";
export * as events from "./Generated/index.js";
