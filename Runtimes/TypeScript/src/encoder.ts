import { codePointCount, compareDecimals, decimalText, doubleText, intText, stringText, timestampText, uuidText, wellFormed } from "./json.js";
import { ExpectedType, Format, FormatVersion, FoundType, TypeCode as T, ViolationMessage, redactionMarker } from "./constants.js";
import { PatternProgram } from "./pattern.js";
import type { ContractRulesDocument, FieldSpec, FieldSpecs, ScalarTypeName } from "./rules.js";
import type { Violation, ViolationCode } from "./violation.js";

/** Which members a pass writes: all, all but pii ones (consent denied), or pii ones as `"<redacted>"` (logs). */
export const enum PiiMode { all, withoutPii, redacted }

const hasOwn = Object.prototype.hasOwnProperty;

/** A bound of `minimum`/`maximum`: exact text, and the nearest double. */
interface Bound { readonly text: string; readonly value: number; readonly exactAsNumber: boolean }

/** A field spec compiled once: the checks and the writer of one value. */
interface ValueNode {
    readonly type: T;
    readonly minLength?: number;
    readonly maxLength?: number;
    readonly pattern?: PatternProgram;
    /** The pattern as the contract writes it, for messages. */
    readonly patternSource?: string;
    readonly minimum?: Bound;
    readonly maximum?: Bound;
    readonly minItems?: number;
    readonly maxItems?: number;
    /** Value sets: each wire value, written. */
    readonly allowed?: ReadonlyMap<string, string>;
    readonly valueSetName?: string;
    /** Objects: the members; resolved after all objects are compiled (recursive objects). */
    members?: readonly Member[];
    readonly objectName?: string;
    readonly items?: ValueNode;
}

/** A member of an object or event: where its value is read and how it is written. */
export interface Member {
    /** The wire name. */
    readonly wire: string;
    /** The property the value is read from (the TypeScript name). */
    readonly key: string;
    /** `"wire":`, ready to write. */
    readonly prefix: string;
    readonly node: ValueNode;
    readonly required: boolean;
    readonly pii: boolean;
    /** Whether `key` is also an `Object.prototype` member, so that only an own property counts (never derived, but chosen names could be). */
    readonly inherited: boolean;
}

/** The value of `member` in `record`: an own property only, never `Object.prototype`'s. */
export function read(record: { readonly [key: string]: unknown }, member: Member): unknown {
    return member.inherited ? (hasOwn.call(record, member.key) ? record[member.key] : undefined) : record[member.key];
}

/** A character JSON.stringify escapes: strings without any are written as they are. */
const plain = /["\\\u0000-\u001f]/;
/** The same, or a surrogate (which may be lone). */
const special = /["\\\u0000-\u001f\ud800-\udfff]/;

/** `"<redacted>"`, as members write it. */
const redactedText = JSON.stringify(redactionMarker);

/**
 * What a value is, for `wrongType` messages: the JSON type it would encode to,
 * in the shared table's words (as the collector says of JSON): a bigint is a
 * number, a Date, a function or a symbol an object, undefined null.
 */
function describe(value: unknown): string {
    if (value === null || value === undefined) return FoundType.null;
    if (Array.isArray(value)) return FoundType.array;
    switch (typeof value) {
        case "boolean": return FoundType.bool;
        case "number": case "bigint": return FoundType.number;
        case "string": return FoundType.string;
        default: return FoundType.object;
    }
}

/** `key` in the value at `parent`: `lines[1].price`. */
function pathOf(parent: string, key: string | number): string {
    return typeof key === "number" ? parent + "[" + key + "]" : parent === "" ? key : parent + "." + key;
}

/** Every scalar type's node type: a mapped type, so tsc names this table when a type joins `ScalarTypeName`. */
const scalarTypes: { readonly [name in ScalarTypeName]: T } = { string: T.string, int: T.int, double: T.double, decimal: T.decimal, bool: T.bool, uuid: T.uuid, timestamp: T.timestamp };

/** The compiled form of a contract's rules: every spec resolved once, shared by all events. */
export class CompiledRules {
    readonly document: ContractRulesDocument;
    private readonly patterns: PatternProgram[];
    private readonly objectMembers = new Map<string, Member[]>();
    private readonly pendingObjects: ValueNode[] = [];

    constructor(document: ContractRulesDocument) {
        if (document.format !== FormatVersion.rulesDataFormat) throw new Error("contract rules: unknown format " + String(document.format));
        this.document = document;
        this.patterns = document.patterns.map((pattern) => new PatternProgram(pattern.program));
        for (const name of Object.keys(document.objects)) {
            const object = document.objects[name];
            this.objectMembers.set(name, [...this.members(object.required, true), ...this.members(object.optional, false)]);
        }
        for (const node of this.pendingObjects) node.members = this.objectMembers.get(node.objectName as string);
    }

    /** The members of `specs`, in order. */
    members(specs: FieldSpecs, required: boolean): Member[] {
        return Object.keys(specs).map((wire) => {
            const spec = specs[wire];
            const key = spec.name ?? wire;
            return { wire, key, prefix: JSON.stringify(wire) + ":", node: this.node(spec), required, pii: spec.pii === true, inherited: key in Object.prototype };
        });
    }

    private node(spec: FieldSpec): ValueNode {
        const bound = (text: string | undefined): Bound | undefined => {
            if (text === undefined) return undefined;
            const value = Number(text);
            return { text, value, exactAsNumber: Number.isSafeInteger(value) && String(value) === text };
        };
        const common = {
            minLength: spec.minLength, maxLength: spec.maxLength,
            pattern: spec.pattern === undefined ? undefined : this.patterns[spec.pattern],
            patternSource: spec.pattern === undefined ? undefined : this.document.patterns[spec.pattern].source,
            minimum: bound(spec.minimum), maximum: bound(spec.maximum), minItems: spec.minItems, maxItems: spec.maxItems,
        };
        const type = spec.type;
        if (typeof type === "string") {
            const scalar = (scalarTypes as { readonly [name: string]: T | undefined })[type];
            if (scalar === undefined || !hasOwn.call(scalarTypes, type)) throw new Error("contract rules: unknown type " + type);
            return { type: scalar, ...common };
        }
        if ("valueSet" in type) {
            const allowed = new Map(this.document.valueSets[type.valueSet].map((wire) => [wire, JSON.stringify(wire)]));
            return { type: T.valueSet, allowed, valueSetName: type.valueSet, ...common };
        }
        if ("array" in type) return { type: T.array, items: this.node(type.array), ...common };
        // While objects are compiled, an object's members may not exist yet (recursion): resolved at the end.
        const node: ValueNode = { type: T.object, objectName: type.object, members: this.objectMembers.get(type.object), ...common };
        if (node.members === undefined) this.pendingObjects.push(node);
        return node;
    }
}

/** One pass over an event's values: writes them and collects what breaks the rules. */
export class EncodingPass {
    readonly violations: Violation[] = [];
    constructor(readonly mode: PiiMode) {}

    report(path: string, code: ViolationCode, message: string): void {
        this.violations.push({ path, code, message });
    }

    /** Writes the members present in `values` (`,"wire":value` each), checking each; `path` is the object's own, `owner` its name. */
    members(members: readonly Member[], values: object, path: string, comma: boolean, owner: string): string {
        const record = values as { readonly [key: string]: unknown };
        let out = "";
        let present = 0;
        for (const member of members) {
            const value = read(record, member);
            if (value === undefined || value === null) {
                if (member.required) this.report(pathOf(path, member.wire), "missingField", ViolationMessage.missingField(owner));
                continue;
            }
            present++;
            if (member.pii && this.mode !== PiiMode.all) {
                if (this.mode === PiiMode.withoutPii) continue;
                out += (comma ? "," : "") + member.prefix + redactedText;
                comma = true;
                continue;
            }
            out += (comma ? "," : "") + member.prefix + this.value(member.node, value, path, member.wire);
            comma = true;
        }
        if (Object.keys(record).length > present) {
            for (const key of Object.keys(record)) {
                const value = record[key];
                if (value !== undefined && value !== null && !members.some((member) => member.key === key)) {
                    this.report(pathOf(path, key), "unknownField", ViolationMessage.unknownField(owner));
                }
            }
        }
        return out;
    }

    /** One value's wire text, checked against `node`; its path is `key` in `parent` (made only when needed). */
    value(node: ValueNode, value: unknown, parent: string, key: string | number): string {
        switch (node.type) {
            case T.string: {
                if (typeof value !== "string") return this.wrongType(pathOf(parent, key), ExpectedType.string, value);
                if (node.minLength === undefined && node.maxLength === undefined && node.pattern === undefined && !special.test(value)) {
                    return '"' + value + '"';
                }
                const text = wellFormed(value);
                if (node.minLength !== undefined || node.maxLength !== undefined) {
                    const length = text.length <= (node.maxLength ?? -1) && node.minLength === undefined ? 0 : codePointCount(text);
                    if (node.minLength !== undefined && length < node.minLength) this.report(pathOf(parent, key), "tooShort", ViolationMessage.tooShort(length, node.minLength));
                    if (node.maxLength !== undefined && length > node.maxLength) this.report(pathOf(parent, key), "tooLong", ViolationMessage.tooLong(length, node.maxLength));
                }
                if (node.pattern !== undefined && !node.pattern.matches(text)) this.report(pathOf(parent, key), "patternMismatch", ViolationMessage.patternMismatch(node.patternSource as string));
                return plain.test(text) ? JSON.stringify(text) : '"' + text + '"';
            }
            case T.int: {
                if (typeof value !== "number" && typeof value !== "bigint") return this.wrongType(pathOf(parent, key), ExpectedType.int, value);
                const text = intText(value);
                if (text === null) return this.wrongType(pathOf(parent, key), ExpectedType.int, value);
                this.bounds(node, value, text, parent, key);
                return text;
            }
            case T.double: {
                if (typeof value !== "number") return this.wrongType(pathOf(parent, key), ExpectedType.double, value);
                const text = doubleText(value);
                if (text === null) {
                    this.report(pathOf(parent, key), "badFormat", ViolationMessage.badFormat(Format.finiteNumber));
                    return "null";
                }
                if (node.minimum !== undefined && value < node.minimum.value) this.report(pathOf(parent, key), "belowMinimum", ViolationMessage.belowMinimum(node.minimum.text));
                if (node.maximum !== undefined && value > node.maximum.value) this.report(pathOf(parent, key), "aboveMaximum", ViolationMessage.aboveMaximum(node.maximum.text));
                return text;
            }
            case T.decimal: {
                if (typeof value !== "string" && typeof value !== "number") return this.wrongType(pathOf(parent, key), ExpectedType.decimal, value);
                const text = decimalText(value);
                if (text === null) {
                    this.report(pathOf(parent, key), "badFormat", ViolationMessage.badFormat(Format.decimal));
                    return "null";
                }
                if (node.minimum !== undefined && compareDecimals(text, node.minimum.text) < 0) this.report(pathOf(parent, key), "belowMinimum", ViolationMessage.belowMinimum(node.minimum.text));
                if (node.maximum !== undefined && compareDecimals(text, node.maximum.text) > 0) this.report(pathOf(parent, key), "aboveMaximum", ViolationMessage.aboveMaximum(node.maximum.text));
                return text;
            }
            case T.bool:
                return typeof value === "boolean" ? (value ? "true" : "false") : this.wrongType(pathOf(parent, key), ExpectedType.bool, value);
            case T.uuid: {
                if (typeof value !== "string") return this.wrongType(pathOf(parent, key), ExpectedType.uuid, value);
                const text = uuidText(value);
                if (text !== null) return text;
                this.report(pathOf(parent, key), "badFormat", ViolationMessage.badFormat(Format.uuid));
                return stringText(value);
            }
            case T.timestamp:
                return value instanceof Date ? timestampText(value) : this.wrongType(pathOf(parent, key), ExpectedType.timestamp, value);
            case T.valueSet: {
                if (typeof value !== "string") return this.wrongType(pathOf(parent, key), ExpectedType.valueSet + " " + (node.valueSetName as string), value);
                const written = (node.allowed as ReadonlyMap<string, string>).get(value);
                if (written !== undefined) return written;
                this.report(pathOf(parent, key), "notInValueSet", ViolationMessage.notInValueSet(node.valueSetName as string));
                return stringText(value);
            }
            case T.object:
                if (typeof value !== "object" || value === null || Array.isArray(value)) return this.wrongType(pathOf(parent, key), ExpectedType.object + " " + (node.objectName as string), value);
                return "{" + this.members(node.members as readonly Member[], value, pathOf(parent, key), false, node.objectName as string) + "}";
            case T.array: {
                if (!Array.isArray(value)) return this.wrongType(pathOf(parent, key), ExpectedType.array, value);
                if (node.minItems !== undefined && value.length < node.minItems) this.report(pathOf(parent, key), "tooFewItems", ViolationMessage.tooFewItems(value.length, node.minItems));
                if (node.maxItems !== undefined && value.length > node.maxItems) this.report(pathOf(parent, key), "tooManyItems", ViolationMessage.tooManyItems(value.length, node.maxItems));
                const path = pathOf(parent, key);
                let out = "[";
                for (let i = 0; i < value.length; i++) {
                    out += (i === 0 ? "" : ",") + this.value(node.items as ValueNode, value[i], path, i);
                }
                return out + "]";
            }
            default: {
                // Every node type has its case: a new one makes `node.type` not `never` here, and tsc names this switch.
                const unhandled: never = node.type;
                throw new Error("contract rules: unknown node " + String(unhandled));
            }
        }
    }

    private bounds(node: ValueNode, value: number | bigint, text: string, parent: string, key: string | number): void {
        const path = pathOf(parent, key);
        const below = (bound: Bound): boolean =>
            typeof value === "number" && bound.exactAsNumber ? value < bound.value : compareDecimals(text, bound.text) < 0;
        const above = (bound: Bound): boolean =>
            typeof value === "number" && bound.exactAsNumber ? value > bound.value : compareDecimals(text, bound.text) > 0;
        if (node.minimum !== undefined && below(node.minimum)) this.report(path, "belowMinimum", ViolationMessage.belowMinimum(node.minimum.text));
        if (node.maximum !== undefined && above(node.maximum)) this.report(path, "aboveMaximum", ViolationMessage.aboveMaximum(node.maximum.text));
    }

    private wrongType(path: string, expected: string, value: unknown): string {
        this.report(path, "wrongType", ViolationMessage.wrongType(expected, describe(value)));
        return "null";
    }
}
