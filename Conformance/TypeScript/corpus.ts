// Runs the conformance corpus (docs/conformance.md) against the TypeScript
// target: node corpus.js CASES_DIR. Every case runs two ways, and each must
// give the case's wire bytes, violations (as a set, with their messages) and
// pii forms:
// - typed: the generated driver (ConformanceDriver.ts) calls the event's
//   generated function with each argument read into its property's TypeScript
//   type (value sets through their generated constants, objects through their
//   generated constructors), as an app does;
// - untyped: the arguments are read by the contract's rules as data (by wire
//   name, converted to the field's TypeScript type) and passed by TypeScript
//   name to the function looked up at run time.
// A case no typed call can express (ConformanceArguments.Inexpressible) runs
// untyped only, as do the cases of wrong-types.json (a value of another type on
// purpose). One line per case says the path it took (`typed NAME`, `untyped
// NAME: why`); the last line counts them.
// Exits 1 when any case differs, naming it.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as generated from "./Generated/index.js";
import { conformanceEvent, conformanceGlobals } from "./ConformanceDriver.js";
import { Inexpressible, read } from "./ConformanceArguments.js";
import { CollectorSink } from "@contractgen/runtime";
import type { Consent, EventQueue, FieldSpec, FieldSpecs, Notice, QueuedEvent, ScalarTypeName, TrackedEvent } from "@contractgen/runtime";

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
function argument(spec: FieldSpec, json: unknown, path: string): unknown {
    const type = spec.type;
    if (typeof type === "string") {
        // One reader per ScalarTypeName (ConformanceArguments.ts): tsc names a type it does not read.
        return read[type as ScalarTypeName](json, path);
    }
    if ("array" in type) return (json as unknown[]).map((item, index) => argument(type.array, item, path + "[" + index + "]"));
    if ("object" in type) {
        const object = document.objects[type.object];
        return properties({ ...object.required, ...object.optional }, json as { [wire: string]: unknown }, path + ".");
    }
    return json;
}

/** Arguments keyed by wire name -> properties keyed by TypeScript name. */
function properties(specs: FieldSpecs, json: { readonly [wire: string]: unknown }, path = ""): { [name: string]: unknown } {
    const out: { [name: string]: unknown } = {};
    for (const wire of Object.keys(json)) {
        if (!hasOwn.call(specs, wire)) throw new Error("argument " + wire + " is no field here");
        const spec = specs[wire];
        Object.defineProperty(out, spec.name ?? wire, { value: argument(spec, json[wire], path + wire), enumerable: true, writable: true, configurable: true });
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

/** The untyped path: the function looked up by the name the rules give, the properties read by the rules. */
function untyped(testCase: Case): TrackedEvent {
    const event = generated.$contract.eventRules(testCase.event);
    if (event === undefined) throw new Error("no event " + testCase.event);
    const make = (generated as unknown as { [name: string]: (properties: object) => TrackedEvent })[event.name ?? testCase.event];
    return make(caseProperties(testCase));
}

/** How `made` differs from what the case expects; empty when it does not. */
function compare(made: TrackedEvent, testCase: Case): string[] {
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
 * Runs a case both ways: typed through the generated driver, unless it throws
 * `Inexpressible` (`path` then says why), and untyped. Each problem names its path.
 */
function run(testCase: Case): { path: string; problems: string[] } {
    const problems: string[] = [];
    let path = "typed " + testCase.name;
    try {
        problems.push(...compare(conformanceEvent(testCase.event, testCase.arguments), testCase).map((problem) => "typed " + problem));
    } catch (error) {
        if (error instanceof Inexpressible) path = "untyped " + testCase.name + ": " + error.message;
        else problems.push("typed threw " + String(error));
    }
    try {
        problems.push(...compare(untyped(testCase), testCase).map((problem) => "untyped " + problem));
    } catch (error) {
        problems.push("untyped threw " + String(error));
    }
    return { path, problems };
}

/**
 * `../wrong-types.json`: the base case's arguments plus one property of
 * another type than its field's, passed as the JSON value itself; the only
 * violation must be `wrongType` with the file's message (the collector's
 * check gives the same, ConformanceCorpusTests). No typed call can pass such a
 * value: each runs untyped only, and says so.
 */
function wrongTypes(path: string, all: ReadonlyMap<string, Case>): { count: number; problems: string[] } {
    const file = JSON.parse(readFileSync(path, "utf8")) as {
        event: string; base: string; cases: readonly { field: string; value: unknown; message: string }[];
    };
    const base = all.get(file.base);
    if (base === undefined || base.event !== file.event) return { count: 0, problems: ["wrong-types.json: no base case " + file.base + " of " + file.event] };
    const event = generated.$contract.eventRules(file.event);
    if (event === undefined) return { count: 0, problems: ["wrong-types.json: no event " + file.event] };
    const make = (generated as unknown as { [name: string]: (properties: object) => TrackedEvent })[event.name ?? file.event];
    const problems: string[] = [];
    for (const wrong of file.cases) {
        const what = "wrong-types.json " + wrong.field + " = " + JSON.stringify(wrong.value);
        console.log("untyped " + what + ": another type on purpose");
        const spec = document.fields[wrong.field];
        const properties = caseProperties(base);
        properties[spec.name ?? wrong.field] = wrong.value;
        const got = make(properties).violations.map((v) => v.path + " " + v.code + ": " + v.message);
        const expected = [wrong.field + " wrongType: " + wrong.message];
        if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(what + ": got " + JSON.stringify(got) + ", expected " + JSON.stringify(expected));
    }
    return { count: file.cases.length, problems: file.cases.length > 0 ? problems : ["wrong-types.json has no cases"] };
}

/** A case of `../globals.json` (docs/conformance.md, "Globals"). */
interface GlobalsCase {
    readonly name: string;
    readonly event: string;
    readonly arguments: { readonly [wire: string]: unknown };
    readonly globals: { readonly [wire: string]: unknown };
    readonly payload: string;
    readonly withoutPii: string;
    readonly violations: readonly { readonly path: string; readonly code: string; readonly message: string }[];
}

/** A queue that keeps what the sink stores: each payload exactly as it will be sent. */
class RecordingQueue implements EventQueue {
    readonly restored: readonly QueuedEvent[] = [];
    readonly stored: QueuedEvent[] = [];
    append(events: readonly QueuedEvent[]): Promise<void> {
        this.stored.push(...events);
        return Promise.resolve();
    }
    remove(): Promise<void> {
        return Promise.resolve();
    }
    close(): Promise<void> {
        return Promise.resolve();
    }
}

/**
 * `../globals.json`: each case's event made through the typed driver and tracked by a
 * `CollectorSink` given the case's globals through the typed `conformanceGlobals`, as an
 * app does; the payload the sink stores must be the case's, with consent granted and
 * denied. Globals that break the contract are still sent as given (`invalidGlobalsPolicy`)
 * and reported once through the sink's notices (`invalidGlobals`), whose violations must
 * be the case's. The TypeScript runtime prints no payload with its globals, so `redacted`
 * is not checked here (the event's own `redactedJSON()` is, in the corpus).
 */
async function globalsCases(path: string): Promise<{ count: number; problems: string[] }> {
    const cases = (JSON.parse(readFileSync(path, "utf8")) as { cases: GlobalsCase[] }).cases;
    const problems: string[] = [];
    for (const testCase of cases) {
        const expected = testCase.violations.map((v) => v.path + " " + v.code + ": " + v.message).sort();
        // A global given as null: the typed driver reads the others, then the property is set to null as
        // untyped JavaScript could (tsc allows undefined there; null tests the runtime's harder case).
        const given: { [wire: string]: unknown } = {};
        const nulls: string[] = [];
        for (const [wire, value] of Object.entries(testCase.globals)) {
            if (value === null) nulls.push(wire);
            else given[wire] = value;
        }
        for (const consent of ["granted", "denied"] as Consent[]) {
            const globals = conformanceGlobals(given);
            for (const wire of nulls) (globals as { [name: string]: unknown })[wire] = null;
            const queue = new RecordingQueue();
            const notices: Notice[] = [];
            let sink: CollectorSink<generated.ContractGlobals>;
            try {
                sink = new CollectorSink(generated.$contract, {
                    url: "http://127.0.0.1:9/unused", globals, queue, consent,
                    onNotice: (notice) => notices.push(notice),
                });
            } catch (error) {
                problems.push(testCase.name + ": the sink refused the globals: " + (error instanceof Error ? error.message : String(error)));
                continue;
            }
            const reported = notices.flatMap((notice) => notice.kind === "invalidGlobals" ? [notice.violations] : []);
            const got = reported.flatMap((violations) => violations.map((v) => v.path + " " + v.code + ": " + v.message)).sort();
            if (reported.length !== (expected.length > 0 ? 1 : 0) || JSON.stringify(got) !== JSON.stringify(expected)) {
                problems.push(testCase.name + " (consent " + consent + "): reported " + JSON.stringify(reported) + ", expected " + JSON.stringify(expected));
            }
            const result = await sink.track(conformanceEvent(testCase.event, testCase.arguments));
            const payloads = queue.stored.map((event) => event.payload);
            const want = consent === "granted" ? testCase.payload : testCase.withoutPii;
            if (!result.queued || payloads.length !== 1 || payloads[0] !== want) {
                problems.push(testCase.name + " (consent " + consent + "):\n  got      " + JSON.stringify(payloads) + "\n  expected " + want);
            }
        }
        console.log("globals " + testCase.name);
    }
    return { count: cases.length, problems: cases.length > 0 ? problems : ["globals.json has no cases"] };
}

const directory = process.argv[2];
let count = 0, typed = 0, failed = 0;
const byName = new Map<string, Case>();
for (const file of readdirSync(directory).filter((name) => name.endsWith(".json")).sort()) {
    const cases = (JSON.parse(readFileSync(join(directory, file), "utf8")) as { cases: Case[] }).cases;
    for (const testCase of cases) {
        byName.set(testCase.name, testCase);
        count++;
        const { path, problems } = run(testCase);
        console.log(path);
        if (path.startsWith("typed ")) typed++;
        if (problems.length > 0) {
            failed++;
            console.log("FAIL " + testCase.name + "\n  " + problems.join("\n  "));
        }
    }
}
const wrong = wrongTypes(join(directory, "..", "wrong-types.json"), byName);
if (wrong.problems.length > 0) {
    failed++;
    console.log("FAIL wrong-types.json\n  " + wrong.problems.join("\n  "));
}
const globals = await globalsCases(join(directory, "..", "globals.json"));
if (globals.problems.length > 0) {
    failed++;
    console.log("FAIL globals.json\n  " + globals.problems.join("\n  "));
}
console.log(count + " cases (" + typed + " typed, " + (count - typed) + " untyped only), " + wrong.count + " wrong-type cases (untyped), "
    + globals.count + " globals cases, " + failed + " failed");
process.exitCode = failed === 0 && count > 0 ? 0 : 1;
