// One Node process of the kill -9 test (faults.ts): opens the file queue (taking
// over the lock of a killed predecessor), tracks COUNT new events, writes each
// uuid to TRACKED once `track` resolved (persisted), prints `flushing`, then
// flushes until the queue is empty (skipping backoff); prints `done` and exits.
// Usage: node out/kill-worker.js QUEUE URL TRACKED COUNT TAG
import * as fs from "node:fs";
import { CollectorSink } from "@contractgen/runtime";
import { FileQueue } from "@contractgen/runtime/node";
import { $contract } from "./Generated/index.js";
import { events, sleep, uuidOf } from "./support.js";

const [queuePath, url, trackedPath, countText, tag] = process.argv.slice(2);
const queue = await FileQueue.open(queuePath);
const sink = new CollectorSink($contract, { url, queue, batchSize: 10, requestTimeoutMs: 20_000 });
for (const event of events(Number(countText), tag)) {
    const result = await sink.track(event);
    if (result.persisted) fs.appendFileSync(trackedPath, uuidOf(event) + "\n");
}
process.stdout.write(`flushing ${sink.pending}\n`);
for (let attempt = 0; attempt < 100 && sink.pending > 0; attempt++) {
    sink.retryNow();
    await sink.flush();
    if (sink.pending > 0) await sleep(200);
}
process.stdout.write(`done ${sink.pending}\n`);
await sink.close();
