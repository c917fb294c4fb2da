// The web app of the status fixture (Tests/ContractGenCoreTests/Fixtures/status-monorepo)
// sending through the TypeScript runtime's CollectorSink, for scripts/status-e2e.sh:
// node send-web.js COLLECTOR_URL. Sends valid events, one with a violation
// (quantity below its minimum), the deprecated checkoutStarted — not removeFromCart,
// which the apps' code calls: status reports it never arrived — and, as an older
// app built from a contract that still had it, the event legacyPing the
// collector's contract lacks.
import { CollectorSink, type TrackedEvent } from "@contractgen/runtime";
import * as shop from "./Generated/index.js";
import * as old from "./OldGenerated/index.js";

const collector = process.argv[2];

async function send(contract: typeof shop.$contract | typeof old.$contract, events: readonly TrackedEvent[]): Promise<number> {
    const sink = new CollectorSink(contract, { url: collector + "/v1/batch", globals: {}, batchSize: 10 });
    for (const event of events) sink.track(event);
    const summary = await sink.flush();
    console.log(`web: ${events.length} events, ${summary.delivered} delivered, ${summary.withViolations} with violations, ${summary.setAside.length} set aside`);
    return summary.delivered === events.length ? 0 : 1;
}

const current = [
    shop.addToCart({ sku: "A-1", quantity: 1 }),
    shop.addToCart({ sku: "A-2", quantity: 2 }),
    shop.addToCart({ sku: "A-3", quantity: 0 }),
    shop.homePageView(),
    shop.checkoutStarted(),
];
const older = [old.legacyPing(), old.legacyPing()];
process.exitCode = (await send(shop.$contract, current)) + (await send(old.$contract, older));
