// The Node file queue and the sink's local behaviour (scripts/typescript-delivery.sh,
// step "queue"): persisted across processes, torn and corrupt tails dropped and
// reported, one process per file, compaction, the bound, storage failures,
// consent and the journey. Transport: a stand-in `fetch` answering as told.
// Usage: node out/file-queue-test.js WORKDIR
import * as fs from "node:fs";
import { spawn } from "node:child_process";
import { CollectorSink, LocalStorageQueue, MemoryQueue, openBrowserQueue, queueOverflowPolicy, type StorageLike, type EventQueue, type Fetch, type Notice, type QueuedEvent } from "@contractgen/runtime";
import { FileQueue } from "@contractgen/runtime/node";
import { $contract } from "./Generated/index.js";
import { check, events, finish, sleep, uuidOf } from "./support.js";

const directory = process.argv[2];
fs.rmSync(directory, { recursive: true, force: true });
fs.writeFileSync(directory + ".keep", "");
const base = fs.mkdtempSync(directory + "-");

/** A stand-in transport: answers `status` (200: a verdict accepting the batch) and keeps the bodies. */
function transport(status: () => number, bodies: string[] = []): Fetch {
    return async (_url, init) => {
        bodies.push(init.body);
        const uuids = (JSON.parse(init.body) as { events: { uuid: string }[] }).events.map((e) => e.uuid);
        const body = status() === 200 ? JSON.stringify({ accepted: uuids, rejected: [] }) : "down";
        return { status: status(), headers: { get: () => null }, text: async () => body };
    };
}

function sinkWith(queue: EventQueue, fetch: Fetch, notices: Notice[] = [], extra: object = {}): CollectorSink {
    return new CollectorSink($contract, { url: "http://collector.invalid/v1/batch", queue, fetch, onNotice: (n) => notices.push(n), ...extra });
}

// 1. Persisted: events tracked by one queue are restored, in order, by the next.
const path = base + "/events.queue";
{
    const queue = await FileQueue.open(path);
    const sink = sinkWith(queue, transport(() => 503));
    const tracked = events(5, "persisted");
    const results = await Promise.all(tracked.map((event) => sink.track(event)));
    check(results.every((r) => r.queued && r.persisted), "track resolves queued and persisted");
    const raw = new TextDecoder().decode(fs.readFileSync(path));
    check(tracked.every((event) => raw.includes(uuidOf(event))), "every event is in the file once track resolved");
    const summary = await sink.flush();
    check(summary.kept === 5 && summary.delivered === 0 && (summary.keptReason ?? "").includes("HTTP 503"), "a 503 keeps the events with its reason: " + JSON.stringify(summary));
    await sink.close();
    const reopened = await FileQueue.open(path);
    check(JSON.stringify(reopened.restored.map((e) => e.uuid)) === JSON.stringify(tracked.map(uuidOf)), "the reopened queue restores the 5 events in order");
    check(reopened.recovered === undefined, "a clean file reports no recovery");
    await reopened.close();
}

// 2. A torn tail (a record cut short by a crash) is dropped and reported; the events before it stay.
{
    const before = fs.statSync(path).size;
    const torn = new Uint8Array([200, 0, 0, 0, 1, 2, 3, 4, 69, 57]); // a header announcing 200 bytes, 2 of them written
    const data = fs.readFileSync(path);
    const joined = new Uint8Array(data.length + torn.length);
    joined.set(data);
    joined.set(torn, data.length);
    fs.writeFileSync(path, joined);
    const notices: Notice[] = [];
    const queue = await FileQueue.open(path);
    const sink = sinkWith(queue, transport(() => 503), notices);
    check(queue.restored.length === 5, "a torn tail keeps the 5 events before it (" + queue.restored.length + ")");
    check(notices.some((n) => n.kind === "storageRecovered" && n.droppedBytes === torn.length), "a torn tail is reported as storageRecovered with its bytes: " + JSON.stringify(notices));
    check(fs.statSync(path).size === before, "the torn tail is cut from the file");
    await sink.track(events(1, "after-torn")[0]);
    await sink.close();
    const again = await FileQueue.open(path);
    check(again.restored.length === 6 && again.recovered === undefined, "appending after the cut works: 6 events, no recovery");
    await again.close();
}

// 3. A corrupt last record (a bad checksum) is dropped, the records before it kept.
{
    const data = fs.readFileSync(path);
    data[data.length - 3] ^= 0xff;
    fs.writeFileSync(path, data);
    const queue = await FileQueue.open(path);
    check(queue.restored.length === 5 && (queue.recovered?.reason ?? "").includes("torn or corrupt"), "a bad checksum drops that record only: " + queue.restored.length);
    await queue.close();
}

// 4. Not a queue file: a clear error, the file untouched.
{
    const other = base + "/notes.txt";
    fs.writeFileSync(other, "hello, not a queue");
    let message = "";
    try {
        await FileQueue.open(other);
    } catch (error) {
        message = String(error);
    }
    check(message.includes("is not a contractgen queue file"), "a foreign file is refused: " + message);
    check(fs.readFileSync(other, "utf8") === "hello, not a queue", "the foreign file is untouched");
}

// 5. One process per file: a live holder is named; a dead one's lock is taken over.
{
    const queue = await FileQueue.open(path);
    let message = "";
    try {
        await FileQueue.open(path);
    } catch (error) {
        message = String(error);
    }
    check(message.includes(`in use by process ${process.pid}`), "a second open in this process is refused: " + message);
    await queue.close();
    const sleeper = spawn("sleep", ["60"], { stdio: ["ignore", "ignore", "ignore"] });
    fs.writeFileSync(path + ".lock", String(sleeper.pid));
    message = "";
    try {
        await FileQueue.open(path);
    } catch (error) {
        message = String(error);
    }
    check(message.includes(`in use by process ${sleeper.pid}`) && message.includes("one process per queue file"), "a live process's lock is refused, naming it: " + message);
    const exited = new Promise<void>((resolve) => sleeper.on("exit", () => resolve()));
    sleeper.kill("SIGKILL");
    await exited;
    const taken = await FileQueue.open(path);
    check(taken.restored.length === 5, "a dead process's lock is taken over");
    await taken.close();
    check(!fs.existsSync(path + ".lock"), "close removes the lock");
}

// 6. Compaction: a file of confirmed events shrinks; what is live survives it.
{
    const compactPath = base + "/compact.queue";
    const queue = await FileQueue.open(compactPath, { compactAboveBytes: 16 * 1024 });
    const sink = sinkWith(queue, transport(() => 200), [], { batchSize: 10 });
    for (const event of events(300, "compact")) await sink.track(event);
    const grown = fs.statSync(compactPath).size;
    const summary = await sink.flush();
    check(summary.delivered === 300, "300 delivered before compaction: " + summary.delivered);
    const kept = events(3, "after-compact");
    for (const event of kept) await sink.track(event);
    await sink.persisted();
    const compacted = fs.statSync(compactPath).size;
    check(grown > 16 * 1024 && compacted < 16 * 1024, `the file was compacted: ${grown} -> ${compacted} bytes`);
    await sink.close();
    const reopened = await FileQueue.open(compactPath);
    check(JSON.stringify(reopened.restored.map((e) => e.uuid)) === JSON.stringify(kept.map(uuidOf)), "after compaction exactly the 3 live events are restored");
    await reopened.close();
}

// 7. The bound: past it, the oldest queued events are dropped for the new one (the shared
// queueOverflowPolicy, as in Swift and Kotlin), reported; one event larger than the byte limit is refused.
{
    check(queueOverflowPolicy === "dropOldest", "the shared table's overflow policy is dropOldest");
    const notices: Notice[] = [];
    const queue = new MemoryQueue();
    const sink = sinkWith(queue, transport(() => 200), notices, { maxQueuedEvents: 3 });
    const tracked = events(4, "bound");
    const results = await Promise.all(tracked.map((event) => sink.track(event)));
    check(results.every((r) => r.queued), "every event is queued, the 4th too");
    const dropped = notices.find((n) => n.kind === "droppedOldest");
    check(dropped?.kind === "droppedOldest" && dropped.uuids.length === 1 && dropped.uuids[0] === uuidOf(tracked[0]) && dropped.limit.events === 3,
        "droppedOldest names the oldest event and the limit");
    check(sink.pending === 3, "the queue holds its limit");
    check(sink.journey.steps(uuidOf(tracked[0])).some((step) => step.step === "dropped"), "the dropped event's journey says so");
    const summary = await sink.flush();
    check(summary.delivered === 3, "the 3 newest events are delivered");
    const bytesNotices: Notice[] = [];
    const bytesSink = sinkWith(new MemoryQueue(), transport(() => 200), bytesNotices, { maxQueuedBytes: 500 });
    const results2 = await Promise.all(events(10, "bytes").map((event) => bytesSink.track(event)));
    check(results2.every((r) => r.queued) && bytesSink.pending < 10 && bytesNotices.some((n) => n.kind === "droppedOldest"), "the byte limit drops the oldest too");
    const tinyNotices: Notice[] = [];
    const tinySink = sinkWith(new MemoryQueue(), transport(() => 200), tinyNotices, { maxQueuedBytes: 10 });
    const [tiny] = events(1, "tiny");
    const refused = await tinySink.track(tiny);
    check(!refused.queued && (refused.reason ?? "").includes("queue is full") && tinyNotices.some((n) => n.kind === "queueFull" && n.uuid === uuidOf(tiny)),
        "an event larger than the whole byte limit is refused, reported as queueFull");
}

// 8. A storage failure: reported, the event stays in memory and is still delivered.
{
    class FailingQueue implements EventQueue {
        readonly restored: readonly QueuedEvent[] = [];
        append(): Promise<void> {
            return Promise.reject(new Error("ENOSPC: no space left on device"));
        }
        remove(): Promise<void> {
            return Promise.resolve();
        }
        close(): Promise<void> {
            return Promise.resolve();
        }
    }
    const notices: Notice[] = [];
    const sink = sinkWith(new FailingQueue(), transport(() => 200), notices);
    const result = await sink.track(events(1, "disk-full")[0]);
    check(result.queued && !result.persisted && (result.reason ?? "").includes("ENOSPC"), "a failed append says so: " + JSON.stringify(result));
    check(notices.some((n) => n.kind === "storageFailure" && n.reason.includes("ENOSPC")), "a failed append is reported as storageFailure");
    check((await sink.flush()).delivered === 1, "the event is still delivered");
}

// 9. Consent: denied removes every pii member (here `email`) before the event is queued.
{
    const captured: string[] = [];
    const sink2 = sinkWith(new MemoryQueue(), transport(() => 200, captured), [], { consent: "denied" });
    await sink2.track(events(1, "denied")[0]);
    sink2.consent = "granted";
    await sink2.track(events(1, "granted")[0]);
    await sink2.flush();
    const payloads = (JSON.parse(captured[0]) as { events: { email?: string }[] }).events;
    check(payloads.length === 2 && payloads[0].email === undefined && payloads[1].email === "granted-0@example.com", "consent denied strips email, granted keeps it: " + captured[0]);
}

// 10. The journey: tracked, persisted, sent, acknowledged; failures with their reason.
{
    let status = 500;
    const queue = await FileQueue.open(base + "/journey.queue");
    const sink = sinkWith(queue, transport(() => status), [], { clock: () => 1_000_000 });
    const event = events(1, "journey")[0];
    await sink.track(event);
    await sink.flush();
    status = 200;
    sink.retryNow();
    await sink.flush();
    const steps = sink.journey.steps(uuidOf(event)).map((s) => s.step + (s.detail === undefined ? "" : ":" + s.detail));
    check(JSON.stringify(steps) === JSON.stringify(["tracked", "persisted", "sent", "failed:HTTP 500", "sent", "acknowledged"]), "the journey: " + JSON.stringify(steps));
    await sink.close();
}
// 11. The unload send: the oldest events that fit the browser's keepalive budget, as one batch body.
{
    const sink = sinkWith(new MemoryQueue(), transport(() => 200));
    const tracked = events(400, "unload");
    for (const event of tracked) await sink.track(event);
    const unload = sink.unloadBody(60 * 1024);
    const bytes = new TextEncoder().encode(unload?.body ?? "").length;
    const sent = (JSON.parse(unload?.body ?? "{}") as { events?: { uuid: string }[] }).events ?? [];
    check(unload !== undefined && bytes <= 60 * 1024 && bytes > 50 * 1024, "the unload body fills but never exceeds 60 KiB: " + bytes);
    check(sent.length === unload?.uuids.length && sent.length < 400 && sent.every((e, i) => e.uuid === uuidOf(tracked[i])), "it holds the oldest events, in order: " + sent.length);
    check(sink.pending === 400, "the events sent on unload stay queued until a flush confirms them");
}
// 12. A listener that throws does not break delivery.
{
    const sink = new CollectorSink($contract, {
        url: "http://collector.invalid/v1/batch", fetch: transport(() => 500), onNotice: () => {
            throw new Error("a broken listener");
        },
    });
    await sink.track(events(1, "listener")[0]);
    const summary = await sink.flush();
    check(summary.kept === 1 && (summary.keptReason ?? "").includes("HTTP 500"), "a throwing onNotice leaves the flush's result intact: " + JSON.stringify(summary));
}
// 13. localStorage, where IndexedDB is missing: restored in order, shared by two tabs without overwriting.
{
    class MapStorage implements StorageLike {
        readonly items = new Map<string, string>();
        get length(): number {
            return this.items.size;
        }
        key(index: number): string | null {
            return [...this.items.keys()][index] ?? null;
        }
        getItem(key: string): string | null {
            return this.items.get(key) ?? null;
        }
        setItem(key: string, value: string): void {
            this.items.set(key, value);
        }
        removeItem(key: string): void {
            this.items.delete(key);
        }
    }
    const storage = new MapStorage();
    storage.setItem("unrelated", "left alone");
    const firstTab = sinkWith(new LocalStorageQueue("q:", storage), transport(() => 200));
    const first = events(3, "tab-one");
    for (const event of first) await firstTab.track(event);
    const secondTab = sinkWith(new LocalStorageQueue("q:", storage), transport(() => 503));
    check(secondTab.pending === 3, "a second tab restores the first tab's 3 events");
    const second = events(2, "tab-two");
    for (const event of second) await secondTab.track(event);
    const reopened = new LocalStorageQueue("q:", storage);
    check(JSON.stringify(reopened.restored.map((e) => e.uuid)) === JSON.stringify([...first, ...second].map(uuidOf)), "localStorage restores both tabs' 5 events in the order tracked");
    check((await firstTab.flush()).delivered === 3, "the first tab delivers its 3");
    const after = new LocalStorageQueue("q:", storage);
    check(JSON.stringify(after.restored.map((e) => e.uuid)) === JSON.stringify(second.map(uuidOf)), "confirmed events leave localStorage; the second tab's stay");
    check(storage.getItem("unrelated") === "left alone", "other keys are left alone");
    const global = globalThis as unknown as { localStorage?: StorageLike };
    global.localStorage = storage;
    const fallback = await openBrowserQueue("fallback");
    delete global.localStorage;
    check(fallback instanceof LocalStorageQueue, "without IndexedDB, openBrowserQueue falls back to localStorage");
}
// 14. Backoff: jitter adds up to 20% at random; Retry-After (seconds or an HTTP date) is a floor.
{
    const at = Date.parse("2026-12-07T12:00:00.000Z");
    const answering = (status: number, retryAfter: string | null): Fetch => async () => ({
        status, headers: { get: (name: string) => (name.toLowerCase() === "retry-after" ? retryAfter : null) }, text: async () => "",
    });
    const jittered = sinkWith(new MemoryQueue(), answering(503, null), [], { clock: () => at, random: () => 0.99 });
    await jittered.track(events(1, "jitter")[0]);
    await jittered.flush();
    check(jittered.nextAttemptAt - at === 2000 + 2000 * 0.2 * 0.99, "the first retry waits 2 s plus jitter: " + (jittered.nextAttemptAt - at));
    const dated = sinkWith(new MemoryQueue(), answering(429, "Mon, 07 Dec 2026 12:05:00 GMT"), [], { clock: () => at, random: () => 0 });
    await dated.track(events(1, "dated")[0]);
    await dated.flush();
    check(dated.nextAttemptAt - at === 300_000, "Retry-After as an HTTP date is honoured: " + (dated.nextAttemptAt - at));
    const short = sinkWith(new MemoryQueue(), answering(503, "1"), [], { clock: () => at, random: () => 0 });
    await short.track(events(1, "short")[0]);
    await short.flush();
    check(short.nextAttemptAt - at === 2000, "a Retry-After shorter than the backoff does not shorten it: " + (short.nextAttemptAt - at));
}
await sleep(0);
fs.rmSync(base, { recursive: true, force: true });
fs.rmSync(directory + ".keep", { force: true });
finish("file queue and sink");
