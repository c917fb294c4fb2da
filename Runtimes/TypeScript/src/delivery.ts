/**
 * The delivery protocol every runtime follows (docs/wire-format.md, "The
 * collector's answer"; docs/dispatcher.md, "Delivery"), the queue a sink
 * persists into, and the notices it reports.
 */

import { VerdictMember, deliveryAction } from "./constants.js";

/** An event as a queue stores it: its order, its uuid and its wire JSON (globals included). */
export interface QueuedEvent {
    /** Its place in the queue: increasing in the order events were tracked. */
    readonly seq: number;
    /** The event's uuid, lowercase ("" when it has none: the collector rejects it). */
    readonly uuid: string;
    /** The wire JSON sent in the batch, byte for byte. */
    readonly payload: string;
}

/**
 * Where a sink keeps events until the collector confirmed them. A sink keeps
 * its own copy in memory and calls these one at a time, in order (an `append`
 * resolves before the next call starts), so a removal is never stored before
 * the append it undoes.
 */
export interface EventQueue {
    /** What the queue held when it was opened, oldest first (events of an earlier page or process). */
    readonly restored: readonly QueuedEvent[];
    /** Set when opening found a torn or corrupt tail and dropped it; the sink reports it as `storageRecovered`. */
    readonly recovered?: { readonly reason: string; readonly droppedBytes: number };
    /** Stores `events` durably; resolves once they would survive a crash of this process. */
    append(events: readonly QueuedEvent[]): Promise<void>;
    /** Forgets the events of `seqs` (confirmed or set aside). Need not be durable: a removal lost to a crash only resends, and the collector drops duplicates by uuid. */
    remove(seqs: readonly number[]): Promise<void>;
    /** Releases the storage (a file lock, a database connection). */
    close(): Promise<void>;
}

/** A queue in memory only: nothing survives the page or the process. The default. */
export class MemoryQueue implements EventQueue {
    readonly restored: readonly QueuedEvent[] = [];
    append(): Promise<void> {
        return Promise.resolve();
    }
    remove(): Promise<void> {
        return Promise.resolve();
    }
    close(): Promise<void> {
        return Promise.resolve();
    }
}

/** A violation the collector reported for an event it stored. */
export interface ReportedViolation {
    readonly path: string;
    readonly code: string;
    readonly message: string;
}

/** An event set aside for good (not sent again), with why. */
export interface SetAsideEvent {
    readonly uuid: string;
    readonly reason: string;
}

/**
 * What a sink reports through `onNotice`, each with its reason. `kind` tells
 * them apart (a discriminated union: `switch (notice.kind)` narrows it).
 */
export type Notice =
    /** A request failed without a verdict on its events (network error, timeout, 408, 429, 5xx, another 4xx): they are kept and retried at `retryAt` (ms since 1970). */
    | { readonly kind: "deliveryFailed"; readonly reason: string; readonly status?: number; readonly retryAt: number; readonly attempts: number }
    /** 401 or 403: delivery paused until `resume()`, with new credentials. Events are kept. */
    | { readonly kind: "paused"; readonly reason: string; readonly status: number }
    /** Delivery resumed after a pause. */
    | { readonly kind: "resumed"; readonly reason: string }
    /** Events refused for good (rejected by the collector, a 400 without a verdict, one event larger than `maxRequestBytes`): not sent again. */
    | { readonly kind: "setAside"; readonly reason: string; readonly events: readonly SetAsideEvent[] }
    /** The collector stored these events but reported that they break the contract. */
    | { readonly kind: "violations"; readonly reason: string; readonly events: readonly { readonly uuid: string; readonly violations: readonly ReportedViolation[] }[] }
    /** A 413 for one event within `maxRequestBytes`: the collector's limit is below the sink's; kept and retried after backoff. */
    | { readonly kind: "collectorLimit"; readonly reason: string; readonly uuid: string }
    /** `uuid` was refused (not queued, not sent): alone larger than the byte limit, or no room left but events in flight. */
    | { readonly kind: "queueFull"; readonly reason: string; readonly uuid: string; readonly limit: { readonly events: number; readonly bytes: number } }
    /** The queue was full: its oldest events not in flight were dropped to take new ones (`queueOverflowPolicy`). */
    | { readonly kind: "droppedOldest"; readonly reason: string; readonly uuids: readonly string[]; readonly limit: { readonly events: number; readonly bytes: number } }
    /** The storage failed (disk full, quota, a closed database): the events stay in memory and are still sent, but would not survive a crash. */
    | { readonly kind: "storageFailure"; readonly reason: string }
    /** Opening the storage found a torn or corrupt tail (a crash in the middle of a write) and dropped it. */
    | { readonly kind: "storageRecovered"; readonly reason: string; readonly droppedBytes: number }
    /**
     * The sink's globals break the contract (reported once, when the sink is made): every event is still
     * sent with them as given, and the collector flags each (`invalidGlobalsPolicy`). Each violation has
     * its path, code and shared message; no message holds a value.
     */
    | { readonly kind: "invalidGlobals"; readonly reason: string; readonly violations: readonly ReportedViolation[] };

/** What one `flush()` did. */
export interface FlushSummary {
    /** Stored by the collector (duplicates and events with violations included) or confirmed by a 2xx without a verdict. */
    readonly delivered: number;
    /** Refused for good, with the reason: not sent again. */
    readonly setAside: readonly SetAsideEvent[];
    /** Still queued, to be sent by a later flush. */
    readonly kept: number;
    /** Why events are kept: the last failure's reason (a network error, `HTTP 503`, paused, backing off); absent when nothing failed. */
    readonly keptReason?: string;
    /** Whether delivery is paused (401/403) until `resume()`. */
    readonly paused: boolean;
    /** Of `delivered`, the events the collector reported violations for (also reported through `onNotice`). */
    readonly withViolations: number;
    /** Requests this flush sent. */
    readonly requests: number;
}

/** How the sink reads one answer: the delivery table. */
export type DeliveryVerdict =
    /** 2xx without a verdict: every event confirmed. */
    | { readonly kind: "delivered" }
    /** 2xx naming events: accepted ones confirmed, rejected ones set aside, the rest resent. */
    | { readonly kind: "verdicts"; readonly accepted: ReadonlySet<string>; readonly rejected: ReadonlyMap<string, string>; readonly violations: ReadonlyMap<string, readonly ReportedViolation[]> }
    /** A refusal (400) naming rejected events: those set aside, the rest resent at once. */
    | { readonly kind: "rejected"; readonly status: number; readonly rejected: ReadonlyMap<string, string> }
    /** 400 without a verdict: the whole batch set aside. */
    | { readonly kind: "rejectedWithoutVerdict"; readonly reason: string }
    /** 401, 403: kept, delivery paused. */
    | { readonly kind: "pause"; readonly status: number; readonly reason: string }
    /** Too large (413): kept, the batch split in halves. */
    | { readonly kind: "split"; readonly status: number }
    /** Anything else: kept, retried after backoff, never sooner than `retryAfterMs`. */
    | { readonly kind: "retry"; readonly reason: string; readonly status?: number; readonly retryAfterMs?: number };

/** The transport's outcome: an answer, or a failure without one (network error, timeout). */
export type TransportResult =
    | { readonly kind: "response"; readonly status: number; readonly body: string; readonly retryAfter: string | null }
    | { readonly kind: "failure"; readonly reason: string };

/**
 * The delivery table (docs/dispatcher.md, "Delivery"): what to do with a batch
 * after `result`. Which statuses mean what is data, `deliveryRules` in
 * constants.ts (generated from the shared table); this reads the body for the
 * action the status has.
 */
export function classify(result: TransportResult, now: number): DeliveryVerdict {
    if (result.kind === "failure") return { kind: "retry", reason: result.reason };
    const { status, body } = result;
    switch (deliveryAction(status)) {
        case "accept": {
            const verdicts = parseVerdicts(body);
            return verdicts === undefined ? { kind: "delivered" } : { kind: "verdicts", ...verdicts };
        }
        case "setAside": {
            const rejected = parseVerdicts(body)?.rejected;
            if (rejected !== undefined && rejected.size > 0) return { kind: "rejected", status, rejected };
            const text = body.slice(0, 200);
            return { kind: "rejectedWithoutVerdict", reason: "HTTP " + status + (text === "" ? "" : ": " + text) };
        }
        case "pause":
            return { kind: "pause", status, reason: "HTTP " + status + ": the collector refused the credentials" };
        case "split":
            return { kind: "split", status };
        case "retry": {
            const retryAfterMs = result.retryAfter === null ? undefined : parseRetryAfter(result.retryAfter, now);
            return { kind: "retry", reason: "HTTP " + status, status, retryAfterMs };
        }
    }
}

/**
 * A body's verdict: `{"accepted":[uuid…],"rejected":[{"uuid","reason"}…],"violations":[…]}`
 * (either list may be absent); `undefined` when it names none (no body, not
 * JSON, neither list): then a 2xx confirms the whole batch.
 */
export function parseVerdicts(body: string): { accepted: Set<string>; rejected: Map<string, string>; violations: Map<string, ReportedViolation[]> } | undefined {
    if (body === "") return undefined;
    let json: unknown;
    try {
        json = JSON.parse(body);
    } catch {
        return undefined;
    }
    if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
    const answer = json as { readonly [member: string]: unknown };
    const member = (value: unknown, name: string): unknown =>
        typeof value === "object" && value !== null && Object.prototype.hasOwnProperty.call(value, name) ? (value as { readonly [member: string]: unknown })[name] : undefined;
    const acceptedList = member(answer, VerdictMember.accepted), rejectedList = member(answer, VerdictMember.rejected);
    if (!Array.isArray(acceptedList) && !Array.isArray(rejectedList)) return undefined;
    const accepted = new Set<string>();
    for (const uuid of Array.isArray(acceptedList) ? acceptedList : []) if (typeof uuid === "string") accepted.add(uuid.toLowerCase());
    const rejected = new Map<string, string>();
    for (const entry of Array.isArray(rejectedList) ? rejectedList : []) {
        const uuid = member(entry, VerdictMember.uuid), reason = member(entry, VerdictMember.reason);
        if (typeof uuid === "string") rejected.set(uuid.toLowerCase(), typeof reason === "string" ? reason : "rejected by the collector");
    }
    const violations = new Map<string, ReportedViolation[]>();
    const violationsList = member(answer, VerdictMember.violations);
    for (const entry of Array.isArray(violationsList) ? violationsList : []) {
        const uuid = member(entry, VerdictMember.uuid), reported = member(entry, VerdictMember.violations);
        if (typeof uuid !== "string") continue;
        const list: ReportedViolation[] = [];
        for (const v of Array.isArray(reported) ? reported : []) {
            list.push({
                path: String(member(v, VerdictMember.path) ?? ""), code: String(member(v, VerdictMember.code) ?? ""),
                message: String(member(v, VerdictMember.message) ?? ""),
            });
        }
        violations.set(uuid.toLowerCase(), list);
    }
    return { accepted, rejected, violations };
}

/** `Retry-After` in milliseconds from `now`: seconds, or an HTTP date. */
export function parseRetryAfter(value: string, now: number): number | undefined {
    const trimmed = value.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
    const date = Date.parse(trimmed);
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How long to wait before attempt `attempts + 1`: `initial · 2^(attempts-1)`, at most `maximum`, plus up to `jitter` of it, never less than `retryAfterMs`. */
export function backoffDelay(attempts: number, options: { initialMs: number; maximumMs: number; jitter: number; random: () => number }, retryAfterMs?: number): number {
    const base = Math.min(options.maximumMs, options.initialMs * 2 ** Math.max(0, attempts - 1));
    const delay = base + base * options.jitter * options.random();
    return Math.max(delay, retryAfterMs ?? 0);
}

/** Steps of an event's journey through a sink. */
export type JourneyStepKind = "tracked" | "persisted" | "refused" | "dropped" | "sent" | "acknowledged" | "setAside" | "failed";

/** One step of an event's journey: what happened, when (ms since 1970), and why where it matters. */
export interface JourneyStep {
    readonly step: JourneyStepKind;
    readonly at: number;
    readonly detail?: string;
}

/**
 * Per uuid, what happened to an event in this page or process: bounded, the
 * oldest events forgotten beyond `capacity`, and a journey keeps its first
 * and latest steps beyond `stepsPerEvent`.
 */
export class JourneyLog {
    readonly #capacity: number;
    readonly #stepsPerEvent: number;
    readonly #journeys = new Map<string, JourneyStep[]>();

    constructor(capacity = 5000, stepsPerEvent = 24) {
        this.#capacity = capacity;
        this.#stepsPerEvent = stepsPerEvent;
    }

    /** The steps of `uuid`, oldest first; empty when it is unknown or forgotten. */
    steps(uuid: string): readonly JourneyStep[] {
        return this.#journeys.get(uuid.toLowerCase()) ?? [];
    }

    /** Events remembered. */
    get size(): number {
        return this.#journeys.size;
    }

    /** Adds a step to `uuid`'s journey. */
    record(uuid: string, step: JourneyStepKind, at: number, detail?: string): void {
        if (this.#capacity === 0) return;
        let steps = this.#journeys.get(uuid);
        if (steps === undefined) {
            if (this.#journeys.size >= this.#capacity) this.#journeys.delete(this.#journeys.keys().next().value as string);
            steps = [];
            this.#journeys.set(uuid, steps);
        }
        if (steps.length >= this.#stepsPerEvent) steps.splice(1, 1);
        steps.push(detail === undefined ? { step, at } : { step, at, detail });
    }
}
