// The page of the browser test (browser_test.py): queues events into IndexedDB
// and delivers them with BrowserDelivery (an interval flush, and a keepalive
// send on pagehide). `?collector=URL&interval=MS`. The test drives it through `window.deliveryTest`.
import { BrowserDelivery, CollectorSink, openBrowserQueue, type Notice } from "@contractgen/runtime";
import { $contract, shaded, Shade } from "./Generated/index.js";

const parameters = new URLSearchParams(location.search);
const notices: Notice[] = [];
const queue = await openBrowserQueue("delivery-test");
const sink = new CollectorSink($contract, {
    url: (parameters.get("collector") ?? "") + "/v1/batch", queue, batchSize: 5, requestTimeoutMs: 5000,
    initialBackoffMs: 200, maximumBackoffMs: 1000, onNotice: (notice) => notices.push(notice),
});
const delivery = new BrowserDelivery(sink, { flushIntervalMs: Number(parameters.get("interval") ?? "300") });
delivery.start();

(globalThis as unknown as { deliveryTest: object }).deliveryTest = {
    queueKind: queue.constructor.name,
    restored: queue.restored.length,
    /** Tracks `count` events; resolves with their uuids once each is in IndexedDB. */
    async track(count: number, tag: string): Promise<string[]> {
        const uuids: string[] = [];
        const pending: Promise<unknown>[] = [];
        for (let i = 0; i < count; i++) {
            const event = shaded({ shade: Shade.light, step: i, email: `${tag}-${i}@example.com`, installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
            uuids.push((event.fields as { uuid: string }).uuid);
            pending.push(sink.track(event));
        }
        const results = await Promise.all(pending);
        if (!results.every((r) => (r as { persisted: boolean }).persisted)) throw new Error("not persisted: " + JSON.stringify(results));
        return uuids;
    },
    pending: (): number => sink.pending,
    notices: (): string[] => notices.map((n) => n.kind + ": " + n.reason),
};
document.title = "ready";
