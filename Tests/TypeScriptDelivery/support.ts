// Shared by the delivery tests (scripts/typescript-delivery.sh): processes that
// print `port N`, a fake clock, events of the conformance contract, checks.
import { spawn, type ChildProcess } from "node:child_process";
import { shaded, Shade } from "./Generated/index.js";
import type { TrackedEvent } from "@contractgen/runtime";

/** Starts `command` and waits (60 s at most: a loaded machine) for its `port N` line. */
export function startListening(command: string, args: readonly string[]): Promise<{ port: number; child: ChildProcess }> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { stdio: ["ignore", "pipe", "inherit"] });
        let output = "";
        const timer = setTimeout(() => reject(new Error(command + " " + args.join(" ") + " printed no port within 60 s")), 60_000);
        child.stdout.on("data", (chunk) => {
            output += chunk.toString();
            const match = /port (\d+)/.exec(output);
            if (match !== null) {
                clearTimeout(timer);
                resolve({ port: Number(match[1]), child });
            }
        });
        child.on("exit", (code) => {
            clearTimeout(timer);
            reject(new Error(command + " exited (" + code + ") before printing its port"));
        });
    });
}

/** A clock the test moves: backoff waits pass at once. */
export class FakeClock {
    now = Date.parse("2026-12-07T12:00:00.000Z");
    readonly read = (): number => this.now;
    advance(ms: number): void {
        this.now += ms;
    }
}

/** `count` valid events of the conformance contract, each with a fresh uuid (the pii field `email` set). */
export function events(count: number, tag = "e"): TrackedEvent[] {
    const made: TrackedEvent[] = [];
    for (let i = 0; i < count; i++) {
        const event = shaded({ shade: Shade.dark, step: i % 1000, email: `${tag}-${i}@example.com`, installId: "0b7e4c2a-9d1f-4e6b-8a3c-5d2e1f0a9b8c", sessionStart: new Date(0) });
        if (!event.isValid) throw new Error("the test event is invalid: " + JSON.stringify(event.violations));
        made.push(event);
    }
    return made;
}

export function uuidOf(event: TrackedEvent): string {
    return (event.fields as { uuid: string }).uuid.toLowerCase();
}

let failures = 0;
let checks = 0;

/** Records a failed check (the run goes on, to report every difference). */
export function check(condition: boolean, what: string): void {
    checks++;
    if (!condition) {
        failures++;
        console.log("FAIL: " + what);
    }
}

/** Ends the run: exit code 1 when a check failed or none ran. */
export function finish(name: string): void {
    if (checks === 0) {
        console.log("FAIL: " + name + " checked nothing");
        process.exitCode = 1;
    } else if (failures > 0) {
        console.log(`${name}: ${failures} of ${checks} checks failed`);
        process.exitCode = 1;
    } else {
        console.log(`${name}: ${checks} checks passed`);
    }
}

export async function getJSON(url: string): Promise<unknown> {
    const response = await fetch(url);
    return JSON.parse(await response.text()) as unknown;
}

export async function postJSON(url: string, body: unknown): Promise<void> {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    await response.text();
}

export function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
