import { CompiledRules, EncodingPass, type Member, PiiMode, read } from "./encoder.js";
import { PayloadMember, TypeCode, ViolationMessage, redactionMarker } from "./constants.js";
import { stringText } from "./json.js";
import type { ContractRulesDocument, EventSpec } from "./rules.js";
import { TrackedEvent, type EventWriter } from "./event.js";
import type { Violation } from "./violation.js";

const hasOwn = Object.prototype.hasOwnProperty;

/** One member of an event in wire order: a value read from the properties (`filledIndex`: its place among the
 * envelope members filled in when absent, or -1), or a constant the event fixes. */
type Slot = (Member & { readonly filledIndex: number }) | { readonly constant: string };

/** `"<redacted>"`, as members write it. */
const redactedText = JSON.stringify(redactionMarker);

/** An event's compiled layout. */
interface EventLayout {
    readonly name: string;
    readonly kind: string;
    readonly head: string;
    readonly slots: readonly Slot[];
    /** The properties' keys the event takes. */
    readonly keys: ReadonlySet<string>;
    /** Fixed kind fields to add to `fields`: TypeScript name -> wire value. */
    readonly constants: readonly (readonly [string, string])[];
    /** Envelope members filled in when absent. */
    readonly filled: readonly Member[];
}

/** Makes objects of one object type, and checks them (`Price(…)`, `Price.check(…)`). */
export interface ObjectType<T> {
    (fields: T): T;
    /** What `value` breaks of the object's rules (paths relative to the object). */
    check(value: T): readonly Violation[];
}

/** A random uuid (the Web Crypto API of Node 20 and browsers). */
export type UUIDSource = () => string;

/**
 * A contract's rules, compiled once, making events: generated code holds one
 * (`$contract`) and calls it from every event function.
 */
export class Contract<Globals extends object = object> implements EventWriter {
    /** The type of the contract's globals (generated code names it: `new Contract<Globals>(…)`); no value, for the type checker only. */
    declare readonly globalsType?: Globals;
    readonly rules: CompiledRules;
    readonly #layouts = new Map<string, EventLayout>();
    readonly #objects = new Map<string, readonly Member[]>();
    readonly #events = new Map<string, EventSpec>();
    /** Where envelope uuids come from when absent; tests may replace it. */
    uuid: UUIDSource = () => globalThis.crypto.randomUUID();
    /** Where envelope timestamps come from when absent; tests may replace it. */
    now: () => Date = () => new Date();

    constructor(document: ContractRulesDocument) {
        this.rules = new CompiledRules(document);
        this.addEvents(document.events);
    }

    /** Adds events' rules (generated code: each file of events adds its own). */
    addEvents(events: { readonly [name: string]: EventSpec }): void {
        for (const name of Object.keys(events)) this.#events.set(name, events[name]);
    }

    /** The rules of the event `name`, if the contract has it. */
    eventRules(name: string): EventSpec | undefined {
        return this.#events.get(name);
    }

    /** The contract's name and version. */
    get name(): string { return this.rules.document.contract; }
    get version(): string { return this.rules.document.version; }

    /** Makes the event `name` from `properties` (keyed by TypeScript names): checks and writes it. */
    event<Name extends string, Kind extends string, Fields>(name: Name, properties: object): TrackedEvent<Name, Kind, Fields> {
        const layout = this.#layouts.get(name) ?? this.#layout(name);
        const values = properties as { readonly [key: string]: unknown };
        let filled: unknown[] | undefined;
        for (let i = 0; i < layout.filled.length; i++) {
            const member = layout.filled[i];
            if (read(values, member) == null) (filled ??= [])[i] = member.node.type === TypeCode.uuid ? this.uuid() : this.now();
        }
        const pass = new EncodingPass(PiiMode.all);
        const members = this.#write(layout, values, filled, pass);
        return new TrackedEvent<Name, Kind, Fields>(name, layout.kind as Kind, properties, filled, layout.head, members, pass.violations, this);
    }

    /** Writes an event again in `mode` (without pii, redacted). */
    write(name: string, properties: object, filled: readonly unknown[] | undefined, mode: PiiMode): string {
        const layout = this.#layouts.get(name) ?? this.#layout(name);
        return layout.head + this.#write(layout, properties as { readonly [key: string]: unknown }, filled, new EncodingPass(mode)) + "}";
    }

    /** An event's fields: its properties, the envelope values filled in, the kind fields it fixes. */
    fields(name: string, properties: object, filled: readonly unknown[] | undefined): object {
        const layout = this.#layouts.get(name) ?? this.#layout(name);
        const fields: { [key: string]: unknown } = { ...properties };
        const define = (key: string, value: unknown): void => {
            Object.defineProperty(fields, key, { value, enumerable: true, writable: true, configurable: true });
        };
        layout.filled.forEach((member, index) => { if (filled?.[index] !== undefined) define(member.key, filled[index]); });
        for (const [key, value] of layout.constants) define(key, value);
        return fields;
    }

    #write(layout: EventLayout, fields: { readonly [key: string]: unknown }, filled: readonly unknown[] | undefined, pass: EncodingPass): string {
        let out = "";
        let comma = false;
        let given = 0;
        for (const slot of layout.slots) {
            if ("constant" in slot) {
                out += (comma ? "," : "") + slot.constant;
                comma = true;
                continue;
            }
            let value = read(fields, slot);
            if (value === undefined || value === null) {
                if (slot.filledIndex >= 0 && filled !== undefined && filled[slot.filledIndex] !== undefined) {
                    value = filled[slot.filledIndex];
                } else {
                    if (slot.required) pass.report(slot.wire, "missingField", ViolationMessage.missingField(layout.name));
                    continue;
                }
            } else {
                given++;
            }
            if (slot.pii && pass.mode !== PiiMode.all) {
                if (pass.mode === PiiMode.redacted) {
                    out += (comma ? "," : "") + slot.prefix + redactedText;
                    comma = true;
                }
                continue;
            }
            out += (comma ? "," : "") + slot.prefix + pass.value(slot.node, value, "", slot.wire);
            comma = true;
        }
        const keys = Object.keys(fields);
        if (keys.length > given) {
            for (const key of keys) {
                if (!layout.keys.has(key) && fields[key] !== undefined && fields[key] !== null) pass.report(key, "unknownField", ViolationMessage.unknownField(layout.name));
            }
        }
        return out;
    }

    #layout(name: string): EventLayout {
        const document = this.rules.document;
        const event = this.#events.get(name);
        if (event === undefined) throw new Error("no event named " + name + " in contract " + document.contract);
        const constants = event.constants ?? {};
        const envelope = this.rules.members(document.envelope, true);
        const kindSpecs = hasOwn.call(document.kinds, event.kind) ? document.kinds[event.kind] : {};
        // The generator decided which envelope fields are filled in (`"fill"`: only `uuid` and `clientTimestamp`).
        const filled = envelope.filter((member) => document.envelope[member.wire].fill !== undefined);
        const slots: Slot[] = envelope.map((member) => ({ ...member, required: member.required && !filled.includes(member), filledIndex: filled.indexOf(member) }));
        const constantFields: [string, string][] = [];
        for (const member of this.rules.members(kindSpecs, true)) {
            if (hasOwn.call(constants, member.wire)) {
                slots.push({ constant: member.prefix + stringText(constants[member.wire]) });
                constantFields.push([member.key, constants[member.wire]]);
            } else {
                slots.push({ ...member, filledIndex: -1 });
            }
        }
        const pick = (names: readonly string[]): { [wire: string]: (typeof document.fields)[string] } => {
            const specs: { [wire: string]: (typeof document.fields)[string] } = Object.create(null);
            for (const wire of names) specs[wire] = document.fields[wire];
            return specs;
        };
        for (const member of [...this.rules.members(pick(event.required), true), ...this.rules.members(pick(event.optional), false)]) {
            slots.push({ ...member, filledIndex: -1 });
        }
        const keys = new Set<string>();
        for (const slot of slots) if (!("constant" in slot)) keys.add(slot.key);
        const head = "{" + stringText(PayloadMember.event) + ":" + stringText(name) + "," + stringText(PayloadMember.kind) + ":" + stringText(event.kind)
            + "," + stringText(PayloadMember.contractVersion) + ":" + stringText(document.version) + ",";
        const layout: EventLayout = { name, kind: event.kind, head, slots, keys, constants: constantFields, filled };
        this.#layouts.set(name, layout);
        return layout;
    }

    /** The maker and checker of the object type `name` (generated code: `export const Price = $contract.objectType<Price>("Price")`). */
    objectType<T>(name: string): ObjectType<T> {
        const members = (): readonly Member[] => {
            let found = this.#objects.get(name);
            if (found === undefined) {
                const object = this.rules.document.objects[name];
                found = [...this.rules.members(object.required, true), ...this.rules.members(object.optional, false)];
                this.#objects.set(name, found);
            }
            return found;
        };
        const make = (fields: T): T => {
            const source = fields as unknown as { readonly [key: string]: unknown };
            const made: { [key: string]: unknown } = {};
            for (const member of members()) {
                if (hasOwn.call(source, member.key) && source[member.key] !== undefined) {
                    Object.defineProperty(made, member.key, { value: source[member.key], enumerable: true });
                }
            }
            return Object.freeze(made) as unknown as T;
        };
        return Object.assign(make, {
            check: (value: T): readonly Violation[] => {
                const pass = new EncodingPass(PiiMode.all);
                pass.members(members(), value as unknown as object, "", false, name);
                return pass.violations;
            },
        });
    }
}

/** A value set's constants, frozen (generated code: `export const Size = $rt.valueSet({S: "S", …} as const)`). */
export function valueSet<T extends object>(members: T): Readonly<T> {
    return Object.freeze(members);
}
