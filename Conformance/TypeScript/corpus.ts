// Runs the conformance corpus (docs/conformance.md) against the TypeScript
// target: node corpus.js CASES_DIR. Each case's arguments are read by the
// contract's rules (by wire name, converted to the field's TypeScript type)
// and passed by TypeScript name to the event's generated function; the wire
// bytes, the violations (as a set, with their messages) and the pii forms must
// be the case's.
// Exits 1 when any case differs, naming it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as generated from "./Generated/index.js";
import type { FieldSpec, FieldSpecs, ScalarTypeName, TrackedEvent } from "@contractgen/runtime";

interface Case {
    readonly name: string;
    readonly event: string;
    readonly arguments: { readonly [wire: string]: unknown };
    readonly wire: string;
    readonly withoutPii?: string;
    readonly redacted?: string;
    readonly violations: readonly { readonly path: string; readonly code: string; readonly message: string }[];
}

const document = generated.$contract.rules.document;
const hasOwn = Object.prototype.hasOwnProperty;

/** A case's JSON argument as the value of a field of `spec`. */
function argument(spec: FieldSpec, json: unknown): unknown {
    const type = spec.type;
    if (typeof type === "string") {
        const scalar = type as ScalarTypeName;
        switch (scalar) {
            case "string": {
                if (typeof json === "object" && json !== null && "utf16" in json) {
                    return String.fromCharCode(...(json as { utf16: number[] }).utf16);
                }
                return json;
            }
            case "int": {
                const big = BigInt(json as string);
                return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
            }
            case "double": return typeof json === "string" ? Number(json) : json;
            case "timestamp": return timestamp(json as string);
            case "decimal": case "bool": case "uuid": return json;
            default: {
                // Every scalar type has its case: a new one is not `never` here, and tsc names this reader.
                const unhandled: never = scalar;
                throw new Error("no argument reader for type " + String(unhandled));
            }
        }
    }
    if ("array" in type) return (json as unknown[]).map((item) => argument(type.array, item));
    if ("object" in type) {
        const object = document.objects[type.object];
        return properties({ ...object.required, ...object.optional }, json as { [wire: string]: unknown });
    }
    return json;
}

/** `YYYY-MM-DDTHH:MM:SS[.fraction]Z` as a Date, the fraction cut to milliseconds (toward the past). */
function timestamp(text: string): Date {
    const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(text);
    if (match === null) throw new Error("bad timestamp argument " + text);
    const millis = ((match[2] ?? "") + "000").slice(0, 3);
    return new Date(match[1] + "." + millis + "Z");
}

/** Arguments keyed by wire name -> properties keyed by TypeScript name. */
function properties(specs: FieldSpecs, json: { readonly [wire: string]: unknown }): { [name: string]: unknown } {
    const out: { [name: string]: unknown } = {};
    for (const wire of Object.keys(json)) {
        if (!hasOwn.call(specs, wire)) throw new Error("argument " + wire + " is no field here");
        const spec = specs[wire];
        Object.defineProperty(out, spec.name ?? wire, { value: argument(spec, json[wire]), enumerable: true, writable: true, configurable: true });
    }
    return out;
}

/** A case's arguments as the properties its event's function takes. */
function caseProperties(testCase: Case): { [name: string]: unknown } {
    const event = generated.$contract.eventRules(testCase.event);
    if (event === undefined) throw new Error("no event " + testCase.event);
    const specs: { [wire: string]: FieldSpec } = Object.create(null);
    for (const scope of [document.envelope, document.kinds[event.kind]]) Object.assign(specs, scope);
    for (const wire of [...event.required, ...event.optional]) specs[wire] = document.fields[wire];
    return properties(specs, testCase.arguments);
}

function run(testCase: Case): string[] {
    const event = generated.$contract.eventRules(testCase.event);
    if (event === undefined) throw new Error("no event " + testCase.event);
    const make = (generated as unknown as { [name: string]: (properties: object) => TrackedEvent })[event.name ?? testCase.event];
    const made = make(caseProperties(testCase));
    const problems: string[] = [];
    if (made.wireJSON() !== testCase.wire) problems.push("wire:\n  got      " + made.wireJSON() + "\n  expected " + testCase.wire);
    if (testCase.withoutPii !== undefined && made.withoutPiiJSON() !== testCase.withoutPii) problems.push("withoutPii: got " + made.withoutPiiJSON());
    if (testCase.redacted !== undefined && made.redactedJSON() !== testCase.redacted) problems.push("redacted: got " + made.redactedJSON());
    const got = made.violations.map((v) => v.path + " " + v.code + ": " + v.message).sort();
    const expected = testCase.violations.map((v) => v.path + " " + v.code + ": " + v.message).sort();
    if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push("violations: got " + JSON.stringify(got) + ", expected " + JSON.stringify(expected));
    return problems;
}

/**
 * `../wrong-types.json`: the base case's arguments plus one property of
 * another type than its field's, passed as the JSON value itself; the only
 * violation must be `wrongType` with the file's message (the collector's
 * check gives the same, ConformanceCorpusTests).
 */
function wrongTypes(path: string, all: ReadonlyMap<string, Case>): string[] {
    const file = JSON.parse(readFileSync(path, "utf8")) as {
        event: string; base: string; cases: readonly { field: string; value: unknown; message: string }[];
    };
    const base = all.get(file.base);
    if (base === undefined || base.event !== file.event) return ["wrong-types.json: no base case " + file.base + " of " + file.event];
    const event = generated.$contract.eventRules(file.event);
    if (event === undefined) return ["wrong-types.json: no event " + file.event];
    const make = (generated as unknown as { [name: string]: (properties: object) => TrackedEvent })[event.name ?? file.event];
    const problems: string[] = [];
    for (const wrong of file.cases) {
        const spec = document.fields[wrong.field];
        const properties = caseProperties(base);
        properties[spec.name ?? wrong.field] = wrong.value;
        const got = make(properties).violations.map((v) => v.path + " " + v.code + ": " + v.message);
        const expected = [wrong.field + " wrongType: " + wrong.message];
        if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push("wrong-types.json " + wrong.field + " = " + JSON.stringify(wrong.value) + ": got " + JSON.stringify(got) + ", expected " + JSON.stringify(expected));
    }
    return file.cases.length > 0 ? problems : ["wrong-types.json has no cases"];
}

const directory = process.argv[2];
let count = 0, failed = 0;
const byName = new Map<string, Case>();
for (const file of readdirSync(directory).filter((name) => name.endsWith(".json")).sort()) {
    const cases = (JSON.parse(readFileSync(join(directory, file), "utf8")) as { cases: Case[] }).cases;
    for (const testCase of cases) {
        byName.set(testCase.name, testCase);
        count++;
        let problems: string[];
        try {
            problems = run(testCase);
        } catch (error) {
            problems = ["threw " + String(error)];
        }
        if (problems.length > 0) {
            failed++;
            console.log("FAIL " + testCase.name + "\n  " + problems.join("\n  "));
        }
    }
}
const wrongTypeProblems = wrongTypes(join(directory, "..", "wrong-types.json"), byName);
if (wrongTypeProblems.length > 0) {
    failed++;
    console.log("FAIL wrong-types.json\n  " + wrongTypeProblems.join("\n  "));
}
console.log(count + " cases, " + failed + " failed");
process.exitCode = failed === 0 && count > 0 ? 0 : 1;
