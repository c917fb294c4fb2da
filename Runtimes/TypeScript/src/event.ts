import { EncodingPass, PiiMode } from "./encoder.js";
import type { Violation } from "./violation.js";

/** What an event keeps of the contract that made it: how to write it again (without pii, redacted) and its fields. */
export interface EventWriter {
    write(name: string, properties: object, filled: readonly unknown[] | undefined, mode: PiiMode): string;
    fields(name: string, properties: object, filled: readonly unknown[] | undefined): object;
}

/**
 * An event made by a generated function: its name, kind and fields as given, what
 * it breaks of the contract, and its wire JSON (the bytes Swift's `encodedJSON()`
 * writes for the same values). Hand it to any analytics SDK as a name and
 * properties: `analytics.track(event.name, event.properties)`.
 */
export class TrackedEvent<Name extends string = string, Kind extends string = string, Fields = unknown> {
    /** The event's name as the contract spells it. */
    readonly name: Name;
    /** The event's kind. */
    readonly kind: Kind;
    /** What breaks the contract; empty when the event is valid. */
    readonly violations: readonly Violation[];
    /** The members after `{"event":…,"kind":…,"contractVersion":…,`, without the closing `}`. */
    readonly #members: string;
    readonly #head: string;
    readonly #writer: EventWriter;
    readonly #properties: object;
    /** The envelope values filled in (uuid, timestamp) where the properties had none. */
    readonly #filled: readonly unknown[] | undefined;
    #fields: Fields | undefined;

    /** Made by the runtime's `Contract.event`; not meant to be called directly. */
    constructor(
        name: Name, kind: Kind, properties: object, filled: readonly unknown[] | undefined, head: string, members: string,
        violations: readonly Violation[], writer: EventWriter,
    ) {
        this.name = name;
        this.kind = kind;
        this.#properties = properties;
        this.#filled = filled;
        this.#head = head;
        this.#members = members;
        this.violations = violations;
        this.#writer = writer;
    }

    /** The values it was made from (TypeScript names), with the envelope values filled in and the kind fields the event fixes. */
    get fields(): Fields {
        return (this.#fields ??= this.#writer.fields(this.name, this.#properties, this.#filled) as Fields);
    }

    /** Whether the event breaks nothing of the contract. */
    get isValid(): boolean {
        return this.violations.length === 0;
    }

    /** The event's own wire JSON (docs/wire-format.md), without globals. */
    wireJSON(): string {
        return this.#head + this.#members + "}";
    }

    /** The wire JSON with `globals` (already written members, `"appVersion":"4.2.0",…`) appended, as the sink sends it. */
    wireJSONWith(globals: string): string {
        return globals === "" ? this.wireJSON() : this.#head + this.#members + "," + globals + "}";
    }

    /** The wire JSON once consent to personal data is denied: every pii member removed, at every depth. */
    withoutPiiJSON(): string {
        return this.#writer.write(this.name, this.#properties, this.#filled, PiiMode.withoutPii);
    }

    /** The wire JSON as logs show it: every pii value replaced by `"<redacted>"`. */
    redactedJSON(): string {
        return this.#writer.write(this.name, this.#properties, this.#filled, PiiMode.redacted);
    }

    /**
     * `shaded (action) {"event":"shaded",…,"email":"<redacted>"}`, then `; violations: [path: message]`
     * when it has any: what `String(event)` and template literals show, never a pii value.
     */
    toString(): string {
        const head = `${this.name} (${this.kind}) ${this.redactedJSON()}`;
        if (this.violations.length === 0) return head;
        return head + "; violations: [" + this.violations.map((v) => `${v.path}: ${v.message}`).join("; ") + "]";
    }

    /** What `JSON.stringify(event)` writes: name, kind, violations and the redacted JSON as text, never a pii value. */
    toJSON(): { name: Name; kind: Kind; violations: readonly Violation[]; json: string } {
        return { name: this.name, kind: this.kind, violations: this.violations, json: this.redactedJSON() };
    }

    /** What Node's `util.inspect` and `console.log(event)` show: the same as `toString()`. */
    [Symbol.for("nodejs.util.inspect.custom")](): string {
        return `TrackedEvent ${this.toString()}`;
    }

    /** The wire members but `event`, as plain JSON values (for `analytics.track(name, properties)`); ints beyond 2^53 lose precision. */
    get properties(): Record<string, unknown> {
        const parsed = JSON.parse(this.wireJSON()) as Record<string, unknown>;
        delete parsed.event;
        return parsed;
    }
}


