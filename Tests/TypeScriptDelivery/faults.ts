// Fault tests against the real collector behind Conformance/Delivery/fault-proxy.py
// (scripts/typescript-delivery.sh, steps "faults" and "kill"): collector down
// then up, 404 then the right URL, 500s, timeouts, 413, 401 then a new token;
// then kill -9 of a Node process in the middle of a flush, repeated, and of one
// in the middle of tracking, and a last process that flushes the file queue. Every event tracked must be stored by
// the collector exactly once (its read API, by uuid); duplicates only by uuid.
// Usage: node out/faults.js COLLECTOR-URL PROXY-URL WORKDIR faults|kill
import * as fs from "node:fs";
import { spawn } from "node:child_process";
import { CollectorSink, type Notice } from "@contractgen/runtime";
import { FileQueue } from "@contractgen/runtime/node";
import { $contract } from "./Generated/index.js";
import { check, events, finish, getJSON, postJSON, sleep, uuidOf } from "./support.js";

const [collector, proxy, work, which] = process.argv.slice(2);
const batchURL = proxy + "/v1/batch";

async function mode(value: string): Promise<void> {
    await postJSON(proxy + "/_fault", { mode: value });
}

/** Each uuid's number of rows in the collector. */
async function storedCounts(uuids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const uuid of uuids) {
        const answer = (await getJSON(`${collector}/events?uuid=${uuid}&limit=10`)) as { events: { uuid: string }[] };
        counts.set(uuid, answer.events.filter((e) => e.uuid.toLowerCase() === uuid).length);
    }
    return counts;
}

async function expectStoredOnce(uuids: readonly string[], what: string): Promise<void> {
    const counts = await storedCounts(uuids);
    const wrong = [...counts].filter(([, count]) => count !== 1);
    check(wrong.length === 0, `${what}: every event stored exactly once; not so: ${JSON.stringify(wrong.slice(0, 5))} (${wrong.length} of ${uuids.length})`);
}

function newSink(url: string, notices: Notice[], extra: object = {}): CollectorSink {
    return new CollectorSink($contract, { url, requestTimeoutMs: 1500, onNotice: (n) => notices.push(n), ...extra });
}

async function trackAll(sink: CollectorSink, count: number, tag: string): Promise<string[]> {
    const made = events(count, tag);
    for (const event of made) await sink.track(event);
    return made.map(uuidOf);
}

if (which === "faults") {
    // Collector down (a refused connection), then up: the file queue carries the events over.
    {
        const notices: Notice[] = [];
        const path = work + "/down.queue";
        const down = newSink("http://127.0.0.1:2/v1/batch", notices, { queue: await FileQueue.open(path) });
        const uuids = await trackAll(down, 4, "down");
        const first = await down.flush();
        check(first.kept === 4 && first.setAside.length === 0 && /ECONNREFUSED/.test(first.keptReason ?? ""), "a refused connection keeps the events with its reason: " + JSON.stringify(first));
        check(notices.some((n) => n.kind === "deliveryFailed" && /ECONNREFUSED/.test(n.reason)), "a refused connection is reported");
        await down.close();
        const up = newSink(batchURL, [], { queue: await FileQueue.open(path) });
        check(up.pending === 4, "the file queue holds the 4 events for the next process");
        const second = await up.flush();
        check(second.delivered === 4 && second.kept === 0, "once the collector is up, all 4 are delivered: " + JSON.stringify(second));
        await up.close();
        await expectStoredOnce(uuids, "down then up");
    }
    // The proxy drops the connection (the collector unreachable), then passes.
    {
        await mode("drop");
        const notices: Notice[] = [];
        const sink = newSink(batchURL, notices);
        const uuids = await trackAll(sink, 4, "drop");
        const first = await sink.flush();
        check(first.kept === 4 && /network error/.test(first.keptReason ?? ""), "a dropped connection keeps the events: " + JSON.stringify(first));
        await mode("pass");
        sink.retryNow();
        const second = await sink.flush();
        check(second.delivered === 4, "after the drop, all delivered: " + JSON.stringify(second));
        await expectStoredOnce(uuids, "dropped then passed");
    }
    // 404 (a wrong URL), then the right URL: nothing set aside.
    {
        const path = work + "/wrong-url.queue";
        const wrong = newSink(proxy + "/v1/wrong-path", [], { queue: await FileQueue.open(path) });
        const uuids = await trackAll(wrong, 4, "wrong-url");
        const first = await wrong.flush();
        check(first.kept === 4 && first.setAside.length === 0 && /HTTP 404/.test(first.keptReason ?? ""), "a 404 keeps the events (a wrong URL loses nothing): " + JSON.stringify(first));
        await wrong.close();
        const right = newSink(batchURL, [], { queue: await FileQueue.open(path) });
        const second = await right.flush();
        check(second.delivered === 4, "with the right URL, all delivered: " + JSON.stringify(second));
        await right.close();
        await expectStoredOnce(uuids, "404 then the right URL");
    }
    // 500s, with backoff growing, then the collector answers.
    {
        await mode("status:500");
        const notices: Notice[] = [];
        // A clock that stands still: the backoff is exactly what the sink chose (no jitter: random 0).
        const standing = Date.now();
        const sink = newSink(batchURL, notices, { random: () => 0, clock: () => standing });
        const uuids = await trackAll(sink, 4, "five-hundred");
        const delays: number[] = [];
        for (let i = 0; i < 3; i++) {
            const before = standing;
            sink.retryNow();
            const summary = await sink.flush();
            check(summary.kept === 4 && summary.setAside.length === 0 && /HTTP 500/.test(summary.keptReason ?? ""), "a 500 keeps the events: " + JSON.stringify(summary));
            delays.push(sink.nextAttemptAt - before);
        }
        check(JSON.stringify(delays) === "[2000,4000,8000]", "the backoff doubles from 2 s: " + JSON.stringify(delays));
        const backingOff = await sink.flush();
        check(backingOff.requests === 0 && /backing off/.test(backingOff.keptReason ?? ""), "a flush during backoff sends nothing and says why: " + JSON.stringify(backingOff));
        await mode("pass");
        sink.retryNow();
        check((await sink.flush()).delivered === 4, "after the 500s, all delivered");
        await expectStoredOnce(uuids, "500s");
    }
    // A timeout (the proxy never answers), then the collector answers.
    {
        await mode("stall");
        const sink = newSink(batchURL, [], { requestTimeoutMs: 1000 });
        const uuids = await trackAll(sink, 4, "timeout");
        const first = await sink.flush();
        check(first.kept === 4 && /no answer within 1000 ms/.test(first.keptReason ?? ""), "a timeout keeps the events: " + JSON.stringify(first));
        await mode("pass");
        sink.retryNow();
        check((await sink.flush()).delivered === 4, "after the timeout, all delivered");
        await expectStoredOnce(uuids, "timeout");
    }
    // 413: batches split until they fit; one event above the collector's limit but within the sink's is kept and reported.
    {
        const notices: Notice[] = [];
        const sink = newSink(batchURL, notices);
        const uuids = await trackAll(sink, 8, "split");
        const body = '{"sentAt":"2026-12-07T12:00:00.000Z","events":[]}'.length;
        // Room for about 2 events per request.
        const oneEvent = JSON.stringify(events(1, "split")[0].wireJSON()).length;
        await mode("max-bytes:" + (body + 2 * oneEvent + 10));
        const first = await sink.flush();
        check(first.delivered === 8 && first.setAside.length === 0, "413 splits the batch until every event is delivered: " + JSON.stringify(first));
        await expectStoredOnce(uuids, "413 split");
        await mode("max-bytes:100");
        const single = newSink(batchURL, notices);
        const [lone] = await trackAll(single, 1, "lone");
        const refused = await single.flush();
        check(refused.kept === 1 && refused.setAside.length === 0, "one event the collector finds too large (within maxRequestBytes) is kept: " + JSON.stringify(refused));
        check(notices.some((n) => n.kind === "collectorLimit" && n.uuid === lone), "and reported as collectorLimit");
        await mode("pass");
        single.retryNow();
        check((await single.flush()).delivered === 1, "then delivered once the limit is lifted");
        const oversized = newSink(batchURL, [], { maxRequestBytes: 100 });
        await trackAll(oversized, 1, "oversized");
        const aside = await oversized.flush();
        check(aside.setAside.length === 1 && /larger than maxRequestBytes/.test(aside.setAside[0].reason), "one event larger than maxRequestBytes is set aside with why: " + JSON.stringify(aside));
    }
    // 401, then a new token.
    {
        await mode("token:the-new-write-key-0123456789");
        const notices: Notice[] = [];
        const sink = newSink(batchURL, notices, { headers: { Authorization: "Bearer an-old-key" } });
        const uuids = await trackAll(sink, 4, "token");
        const first = await sink.flush();
        check(first.paused && first.kept === 4 && first.setAside.length === 0, "a 401 pauses and keeps the events: " + JSON.stringify(first));
        check(notices.some((n) => n.kind === "paused" && n.status === 401), "the pause is reported");
        const whilePaused = await sink.flush();
        check(whilePaused.requests === 0 && whilePaused.paused, "no request while paused");
        sink.resume({ Authorization: "Bearer the-new-write-key-0123456789" });
        const second = await sink.flush();
        check(second.delivered === 4 && !second.paused, "resumed with the new token, all delivered: " + JSON.stringify(second));
        await expectStoredOnce(uuids, "401 then a new token");
        await mode("pass");
    }
    finish("fault tests against the real collector");
}

if (which === "kill") {
    // kill -9 in the middle of a flush, 5 times: the proxy answers 2 s after the
    // collector stored a batch, so a process killed meanwhile leaves events stored
    // but not deleted from its file; the next process sends them again.
    const queuePath = work + "/killed.queue";
    const trackedPath = work + "/tracked.txt";
    fs.writeFileSync(trackedPath, "");
    await mode("slow");
    const statsBefore = (await getJSON(collector + "/stats")) as { duplicates: number };
    for (let round = 1; round <= 5; round++) {
        const child = spawn("node", ["out/kill-worker.js", queuePath, batchURL, trackedPath, "30", "killed-" + round], { stdio: ["ignore", "pipe", "inherit"] });
        const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk.toString()));
        const deadline = Date.now() + 120_000;
        while (!output.includes("flushing") && Date.now() < deadline) await sleep(20);
        check(output.includes("flushing"), `round ${round}: the worker started flushing`);
        // Killed once the collector stored the round's first (odd rounds) or second batch
        // (even rounds), whose answer the proxy holds back for 2 s: in the middle of the flush,
        // however slow the machine.
        const progress = async (): Promise<number> => {
            const stats = (await getJSON(collector + "/stats")) as { events: number; duplicates: number };
            return stats.events + stats.duplicates;
        };
        const start = await progress();
        const target = start + 10 * (round % 2 === 1 ? 1 : 2);
        while ((await progress()) < target && Date.now() < deadline) await sleep(20);
        check((await progress()) >= target, `round ${round}: the collector stored a batch of the flush`);
        child.kill("SIGKILL");
        const code = await exited;
        check(!output.includes("done"), `round ${round}: the worker was killed in the middle of its flush (code ${code})`);
    }
    // Once more, killed while it tracks (appending and syncing): what `track` resolved must arrive too.
    {
        const child = spawn("node", ["out/kill-worker.js", queuePath, batchURL, trackedPath, "100000", "killed-tracking"], { stdio: ["ignore", "pipe", "inherit"] });
        const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
        const before = fs.readFileSync(trackedPath, "utf8").length;
        const deadline = Date.now() + 120_000;
        while (fs.readFileSync(trackedPath, "utf8").length - before < 37 * 20 && Date.now() < deadline) await sleep(20);
        child.kill("SIGKILL");
        await exited;
    }
    await mode("pass");
    const last = spawn("node", ["out/kill-worker.js", queuePath, batchURL, trackedPath, "0", "last"], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    last.stdout.on("data", (chunk) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => last.on("exit", (c) => resolve(c)));
    check(code === 0 && output.includes("done 0"), "the last process flushed the file queue empty: " + output.trim());
    const tracked = fs.readFileSync(trackedPath, "utf8").split("\n").filter((line) => line !== "");
    check(tracked.length > 150 && tracked.length < 100_150, "150 events tracked over 5 processes, and some by the one killed while tracking: " + tracked.length);
    await expectStoredOnce(tracked, "kill -9 mid-flush, 5 times");
    const statsAfter = (await getJSON(collector + "/stats")) as { duplicates: number };
    const duplicates = statsAfter.duplicates - statsBefore.duplicates;
    console.log(`kill -9: ${tracked.length} events, ${duplicates} resent after a kill and dropped by the collector as duplicates`);
    check(duplicates > 0, "some batches were stored but unconfirmed when killed, and resent (the test kills mid-flush)");
    finish("kill -9 in the middle of a flush");
}
