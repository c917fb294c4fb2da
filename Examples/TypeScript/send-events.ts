// Sends the example contract's events (contract/contract.yaml) from Node
// through the runtime's CollectorSink to a running collector, then reads back
// what the collector stored: each stored payload must be, byte for byte, the
// Swift encoding of the same event (Tests/ContractGenCoreTests/Goldens/Events,
// Swift's encodedJSON()) with its uuid and the globals the sink appends.
// Run by scripts/typescript-e2e.sh: node send-events.js COLLECTOR_URL GOLDENS_DIR
// (compiled with Conformance/TypeScript/node.d.ts for the Node API it uses).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CollectorSink, type TrackedEvent } from "@contractgen/runtime";
import * as shop from "./Generated/index.js";

const [collector, goldens] = [process.argv[2], process.argv[3]];
const clientTimestamp = new Date(Date.UTC(2026, 10, 20, 12, 0, 0, 123));
const view = "00000000-0000-4000-8000-000000000001";
const uuid = (n: number): string => "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5" + String(n).padStart(2, "0");
const goldenUUID = "5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6";

// The arguments of Tests/ContractGenCoreTests/EncodingGoldenTests.swift, one uuid each (the collector keeps one event per uuid).
const events: readonly TrackedEvent[] = [
    shop.addToBag({ uuid: uuid(1), clientTimestamp, uniqueViewId: view, sku: "00001234", price: "1234567890.0000000001", currency: "GBP", quantity: 2 }),
    shop.appBoot({ uuid: uuid(2), clientTimestamp }),
    shop.applyPromocode({ uuid: uuid(3), clientTimestamp, uniqueViewId: view, interactionType: "long_press", promocode: "SAVE10" }),
    shop.bagPageView({
        uuid: uuid(4), clientTimestamp, uniqueViewId: view, cartId: "cart-7", exitInteraction: "deep_link",
        products: [
            shop.Product({ sku: "1234", price: 0.1, brand: "Acme & Söhne", imageUrl: "https://example.com/a.png", position: 0 }),
            { sku: "99999", price: "5" },
        ],
    }),
    shop.messageCentrePageView({ uuid: uuid(5), clientTimestamp, uniqueViewId: view, messageQuantity: 3, hasNewMessages: true, promocode: "SPRING24" }),
    shop.productDetailPageView({ uuid: uuid(6), clientTimestamp, uniqueViewId: view, sku: "123456", price: "19.99", currency: "EUR" }),
    shop.productImpression({
        uuid: uuid(7), clientTimestamp, viewType: "Home", uniqueViewId: view, itemId: "tile-7", position: 3, visibleSeconds: 2.5, visibleRatio: 0.75, sku: "1234",
    }),
    shop.searchResultsPageView({ uuid: uuid(8), clientTimestamp, uniqueViewId: view, searchQuery: 'red "shoes" \\ size 42\n😀', skuItemList: [], legacyCategory: "shoes" }),
    shop.wishlistPageView({ uuid: uuid(9), clientTimestamp, uniqueViewId: view, skuItemList: ["1234", "5678"], exitInteraction: "tab_bar" }),
];

// deviceModel is left out: the sink sends its contract default ("unknown"), as the Swift dispatcher does.
const globals = { appVersion: "4.2.0", osVersion: "Node 20", sessionId: "00000000-0000-4000-8000-0000000000aa" };
const globalsJSON = `"appVersion":"4.2.0","osVersion":"Node 20","deviceModel":"unknown","sessionId":"00000000-0000-4000-8000-0000000000aa"`;

async function main(): Promise<number> {
    const sink = new CollectorSink(shop.$contract, { url: collector + "/v1/batch", globals, batchSize: 4 });
    for (const event of events) {
        if (!event.isValid) throw new Error(event.name + ": " + JSON.stringify(event.violations));
        sink.track(event);
    }
    const summary = await sink.flush();
    console.log(`sent ${events.length} events: ${summary.delivered} delivered, ${summary.setAside.length} set aside, ${summary.kept} kept`);
    let failures = summary.delivered === events.length ? 0 : 1;
    const stored = storedPayloads(await (await fetch(collector + "/events?limit=100")).text());
    events.forEach((event, index) => {
        const swift = readFileSync(join(goldens, event.name + ".json"), "utf8").trimEnd().replace(goldenUUID, uuid(index + 1));
        const expected = swift.slice(0, -1) + "," + globalsJSON + "}";
        const found = stored.get(uuid(index + 1));
        if (found !== expected) {
            failures++;
            console.log(`FAIL ${event.name}\n  stored ${found}\n  swift  ${expected}`);
        }
    });
    console.log(`${events.length - failures} of ${events.length} stored payloads are the Swift bytes`);
    return failures === 0 ? 0 : 1;
}

/** uuid -> the raw text of its `payload` in a `/events` answer (the bytes as stored, not re-encoded). */
function storedPayloads(answer: string): Map<string, string> {
    const found = new Map<string, string>();
    let at = 0;
    while ((at = answer.indexOf('"payload":', at)) >= 0) {
        const start = at + '"payload":'.length;
        let depth = 0, inString = false, end = start;
        for (; end < answer.length; end++) {
            const c = answer[end];
            if (inString) {
                if (c === "\\") end++;
                else if (c === '"') inString = false;
            } else if (c === '"') inString = true;
            else if (c === "{" || c === "[") depth++;
            else if (c === "}" || c === "]") {
                depth--;
                if (depth === 0) break;
            }
        }
        const payload = answer.slice(start, end + 1);
        found.set((JSON.parse(payload) as { uuid: string }).uuid, payload);
        at = end;
    }
    return found;
}

main().then((status) => { process.exitCode = status; }, (error) => { console.log(String(error)); process.exitCode = 1; });
