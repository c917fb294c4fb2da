import type { Contract } from "./contract.js";
import { EncodingPass, PiiMode } from "./encoder.js";
import type { TrackedEvent } from "./event.js";
import { timestampText } from "./json.js";
import type { ContractRulesDocument, FieldSpec, FieldSpecs } from "./rules.js";

/** How a sink posts: `fetch` of Node 20 and browsers, or a stand-in with its signature. */
export type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{
    readonly status: number;
    text(): Promise<string>;
}>;

/** What one `flush()` did with the events it held. */
export interface FlushSummary {
    /** Stored by the collector (duplicates included) or confirmed by a 2xx without a verdict. */
    readonly delivered: number;
    /** Refused for good (rejected, or a malformed batch): not sent again. */
    readonly setAside: readonly { readonly uuid: string; readonly reason: string }[];
    /** Still held, to be sent by a later `flush()` (no verdict for them, 5xx, network failure, 401/403). */
    readonly kept: number;
}

/** Options of a ``CollectorSink``. */
export interface CollectorSinkOptions {
    /** The collector's batch endpoint (`https://collector.example/v1/batch`). */
    readonly url: string;
    /** The contract's globals by TypeScript name, appended to every event as the Swift dispatcher appends them. */
    readonly globals?: { readonly [name: string]: unknown };
    /** Extra request headers (a write key: `Authorization: Bearer …`). */
    readonly headers?: Readonly<Record<string, string>>;
    /** Events per request at most (100). */
    readonly batchSize?: number;
    /** The clock of `sentAt`. */
    readonly now?: () => Date;
    /** The transport (the global `fetch`). */
    readonly fetch?: Fetch;
}

interface Held {
    readonly uuid: string;
    readonly payload: string;
}

/**
 * Posts events in batches to the collector (docs/wire-format.md, "A batch"),
 * applying its per-event verdicts. Events are held in memory only: this is not
 * a web SDK with an offline queue, retries on a schedule or page-unload
 * delivery; pair it with one (or call `flush()` from your own scheduler, and
 * `navigator.sendBeacon` on unload) where events must survive a closed tab.
 */
export class CollectorSink {
    readonly #contract: Contract;
    readonly #options: CollectorSinkOptions;
    readonly #globals: string;
    #held: Held[] = [];
    #batchSize: number;

    constructor(contract: Contract, options: CollectorSinkOptions) {
        this.#contract = contract;
        this.#options = options;
        this.#batchSize = options.batchSize ?? 100;
        const pass = new EncodingPass(PiiMode.all);
        const document = contract.rules.document;
        const members = contract.rules.members(document.globals, false);
        this.#globals = pass.members(members, withDefaults(document, document.globals, options.globals ?? {}), "", false);
        if (pass.violations.length > 0) {
            throw new Error("globals break the contract: " + pass.violations.map((v) => v.path + " " + v.code).join(", "));
        }
    }

    /** Events held, not yet delivered. */
    get pending(): number {
        return this.#held.length;
    }

    /** Holds `event` (with the globals appended) until the next `flush()`. */
    track(event: TrackedEvent): void {
        const uuid = (event.fields as { readonly uuid?: unknown }).uuid;
        this.#held.push({ uuid: typeof uuid === "string" ? uuid.toLowerCase() : "", payload: event.wireJSONWith(this.#globals) });
    }

    /** Sends every held event, batch by batch, until each is delivered, set aside or must wait. */
    async flush(): Promise<FlushSummary> {
        let delivered = 0;
        const setAside: { uuid: string; reason: string }[] = [];
        const waiting: Held[] = [];
        while (this.#held.length > 0) {
            const batch = this.#held.slice(0, this.#batchSize);
            const verdict = await this.#post(batch);
            if (verdict.kind === "tooLarge") {
                if (batch.length === 1) {
                    setAside.push({ uuid: batch[0].uuid, reason: "HTTP 413: larger than the collector takes" });
                    this.#held.shift();
                } else {
                    this.#batchSize = Math.max(1, Math.floor(batch.length / 2));
                }
                continue;
            }
            this.#held = this.#held.slice(batch.length);
            if (verdict.kind === "retry") {
                waiting.push(...batch);
                continue;
            }
            if (verdict.kind === "malformed") {
                for (const held of batch) setAside.push({ uuid: held.uuid, reason: verdict.reason });
                continue;
            }
            for (const held of batch) {
                if (verdict.kind === "all" || verdict.accepted.has(held.uuid)) {
                    delivered++;
                } else if (verdict.rejected.has(held.uuid)) {
                    setAside.push({ uuid: held.uuid, reason: verdict.rejected.get(held.uuid) as string });
                } else {
                    waiting.push(held);
                }
            }
        }
        this.#held = waiting;
        return { delivered, setAside, kept: waiting.length };
    }

    async #post(batch: readonly Held[]): Promise<Verdict> {
        const now = this.#options.now?.() ?? new Date();
        const body = '{"sentAt":' + timestampText(now) + ',"events":[' + batch.map((held) => held.payload).join(",") + "]}";
        const send = this.#options.fetch ?? (globalThis as unknown as { fetch: Fetch }).fetch;
        let status: number, text: string;
        try {
            const response = await send(this.#options.url, {
                method: "POST",
                headers: { "Content-Type": "application/json", ...this.#options.headers },
                body,
            });
            status = response.status;
            text = await response.text();
        } catch {
            return { kind: "retry" };
        }
        if (status === 413) return { kind: "tooLarge" };
        const parsed = readVerdict(text);
        if (status >= 200 && status < 300) return parsed ?? { kind: "all" };
        if (status === 400 && parsed !== undefined) return { kind: "verdict", accepted: new Set(), rejected: parsed.rejected };
        if (status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 408 && status !== 429) {
            return { kind: "malformed", reason: "HTTP " + status + ": " + text.slice(0, 200) };
        }
        return { kind: "retry" };
    }
}

type Verdict =
    | { readonly kind: "all" }
    | { readonly kind: "verdict"; readonly accepted: ReadonlySet<string>; readonly rejected: ReadonlyMap<string, string> }
    | { readonly kind: "retry" }
    | { readonly kind: "tooLarge" }
    | { readonly kind: "malformed"; readonly reason: string };

/** The collector's answer (`accepted`, `rejected`); `undefined` when it names no verdict. */
function readVerdict(text: string): { kind: "verdict"; accepted: Set<string>; rejected: Map<string, string> } | undefined {
    let json: unknown;
    try {
        json = JSON.parse(text);
    } catch {
        return undefined;
    }
    if (typeof json !== "object" || json === null) return undefined;
    const answer = json as { accepted?: unknown; rejected?: unknown };
    if (!Array.isArray(answer.accepted) && !Array.isArray(answer.rejected)) return undefined;
    const accepted = new Set<string>();
    for (const uuid of Array.isArray(answer.accepted) ? answer.accepted : []) if (typeof uuid === "string") accepted.add(uuid.toLowerCase());
    const rejected = new Map<string, string>();
    for (const item of Array.isArray(answer.rejected) ? answer.rejected : []) {
        const entry = item as { uuid?: unknown; reason?: unknown };
        if (typeof entry?.uuid === "string") rejected.set(entry.uuid.toLowerCase(), typeof entry.reason === "string" ? entry.reason : "rejected");
    }
    return { kind: "verdict", accepted, rejected };
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
    if (type === "timestamp") return new Date(wire as string);
    if (typeof type === "object" && "array" in type) return (wire as unknown[]).map((item) => argument(document, type.array, item));
    if (typeof type === "object" && "object" in type) {
        const object = document.objects[type.object];
        const members = { ...object.required, ...object.optional };
        const fields = wire as { readonly [wire: string]: unknown };
        const value: { [name: string]: unknown } = Object.create(null);
        for (const name of Object.keys(fields)) value[members[name]?.name ?? name] = argument(document, members[name], fields[name]);
        return value;
    }
    return wire;
}
