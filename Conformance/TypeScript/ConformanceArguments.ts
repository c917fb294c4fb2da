// Hand-written: reads a conformance case's arguments (JSON keyed by wire name,
// docs/conformance.md, "Arguments") into values of the TypeScript types the
// generated functions take. The generated driver, ConformanceDriver.ts, calls
// each event's function with them; corpus.ts's untyped path reads by the same
// readers. Every member must be read: a case naming an argument its event does
// not take fails instead of being ignored.
import type { Decimal, Int, ScalarTypeName, Timestamp } from "@contractgen/runtime";

/**
 * An argument that no value of its property's TypeScript type stands for: a
 * value of another type (wrong-types.json's cases, on purpose), a wire value
 * outside its value set, a required argument left out. The typed driver cannot
 * make such a call (tsc refuses it); the case runs through the untyped path.
 */
export class Inexpressible extends Error {}

/** Reads the JSON at `path` into a value of one TypeScript type, or throws ``Inexpressible``. */
export type Reader<T> = (json: unknown, path: string) => T;

const hasOwn = Object.prototype.hasOwnProperty;

/** One case's (or one object argument's) members, read by wire name. */
export class ConformanceArguments {
    readonly #members: { readonly [wire: string]: unknown };
    readonly #path: string;

    constructor(json: unknown, path = "") {
        if (typeof json !== "object" || json === null || Array.isArray(json)) throw new Inexpressible(where(path) + "expected an object");
        this.#members = json as { readonly [wire: string]: unknown };
        this.#path = path;
    }

    /** Throws (a failure, not ``Inexpressible``) when the case gives an argument not in `wires`. */
    only(...wires: string[]): void {
        for (const wire of Object.keys(this.#members)) {
            if (!wires.includes(wire)) throw new Error(where(this.#memberPath(wire)) + "no such argument");
        }
    }

    required<T>(wire: string, read: Reader<T>): T {
        if (!hasOwn.call(this.#members, wire)) throw new Inexpressible(where(this.#memberPath(wire)) + "required argument missing");
        return read(this.#members[wire], this.#memberPath(wire));
    }

    optional<T>(wire: string, read: Reader<T>): T | undefined {
        return hasOwn.call(this.#members, wire) ? read(this.#members[wire], this.#memberPath(wire)) : undefined;
    }

    #memberPath(wire: string): string {
        return this.#path === "" ? wire : this.#path + "." + wire;
    }
}

function where(path: string): string {
    return path === "" ? "" : path + ": ";
}

function text(json: unknown, path: string, type: string): string {
    if (typeof json !== "string") throw new Inexpressible(where(path) + type + ": expected a string");
    return json;
}

/**
 * The readers of every field type's argument form: one per scalar type, named
 * as the contract names it (the generated driver calls `read.int`), and the
 * value sets', arrays' readers.
 */
export const read = {
    /** A JSON string, or `{"utf16": [code units]}`: the string of exactly those units (a lone surrogate stays one). */
    string(json: unknown, path: string): string {
        if (typeof json === "object" && json !== null && hasOwn.call(json, "utf16")) {
            const units = (json as { readonly utf16: unknown }).utf16;
            if (!Array.isArray(units) || !units.every((unit) => Number.isInteger(unit) && unit >= 0 && unit <= 0xFFFF)) {
                throw new Inexpressible(where(path) + "utf16: expected code units 0...65535");
            }
            return String.fromCharCode(...(units as number[]));
        }
        return text(json, path, "string");
    },
    /** A string of decimal digits: a `number` within 2^53, else a `bigint` (JSON.parse would round a number). */
    int(json: unknown, path: string): Int {
        const digits = text(json, path, "int");
        if (!/^-?[0-9]+$/.test(digits)) throw new Inexpressible(where(path) + "int: not an integer");
        const big = BigInt(digits);
        return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
    },
    /** A JSON number, or `"NaN"`, `"Infinity"`, `"-Infinity"`. */
    double(json: unknown, path: string): number {
        if (typeof json === "number") return json;
        if (json === "NaN" || json === "Infinity" || json === "-Infinity") return Number(json);
        throw new Inexpressible(where(path) + "double: expected a number, NaN or ±Infinity");
    },
    /** The decimal's text, as given (the runtime writes it). */
    decimal(json: unknown, path: string): Decimal {
        return text(json, path, "decimal") as `${number}`;
    },
    bool(json: unknown, path: string): boolean {
        if (typeof json !== "boolean") throw new Inexpressible(where(path) + "bool: expected true or false");
        return json;
    },
    /** The uuid's text, in any case (the runtime writes it in lower case). */
    uuid(json: unknown, path: string): string {
        return text(json, path, "uuid");
    },
    /** `YYYY-MM-DDTHH:MM:SS[.fraction]Z` as a Date, the fraction cut to milliseconds (toward the past). */
    timestamp(json: unknown, path: string): Timestamp {
        const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(text(json, path, "timestamp"));
        if (match === null) throw new Inexpressible(where(path) + "timestamp: not YYYY-MM-DDTHH:MM:SS[.fraction]Z");
        const millis = ((match[2] ?? "") + "000").slice(0, 3);
        return new Date(match[1] + "." + millis + "Z");
    },
    /** A member of the value set whose generated constants are `set` (`Size`), by its wire value. */
    member<T extends object>(set: T): Reader<T[keyof T]> {
        const wireValues: readonly unknown[] = Object.values(set);
        return (json, path) => {
            if (!wireValues.includes(json)) throw new Inexpressible(where(path) + "not a wire value of its value set: " + JSON.stringify(json));
            return json as T[keyof T];
        };
    },
    /** A JSON array, each item read by `item`. */
    list<T>(item: Reader<T>): Reader<T[]> {
        return (json, path) => {
            if (!Array.isArray(json)) throw new Inexpressible(where(path) + "expected an array");
            return json.map((value: unknown, index) => item(value, path + "[" + index + "]"));
        };
    },
};

/** Every scalar type has its reader: a type new in `ScalarTypeName` fails to compile here (tsc 4.8 has no `satisfies`). */
const everyScalarTypeIsRead: { readonly [T in ScalarTypeName]: Reader<unknown> } = read;
void everyScalarTypeIsRead;
