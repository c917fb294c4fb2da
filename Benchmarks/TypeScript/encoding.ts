// Making, checking and encoding one event of the example contract in Node,
// against JSON.stringify of the same properties object, interleaved round by
// round (docs/typescript.md, "Speed"). Run by Benchmarks/typescript-encoding.sh.
import * as shop from "./Generated/index.js";

declare const console: { log(...values: unknown[]): void };
declare const performance: { now(): number };

const clientTimestamp = new Date(Date.UTC(2026, 10, 20, 12, 0, 0, 123));
const properties = {
    uuid: "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6", clientTimestamp, viewType: "Home", uniqueViewId: "00000000-0000-4000-8000-000000000001",
    itemId: "tile-7", position: 3, visibleSeconds: 2.5, visibleRatio: 0.75, sku: "1234",
} as const;
const bag = {
    uuid: "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6", clientTimestamp, uniqueViewId: "00000000-0000-4000-8000-000000000001", cartId: "cart-7",
    exitInteraction: "deep_link",
    products: [
        { sku: "1234", price: 0.1, brand: "Acme & Söhne", imageUrl: "https://example.com/a.png", position: 0 },
        { sku: "99999", price: "5" },
    ],
} as const;

let sink = 0;
function time(body: () => string, count: number): number {
    const start = performance.now();
    for (let i = 0; i < count; i++) sink += body().length;
    return (performance.now() - start) / count * 1e6; // ns per call
}

const cases: [string, () => string, () => string][] = [
    ["productImpression (9 scalar fields)", () => shop.productImpression(properties).wireJSON(), () => JSON.stringify(properties)],
    ["bagPageView (array of objects)", () => shop.bagPageView(bag).wireJSON(), () => JSON.stringify(bag)],
];
const count = 20000;
for (const [name, event, stringify] of cases) {
    for (let i = 0; i < 5; i++) { time(event, count); time(stringify, count); } // warm up
    const ours: number[] = [], theirs: number[] = [];
    for (let round = 0; round < 15; round++) {
        ours.push(time(event, count));
        theirs.push(time(stringify, count));
    }
    ours.sort((a, b) => a - b);
    theirs.sort((a, b) => a - b);
    const median = (values: number[]): number => values[values.length >> 1];
    console.log(`${name}: event ${median(ours).toFixed(0)} ns, JSON.stringify ${median(theirs).toFixed(0)} ns, ratio ${(median(ours) / median(theirs)).toFixed(2)}x (medians of 15 rounds of ${count})`);
}
console.log(sink > 0 ? "" : "nothing measured");
