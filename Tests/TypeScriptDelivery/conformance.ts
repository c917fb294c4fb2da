// The delivery protocol's cases (Conformance/Delivery/cases.json) against the
// shared fake collector, as every runtime runs them (docs/wire-format.md,
// "Delivery protocol"): track N events, flush once and compare the counts and
// requests; then resume and flush until the queue is empty, and check that the
// fake stored every event not set aside, once.
// Usage: node out/conformance.js CASES.json FAKE-COLLECTOR.py
import * as fs from "node:fs";
import { classify, CollectorSink, deliveryFallbackAction, deliveryRules, type DeliveryAction, type DeliveryVerdict, type Notice } from "@contractgen/runtime";
import { $contract } from "./Generated/index.js";
import { check, events, FakeClock, finish, getJSON, startListening, uuidOf } from "./support.js";

interface Case {
    readonly name: string;
    readonly afterFirstFlush: { delivered: number; setAside: number; kept: number; paused: boolean };
    readonly requests: number;
    readonly requestTimeout?: number;
    readonly nextAttemptAtLeast?: number;
}

// The classifier follows the delivery protocol's rows (constants.ts, generated
// from the shared table) for every status from 100 to 599, and keeps what no
// row names (a 404, a 5xx) for a retry.
{
    const actionOf = (verdict: DeliveryVerdict): DeliveryAction => {
        switch (verdict.kind) {
            case "delivered": case "verdicts": return "accept";
            case "rejected": case "rejectedWithoutVerdict": return "setAside";
            case "pause": return "pause";
            case "split": return "split";
            case "retry": return "retry";
        }
    };
    check(deliveryRules.length > 0 && deliveryFallbackAction === "retry", "the delivery rules are empty or the fallback is not retry");
    for (const rule of deliveryRules) {
        for (const status of [rule.lowestStatus, rule.highestStatus]) {
            const action = actionOf(classify({ kind: "response", status, body: "", retryAfter: null }, 0));
            check(action === rule.action, `status ${status}: ${action}, the row says ${rule.action}`);
        }
    }
    for (let status = 100; status < 600; status++) {
        const expected = deliveryRules.find((rule) => rule.lowestStatus <= status && status <= rule.highestStatus)?.action ?? deliveryFallbackAction;
        const action = actionOf(classify({ kind: "response", status, body: "", retryAfter: null }, 0));
        check(action === expected, `status ${status}: ${action}, the table says ${expected}`);
    }
    const notFound = classify({ kind: "response", status: 404, body: "", retryAfter: "3" }, 0);
    check(notFound.kind === "retry" && notFound.retryAfterMs === 3000, `404: ${JSON.stringify(notFound)}, expected a retry after 3 s`);
    check(actionOf(classify({ kind: "failure", reason: "connection refused" }, 0)) === "retry", "no answer is not retried");
    console.log(`ok: the classifier follows the ${deliveryRules.length} delivery rows for statuses 100-599`);
}

const [casesPath, fakePath] = process.argv.slice(2);
const corpus = JSON.parse(fs.readFileSync(casesPath, "utf8")) as { events: number; cases: Case[] };

for (const testCase of corpus.cases) {
    const { port, child } = await startListening("python3", [fakePath, "--cases", casesPath, "--case", testCase.name]);
    try {
        const clock = new FakeClock();
        const notices: Notice[] = [];
        const sink = new CollectorSink($contract, {
            url: `http://127.0.0.1:${port}/v1/batch`, clock: clock.read, random: () => 0.5,
            requestTimeoutMs: (testCase.requestTimeout ?? 10) * 1000, onNotice: (notice) => notices.push(notice),
        });
        const tracked = events(corpus.events, testCase.name);
        for (const event of tracked) await sink.track(event);
        const name = testCase.name;
        const first = await sink.flush();
        const expected = testCase.afterFirstFlush;
        const received = (await getJSON(`http://127.0.0.1:${port}/_received`)) as { requests: unknown[]; stored: string[] };
        check(first.delivered === expected.delivered, `${name}: delivered ${first.delivered}, expected ${expected.delivered}`);
        check(first.setAside.length === expected.setAside, `${name}: set aside ${first.setAside.length}, expected ${expected.setAside}`);
        check(first.kept === expected.kept, `${name}: kept ${first.kept}, expected ${expected.kept}`);
        check(first.paused === expected.paused, `${name}: paused ${first.paused}, expected ${expected.paused}`);
        check(received.requests.length === testCase.requests, `${name}: ${received.requests.length} requests, expected ${testCase.requests}`);
        check(first.requests === testCase.requests, `${name}: the summary counts ${first.requests} requests, expected ${testCase.requests}`);
        // Every kept event has a reason, every set-aside one too, and each is reported.
        if (first.kept > 0) check((first.keptReason ?? "") !== "", `${name}: events kept without a reason`);
        for (const item of first.setAside) check(item.reason !== "", `${name}: ${item.uuid} set aside without a reason`);
        if (first.setAside.length > 0) check(notices.some((n) => n.kind === "setAside"), `${name}: no setAside notice`);
        if (first.paused) check(notices.some((n) => n.kind === "paused"), `${name}: no paused notice`);
        if (first.kept > 0 && !first.paused) check(notices.some((n) => n.kind === "deliveryFailed"), `${name}: no deliveryFailed notice`);
        if (name === "2xx-with-violations") {
            // The fake reports violations for the batch's first event.
            check(first.withViolations === 1, `${name}: ${first.withViolations} events reported with violations, expected 1`);
            check(notices.some((n) => n.kind === "violations" && n.events.length === 1 && n.events[0].uuid === uuidOf(tracked[0]) && n.events[0].violations.length > 0),
                `${name}: the violations are not reported through onNotice`);
        }
        if (testCase.nextAttemptAtLeast !== undefined) {
            const wait = (sink.nextAttemptAt - clock.now) / 1000;
            check(wait >= testCase.nextAttemptAtLeast, `${name}: next attempt in ${wait} s, expected at least ${testCase.nextAttemptAtLeast} s`);
        }
        // Eventually: resume, skip the backoff on the fake clock, flush until empty (10 flushes at most).
        const setAside = new Set(first.setAside.map((item) => item.uuid));
        for (let flushes = 0; flushes < 10 && sink.pending > 0; flushes++) {
            if (sink.paused) sink.resume();
            clock.advance(Math.max(0, sink.nextAttemptAt - clock.now));
            const summary = await sink.flush();
            for (const item of summary.setAside) setAside.add(item.uuid);
        }
        check(sink.pending === 0, `${name}: ${sink.pending} events still queued after 10 flushes`);
        const final = (await getJSON(`http://127.0.0.1:${port}/_received`)) as { stored: string[] };
        const expectedStored = tracked.map(uuidOf).filter((uuid) => !setAside.has(uuid)).sort();
        const stored = [...final.stored].map((uuid) => uuid.toLowerCase()).sort();
        check(JSON.stringify(stored) === JSON.stringify(expectedStored),
            `${name}: the fake stored ${JSON.stringify(stored)}, expected ${JSON.stringify(expectedStored)}`);
        await sink.close();
    } finally {
        child.kill();
    }
}
finish("delivery conformance (" + corpus.cases.length + " cases)");
