// `track` on the caller while a flush is in progress (docs/performance.md,
// "TypeScript delivery"): the time of each `sink.track(event)` call (the
// caller's part: globals appended, the payload queued for the group append),
// with the Node file queue (fsync'd appends) and with the memory queue, while
// a background loop flushes to a stand-in collector that answers after 5 ms.
// Also the time until `track`'s promise resolves (the event fsync'd).
// Usage: node out/track.js WORKDIR [EVENTS]
import * as fs from "node:fs";
import { CollectorSink, MemoryQueue, type EventQueue, type Fetch, type TrackedEvent } from "@contractgen/runtime";
import { FileQueue } from "@contractgen/runtime/node";
import { $contract, shaded, Shade } from "./Generated/index.js";

const work = process.argv[2];
const count = Number(process.argv[3] ?? "20000");

const collector: Fetch = (_url, init) => new Promise((resolve) => setTimeout(() => {
    const uuids = (JSON.parse(init.body) as { events: { uuid: string }[] }).events.map((e) => e.uuid);
    resolve({ status: 200, headers: { get: () => null }, text: async () => JSON.stringify({ accepted: uuids }) });
}, 5));

function percentile(sorted: readonly number[], p: number): number {
    return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

async function run(name: string, queue: EventQueue): Promise<void> {
    const sink = new CollectorSink($contract, { url: "http://collector.invalid/v1/batch", queue, fetch: collector, batchSize: 100 });
    const made: TrackedEvent[] = [];
    for (let i = 0; i < count; i++) made.push(shaded({ shade: Shade.dark, step: i % 1000, email: `user-${i}@example.com`, installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) }));
    let flushing = true;
    let flushes = 0;
    const background = (async () => {
        while (flushing) {
            await sink.flush();
            flushes++;
            await new Promise((resolve) => setTimeout(resolve, 1));
        }
    })();
    const calls: number[] = [];
    const persisted: number[] = [];
    for (let i = 0; i < count; i++) {
        const start = performance.now();
        const promise = sink.track(made[i]);
        calls.push((performance.now() - start) * 1000);
        if (i % 50 === 0) {
            const from = performance.now();
            void promise.then(() => persisted.push(performance.now() - from));
        }
        // A caller that tracks in bursts: the event loop runs (storage, flush) between them.
        if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await sink.persisted();
    flushing = false;
    await background;
    await sink.flush();
    calls.sort((a, b) => a - b);
    persisted.sort((a, b) => a - b);
    const fmt = (x: number): string => x.toFixed(2);
    console.log(`${name}: track on the caller, ${count} events, ${flushes} flushes meanwhile: median ${fmt(percentile(calls, 0.5))} µs, p90 ${fmt(percentile(calls, 0.9))} µs, p99 ${fmt(percentile(calls, 0.99))} µs, max ${fmt(calls[calls.length - 1])} µs; until persisted: median ${fmt(percentile(persisted, 0.5))} ms, p99 ${fmt(percentile(persisted, 0.99))} ms; left queued ${sink.pending}`);
    await sink.close();
}

for (let round = 1; round <= 3; round++) {
    const path = `${work}/bench-${round}.queue`;
    fs.rmSync(path, { force: true });
    await run(`round ${round}, file queue`, await FileQueue.open(path));
    await run(`round ${round}, memory queue`, new MemoryQueue());
}
