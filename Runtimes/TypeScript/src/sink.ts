import { BatchMember, retryAfterHeader } from "./constants.js";
import type { Contract } from "./contract.js";
import { EncodingPass, PiiMode, type Member } from "./encoder.js";
import type { TrackedEvent } from "./event.js";
import { timestampText } from "./json.js";
import type { ContractRulesDocument, FieldSpec, FieldSpecs, ScalarTypeName } from "./rules.js";
import {
    backoffDelay, classify, JourneyLog, MemoryQueue,
    type EventQueue, type FlushSummary, type Notice, type QueuedEvent, type SetAsideEvent, type TransportResult,
} from "./delivery.js";

/** How a sink posts: `fetch` of Node 20 and browsers, or a stand-in with its signature. */
export type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignalLike; keepalive?: boolean }) => Promise<{
    readonly status: number;
    readonly headers?: { get(name: string): string | null };
    text(): Promise<string>;
}>;

/** The part of an `AbortSignal` a sink hands to `fetch` (its request timeout); declared here so that the runtime's types need no DOM library. */
export interface AbortSignalLike {
    readonly aborted: boolean;
}

/** What `track` did with an event. */
export interface TrackResult {
    /** Whether the event is queued (false: it alone exceeds the queue's byte limit, reported as `queueFull`). */
    readonly queued: boolean;
    /** Whether it is in the queue's storage (false when the storage failed, reported as `storageFailure`: it is still sent, but would not survive a crash). */
    readonly persisted: boolean;
    /** Why it was not queued or not persisted. */
    readonly reason?: string;
}

/** Options of a ``CollectorSink``; `Globals` is the contract's generated globals interface. */
export interface CollectorSinkOptions<Globals extends object = object> {
    /** The collector's batch endpoint (`https://collector.example/v1/batch`). */
    readonly url: string;
    /**
     * The contract's globals by TypeScript name, appended to every event as the Swift dispatcher appends them;
     * typed by the generated `Globals` interface, so that a misspelt name does not compile.
     */
    readonly globals?: Globals;
    /** Extra request headers (a write key: `Authorization: Bearer …`); `resume()` can replace them. */
    readonly headers?: Readonly<Record<string, string>>;
    /** Events per request at most (100). */
    readonly batchSize?: number;
    /** Bytes of event payloads per request at most (512 KiB); one event larger than this is set aside. */
    readonly maxRequestBytes?: number;
    /** Where events wait until the collector confirms them: `MemoryQueue` (the default), `openBrowserQueue()`, or `FileQueue` of `@contractgen/runtime/node`. */
    readonly queue?: EventQueue;
    /**
     * The queue's limit in events (10,000). Past it the oldest queued events not in flight are dropped to make room
     * and reported (`droppedOldest`), as the Swift and Kotlin runtimes do (`queueOverflowPolicy`, constants.ts).
     */
    readonly maxQueuedEvents?: number;
    /** The queue's limit in payload bytes (10 MiB), kept like `maxQueuedEvents`; an event larger than the whole limit is refused (`queueFull`). */
    readonly maxQueuedBytes?: number;
    /** Notices: failures, pauses, events set aside, violations, a full queue, storage failures. */
    readonly onNotice?: (notice: Notice) => void;
    /** A request without an answer after this long fails (30,000 ms) and is retried. */
    readonly requestTimeoutMs?: number;
    /** The first wait after a failed request (2,000 ms); it doubles with each failure in a row. */
    readonly initialBackoffMs?: number;
    /** The longest wait (600,000 ms). */
    readonly maximumBackoffMs?: number;
    /** Up to this share of the wait (0.2) is added at random, so that clients do not retry in step. */
    readonly jitter?: number;
    /** Whether personal data may be sent (`"granted"`, the default) or not (`"denied"`: every pii member is removed before the event is queued); `consent` on the sink changes it. */
    readonly consent?: Consent;
    /** Events the journey log remembers (5,000; 0 turns it off). */
    readonly journeyCapacity?: number;
    /** The clock of backoff and `sentAt`, in ms since 1970 (`Date.now`); tests pass a fake one. */
    readonly clock?: () => number;
    /** The clock of `sentAt` (by default `clock`). */
    readonly now?: () => Date;
    /** The jitter's random numbers in [0, 1) (`Math.random`). */
    readonly random?: () => number;
    /** The transport (the global `fetch`). */
    readonly fetch?: Fetch;
}

/** Consent to personal data. */
export type Consent = "granted" | "denied";

interface Held extends QueuedEvent {
    /** UTF-8 bytes of the payload. */
    readonly bytes: number;
}

interface AppendGroup {
    readonly events: Held[];
    readonly done: Promise<TrackResult>;
}

/** A batch's text up to its first payload: `{"sentAt":…,"events":[` (docs/wire-format.md, "Batches"). */
function batchHead(now: Date): string {
    return "{" + JSON.stringify(BatchMember.sentAt) + ":" + timestampText(now) + "," + JSON.stringify(BatchMember.events) + ":[";
}

/**
 * Queues events and posts them in batches to the collector (docs/wire-format.md,
 * "A batch"), following the delivery protocol (docs/dispatcher.md, "Delivery";
 * docs/typescript.md, "Delivery"): an event is deleted from the queue only once
 * the collector confirmed or refused it; 404, 5xx, timeouts and network errors
 * keep it and back off; 401/403 pause until `resume()`; 413 splits the batch.
 */
export class CollectorSink<Globals extends object = object> {
    readonly #contract: Contract;
    readonly #options: CollectorSinkOptions;
    readonly #globals: string;
    readonly #globalsWithoutPii: string;
    readonly #queue: EventQueue;
    readonly #clock: () => number;
    /** Queued events by seq, oldest first. */
    readonly #held = new Map<number, Held>();
    #heldBytes = 0;
    #nextSeq: number;
    #batchSize: number;
    #headers: Readonly<Record<string, string>>;
    /** Storage operations, one at a time and in order. */
    #storage: Promise<unknown> = Promise.resolve();
    #openGroup: AppendGroup | undefined;
    #pendingRemovals: number[] = [];
    /** The seqs of the events in the request being sent: never dropped for room. */
    readonly #inFlight = new Set<number>();
    #flushing: Promise<unknown> = Promise.resolve();
    #paused: string | undefined;
    #attempts = 0;
    #nextAttemptAt = 0;
    #lastFailure: string | undefined;
    /** Whether personal data may be sent; `"denied"` removes every pii member before an event is queued. */
    consent: Consent;
    /** Per uuid, what happened to each event (bounded). */
    readonly journey: JourneyLog;

    /** `Globals` is taken from `contract` only (the options' globals are checked against it, not inferred). */
    constructor(contract: Contract<Globals>, options: CollectorSinkOptions<[Globals][Globals extends unknown ? 0 : never]>) {
        this.#contract = contract;
        this.#options = options;
        this.#batchSize = Math.max(1, options.batchSize ?? 100);
        this.#headers = options.headers ?? {};
        this.#queue = options.queue ?? new MemoryQueue();
        this.#clock = options.clock ?? Date.now;
        this.consent = options.consent ?? "granted";
        this.journey = new JourneyLog(options.journeyCapacity ?? 5000);
        const document = contract.rules.document;
        const members = contract.rules.members(document.globals, false);
        const values = withDefaults(document, document.globals, (options.globals ?? {}) as { readonly [name: string]: unknown });
        // Checked once here, as Swift's dispatcher checks its GlobalsSource's values once per batch.
        // `invalidGlobalsPolicy` (constants.ts): globals that break the contract are still sent, as
        // given, with every event (the collector flags each one); the sink reports them once, below.
        const check = new EncodingPass(PiiMode.all);
        check.members(members, values, "", false, "the globals");
        this.#globals = globalMembers(PiiMode.all, members, values);
        this.#globalsWithoutPii = globalMembers(PiiMode.withoutPii, members, values);
        let last = 0;
        for (const event of this.#queue.restored) {
            this.#held.set(event.seq, { ...event, bytes: utf8Length(event.payload) });
            this.#heldBytes += utf8Length(event.payload);
            last = Math.max(last, event.seq);
        }
        this.#nextSeq = last + 1;
        const recovered = this.#queue.recovered;
        if (recovered !== undefined) this.#notify({ kind: "storageRecovered", reason: recovered.reason, droppedBytes: recovered.droppedBytes });
        if (check.violations.length > 0) {
            const violations = check.violations.map((v) => ({ path: v.path, code: v.code, message: v.message }));
            this.#notify({
                kind: "invalidGlobals",
                reason: "the globals break the contract (" + violations.map((v) => v.path + " " + v.code + ": " + v.message).join(", ")
                    + "); every event is sent with them as given",
                violations,
            });
        }
    }

    /** Events queued, not yet confirmed. */
    get pending(): number {
        return this.#held.size;
    }

    /** Whether delivery is paused (a 401 or 403) until `resume()`. */
    get paused(): boolean {
        return this.#paused !== undefined;
    }

    /** When the next attempt may start after a failure (ms since 1970; 0 when none is due). */
    get nextAttemptAt(): number {
        return this.#nextAttemptAt;
    }

    /**
     * Queues `event` (with the globals appended; without its pii when consent is
     * denied). The promise resolves once the event is in the queue's storage
     * (written and synced), or says why not: a full queue refuses it, a failed
     * storage keeps it in memory only. It never rejects.
     */
    track(event: TrackedEvent): Promise<TrackResult> {
        const uuidValue = (event.fields as { readonly uuid?: unknown }).uuid;
        const uuid = typeof uuidValue === "string" ? uuidValue.toLowerCase() : "";
        const payload = this.consent === "denied" ? withGlobals(event.withoutPiiJSON(), this.#globalsWithoutPii) : event.wireJSONWith(this.#globals);
        const bytes = utf8Length(payload);
        const maxEvents = this.#options.maxQueuedEvents ?? 10_000;
        const maxBytes = this.#options.maxQueuedBytes ?? 10 * 1024 * 1024;
        const now = this.#clock();
        if (this.#held.size + 1 > maxEvents || this.#heldBytes + bytes > maxBytes) this.#dropOldest(bytes, maxEvents, maxBytes, now);
        if (this.#held.size + 1 > maxEvents || this.#heldBytes + bytes > maxBytes) {
            const reason = `the queue is full (${this.#held.size} events, ${this.#heldBytes} bytes; limit ${maxEvents} events, ${maxBytes} bytes): the event is refused`;
            this.journey.record(uuid, "refused", now, reason);
            this.#notify({ kind: "queueFull", reason, uuid, limit: { events: maxEvents, bytes: maxBytes } });
            return Promise.resolve({ queued: false, persisted: false, reason });
        }
        const held: Held = { seq: this.#nextSeq++, uuid, payload, bytes };
        this.#held.set(held.seq, held);
        this.#heldBytes += bytes;
        this.journey.record(uuid, "tracked", now);
        // Group commit: every event tracked before the storage is free again is written (and synced) in one append.
        if (this.#openGroup === undefined) this.#openAppendGroup();
        (this.#openGroup as AppendGroup).events.push(held);
        return (this.#openGroup as AppendGroup).done;
    }

    /**
     * Makes room for an event of `bytes` by dropping the oldest queued events that are not in flight
     * (`queueOverflowPolicy`: the newest events say the most about the app's state); reports them.
     * An event larger than the whole byte limit drops nothing: it is refused.
     */
    #dropOldest(bytes: number, maxEvents: number, maxBytes: number, now: number): void {
        if (bytes > maxBytes) return;
        const dropped: Held[] = [];
        let count = this.#held.size, total = this.#heldBytes;
        for (const held of this.#held.values()) {
            if (count + 1 <= maxEvents && total + bytes <= maxBytes) break;
            if (this.#inFlight.has(held.seq)) continue;
            dropped.push(held);
            count--;
            total -= held.bytes;
        }
        if (dropped.length === 0) return;
        const reason = `the queue is full (limit ${maxEvents} events, ${maxBytes} bytes): the oldest ${dropped.length} event(s) dropped for a new one`;
        for (const held of dropped) this.journey.record(held.uuid, "dropped", now, reason);
        this.#forget(dropped);
        this.#notify({ kind: "droppedOldest", reason, uuids: dropped.map((held) => held.uuid), limit: { events: maxEvents, bytes: maxBytes } });
    }

    #openAppendGroup(): void {
        let resolve!: (result: TrackResult) => void;
        const done = new Promise<TrackResult>((r) => (resolve = r));
        const group: AppendGroup = { events: [], done };
        this.#openGroup = group;
        this.#storage = this.#storage.then(async () => {
            if (this.#openGroup === group) this.#openGroup = undefined;
            // Events confirmed before their group was written need no storage.
            const events = group.events.filter((held) => this.#held.has(held.seq));
            try {
                if (events.length > 0) await this.#queue.append(events);
                const at = this.#clock();
                for (const held of events) this.journey.record(held.uuid, "persisted", at);
                resolve({ queued: true, persisted: true });
            } catch (error) {
                const reason = "the queue's storage failed: " + describe(error) + "; the events stay in memory only";
                this.#notify({ kind: "storageFailure", reason });
                resolve({ queued: true, persisted: false, reason });
            }
        });
    }

    /** Resolves once every event tracked so far is in storage (or its storage failed). */
    async persisted(): Promise<void> {
        await this.#storage;
    }

    /** Resumes delivery after a pause (401/403), with new request headers (a new token) when given. */
    resume(headers?: Readonly<Record<string, string>>): void {
        if (headers !== undefined) this.#headers = headers;
        if (this.#paused === undefined) return;
        this.#paused = undefined;
        this.#notify({ kind: "resumed", reason: "delivery resumed" + (headers === undefined ? "" : " with new headers") });
    }

    /** Lets the next flush start at once, whatever the backoff says (tests, or a regained connection). */
    retryNow(): void {
        this.#nextAttemptAt = 0;
    }

    /** Waits for the storage and releases it; the sink must not be used afterwards. */
    async close(): Promise<void> {
        await this.#flushing;
        await this.#storage;
        await this.#queue.close();
    }

    /**
     * Sends the queued events, batch by batch, until each is confirmed, set aside,
     * or must wait (a failure and its backoff, a pause). Flushes run one at a
     * time; a flush asked for while one runs starts after it. Respects a running
     * backoff and a pause. Never rejects.
     */
    flush(): Promise<FlushSummary> {
        const run = this.#flushing.then(() => this.#flushOnce());
        this.#flushing = run.catch(() => undefined);
        return run;
    }

    /**
     * The events a page can still send while it is being hidden or closed, at
     * most `maxBytes` of body (64 KiB is what browsers allow in flight for
     * `keepalive` and `sendBeacon` together), as one request body; `undefined`
     * when nothing is queued. They stay queued: only a flush's confirmation
     * deletes them (a resend is dropped by the collector as a duplicate).
     */
    unloadBody(maxBytes: number): { body: string; uuids: string[] } | undefined {
        const now = this.#options.now?.() ?? new Date(this.#clock());
        const head = batchHead(now);
        let size = utf8Length(head) + 2;
        const payloads: string[] = [];
        const uuids: string[] = [];
        for (const held of this.#held.values()) {
            if (size + held.bytes + 1 > maxBytes) break;
            payloads.push(held.payload);
            uuids.push(held.uuid);
            size += held.bytes + 1;
        }
        if (payloads.length === 0) return undefined;
        return { body: head + payloads.join(",") + "]}", uuids };
    }

    /** The request headers of a batch. */
    get requestHeaders(): Readonly<Record<string, string>> {
        return { "Content-Type": "application/json", ...this.#headers };
    }

    /** The collector's batch endpoint. */
    get url(): string {
        return this.#options.url;
    }

    async #flushOnce(): Promise<FlushSummary> {
        let delivered = 0;
        let withViolations = 0;
        let requests = 0;
        const setAside: SetAsideEvent[] = [];
        const summary = (keptReason?: string): FlushSummary => {
            const reason = keptReason ?? (this.#held.size > 0 ? this.#lastFailure : undefined);
            return {
                delivered, setAside, kept: this.#held.size, paused: this.#paused !== undefined, withViolations, requests,
                ...(reason === undefined || this.#held.size === 0 ? {} : { keptReason: reason }),
            };
        };
        if (this.#paused !== undefined) return summary(this.#paused);
        const started = this.#clock();
        if (started < this.#nextAttemptAt) {
            return summary(`backing off until ${new Date(this.#nextAttemptAt).toISOString()} after: ${this.#lastFailure ?? "a failure"}`);
        }
        // The events queued when the flush started; later ones wait for the next flush.
        let work: Held[] = [...this.#held.values()];
        const maxRequestBytes = this.#options.maxRequestBytes ?? 512 * 1024;
        const setAsideNow = (events: readonly Held[], reasonOf: (held: Held) => string): void => {
            if (events.length === 0) return;
            const list = events.map((held) => ({ uuid: held.uuid, reason: reasonOf(held) }));
            setAside.push(...list);
            const at = this.#clock();
            for (const item of list) this.journey.record(item.uuid, "setAside", at, item.reason);
            this.#forget(events);
            this.#notify({ kind: "setAside", reason: list.length + " event(s) set aside: " + list[0].reason, events: list });
        };
        while (work.length > 0) {
            // A batch: at most batchSize events and maxRequestBytes of payload (at least one event).
            let bytes = 0;
            let count = 0;
            while (count < work.length && count < this.#batchSize && (count === 0 || bytes + work[count].bytes <= maxRequestBytes)) {
                bytes += work[count].bytes;
                count++;
            }
            const batch = work.slice(0, count);
            if (batch.length === 1 && batch[0].bytes > maxRequestBytes) {
                setAsideNow(batch, () => `larger than maxRequestBytes (${batch[0].bytes} > ${maxRequestBytes} bytes)`);
                work = work.slice(1);
                continue;
            }
            requests++;
            const result = await this.#post(batch);
            const now = this.#clock();
            const verdict = classify(result, now);
            switch (verdict.kind) {
                case "delivered": {
                    delivered += batch.length;
                    this.#confirmed(batch, now);
                    work = work.slice(batch.length);
                    break;
                }
                case "verdicts":
                case "rejected": {
                    const accepted = verdict.kind === "verdicts" ? verdict.accepted : new Set<string>();
                    const confirmed = batch.filter((held) => accepted.has(held.uuid));
                    const refused = batch.filter((held) => !accepted.has(held.uuid) && verdict.rejected.has(held.uuid));
                    const unnamed = batch.filter((held) => !accepted.has(held.uuid) && !verdict.rejected.has(held.uuid));
                    delivered += confirmed.length;
                    this.#confirmed(confirmed, now);
                    setAsideNow(refused, (held) => verdict.rejected.get(held.uuid) as string);
                    if (verdict.kind === "verdicts" && verdict.violations.size > 0) {
                        const events = confirmed.filter((held) => verdict.violations.has(held.uuid))
                            .map((held) => ({ uuid: held.uuid, violations: verdict.violations.get(held.uuid) ?? [] }));
                        withViolations += events.length;
                        if (events.length > 0) {
                            this.#notify({ kind: "violations", reason: events.length + " event(s) stored with violations of the contract", events });
                        }
                    }
                    if (unnamed.length === batch.length) {
                        // A verdict that names none of the batch: no progress, so back off rather than loop.
                        this.#failed(batch, { reason: (verdict.kind === "rejected" ? "HTTP " + verdict.status : "HTTP 2xx") + " naming none of the batch's events" }, now);
                        return summary();
                    }
                    // The events the verdict did not name are resent at once.
                    work = unnamed.concat(work.slice(batch.length));
                    this.#attempts = 0;
                    this.#lastFailure = undefined;
                    break;
                }
                case "rejectedWithoutVerdict": {
                    setAsideNow(batch, () => verdict.reason);
                    work = work.slice(batch.length);
                    break;
                }
                case "pause": {
                    this.#paused = verdict.reason;
                    this.#lastFailure = verdict.reason;
                    for (const held of batch) this.journey.record(held.uuid, "failed", now, verdict.reason);
                    this.#notify({ kind: "paused", reason: verdict.reason + "; delivery paused until resume()", status: verdict.status });
                    return summary(verdict.reason);
                }
                case "split": {
                    if (batch.length > 1) {
                        this.#batchSize = Math.max(1, Math.floor(batch.length / 2));
                        break;
                    }
                    const reason = `HTTP ${verdict.status} for one event of ${batch[0].bytes} bytes, within maxRequestBytes (${maxRequestBytes}): the collector's limit is lower`;
                    this.#notify({ kind: "collectorLimit", reason, uuid: batch[0].uuid });
                    this.#failed(batch, { reason }, now);
                    return summary();
                }
                case "retry": {
                    this.#failed(batch, verdict, now);
                    return summary();
                }
            }
        }
        return summary();
    }

    #failed(batch: readonly Held[], verdict: { reason: string; status?: number; retryAfterMs?: number }, now: number): void {
        this.#attempts++;
        const delay = backoffDelay(this.#attempts, {
            initialMs: this.#options.initialBackoffMs ?? 2000,
            maximumMs: this.#options.maximumBackoffMs ?? 600_000,
            jitter: this.#options.jitter ?? 0.2,
            random: this.#options.random ?? Math.random,
        }, verdict.retryAfterMs);
        this.#nextAttemptAt = now + delay;
        this.#lastFailure = verdict.reason;
        for (const held of batch) this.journey.record(held.uuid, "failed", now, verdict.reason);
        this.#notify({
            kind: "deliveryFailed", reason: verdict.reason + `; ${this.#held.size} event(s) kept, retried in ${Math.round(delay)} ms`,
            ...(verdict.status === undefined ? {} : { status: verdict.status }),
            retryAt: this.#nextAttemptAt, attempts: this.#attempts,
        });
    }

    #confirmed(events: readonly Held[], now: number): void {
        if (events.length === 0) return;
        for (const held of events) this.journey.record(held.uuid, "acknowledged", now);
        this.#forget(events);
        this.#attempts = 0;
        this.#lastFailure = undefined;
    }

    /** Drops events from memory and, after their append, from storage. */
    #forget(events: readonly Held[]): void {
        const seqs: number[] = [];
        for (const held of events) {
            if (this.#held.delete(held.seq)) {
                this.#heldBytes -= held.bytes;
                seqs.push(held.seq);
            }
        }
        if (seqs.length === 0) return;
        // Removals wait for the storage like appends, gathered into one write per turn.
        if (this.#pendingRemovals.length > 0) {
            this.#pendingRemovals.push(...seqs);
            return;
        }
        this.#pendingRemovals = seqs;
        this.#storage = this.#storage.then(() => {
            const removals = this.#pendingRemovals;
            this.#pendingRemovals = [];
            return this.#queue.remove(removals);
        }).catch((error: unknown) => {
            this.#notify({ kind: "storageFailure", reason: "removing confirmed events from the queue's storage failed: " + describe(error) + "; they may be sent again (the collector drops duplicates)" });
        });
    }

    async #post(batch: readonly Held[]): Promise<TransportResult> {
        const now = this.#options.now?.() ?? new Date(this.#clock());
        const body = batchHead(now) + batch.map((held) => held.payload).join(",") + "]}";
        const send = this.#options.fetch ?? (globalThis as unknown as { fetch: Fetch }).fetch;
        const at = this.#clock();
        for (const held of batch) {
            this.journey.record(held.uuid, "sent", at);
            this.#inFlight.add(held.seq);
        }
        const timeoutMs = this.#options.requestTimeoutMs ?? 30_000;
        const controller = new AbortController();
        let timedOut = false;
        const timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
        }, timeoutMs);
        try {
            const response = await send(this.#options.url, { method: "POST", headers: { ...this.requestHeaders }, body, signal: controller.signal as AbortSignalLike });
            const text = await response.text();
            return { kind: "response", status: response.status, body: text, retryAfter: response.headers?.get(retryAfterHeader) ?? null };
        } catch (error) {
            return { kind: "failure", reason: timedOut ? `no answer within ${timeoutMs} ms` : "network error: " + describe(error) };
        } finally {
            clearTimeout(timer);
            for (const held of batch) this.#inFlight.delete(held.seq);
        }
    }

    #notify(notice: Notice): void {
        try {
            this.#options.onNotice?.(notice);
        } catch {
            // A failing listener must not break delivery.
        }
    }
}

/**
 * The globals' members (`"wire":value,…`) in contract order, as `mode` writes them
 * (docs/wire-format.md, "Globals"): `values` holds each global's value or its
 * contract default; one with neither (undefined or null) is left out, never sent
 * as `null` (`absentGlobalPolicy`, constants.ts), as Swift's dispatcher and
 * Kotlin's sinks do; with consent denied a pii global is left out too. A value
 * that breaks its constraints is written as given (`invalidGlobalsPolicy`).
 */
function globalMembers(mode: PiiMode.all | PiiMode.withoutPii, members: readonly Member[], values: { readonly [name: string]: unknown }): string {
    // The encoder writes present members only, each after a comma when one came before.
    return new EncodingPass(mode).members(members, values, "", false, "the globals");
}

/** `json` (an event's wire JSON) with `globals` (written members) appended. */
function withGlobals(json: string, globals: string): string {
    return globals === "" ? json : json.slice(0, -1) + "," + globals + "}";
}

/** The UTF-8 length of `text` without encoding it. */
export function utf8Length(text: string): number {
    let bytes = text.length;
    for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        if (code < 0x80) continue;
        if (code < 0x800) bytes += 1;
        else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
            bytes += 2;
            i++;
        } else bytes += 2;
    }
    return bytes;
}

function describe(error: unknown): string {
    if (error instanceof Error) {
        const cause = (error as { cause?: unknown }).cause;
        return error.message + (cause instanceof Error ? " (" + cause.message + ")" : "");
    }
    return String(error);
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * `given` (by TypeScript name), plus each field of `specs` it leaves without a value
 * that has a contract default, as the Swift dispatcher sends globals
 * (docs/wire-format.md): the default goes through the same checks and writer.
 */
function withDefaults(document: ContractRulesDocument, specs: FieldSpecs, given: { readonly [name: string]: unknown }): { [name: string]: unknown } {
    const values: { [name: string]: unknown } = Object.create(null);
    for (const wire of Object.keys(specs)) {
        const spec = specs[wire];
        const key = spec.name ?? wire;
        const value = hasOwn.call(given, key) ? given[key] : undefined;
        if (value !== undefined && value !== null) values[key] = value;
        else if (spec.default !== undefined) values[key] = argument(document, spec, spec.default);
    }
    return values;
}

/** A default in wire form (JSON) as the argument a caller would pass for `spec`. */
function argument(document: ContractRulesDocument, spec: FieldSpec, wire: unknown): unknown {
    const type = spec.type;
    if (typeof type === "string") {
        const scalar = type as ScalarTypeName;
        switch (scalar) {
            case "timestamp": return new Date(wire as string);
            case "string": case "int": case "double": case "decimal": case "bool": case "uuid": return wire;
            default: {
                // Every scalar type decides its argument form: a new one is not `never` here, and tsc names it.
                const unhandled: never = scalar;
                throw new Error("contract rules: unknown type " + String(unhandled));
            }
        }
    }
    if ("array" in type) return (wire as unknown[]).map((item) => argument(document, type.array, item));
    if ("object" in type) {
        const object = document.objects[type.object];
        const members = { ...object.required, ...object.optional };
        const fields = wire as { readonly [wire: string]: unknown };
        const value: { [name: string]: unknown } = Object.create(null);
        for (const name of Object.keys(fields)) value[members[name]?.name ?? name] = argument(document, members[name], fields[name]);
        return value;
    }
    return wire;
}
