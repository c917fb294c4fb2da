// A tiny assertion helper for the TypeScript programs the tests run: each
// failure is printed; the process exits 1 when any expectation failed.
declare const console: { log(...values: unknown[]): void };
declare const process: { exitCode?: number };

let failures = 0;
let checks = 0;

/** Records a failure when `actual` is not `expected`. */
export function expectEqual(actual: unknown, expected: unknown, what: string): void {
    checks++;
    if (actual !== expected) {
        failures++;
        console.log("FAIL " + what + "\n  got      " + String(actual) + "\n  expected " + String(expected));
    }
}

/** Prints the count; sets the exit status. */
export function finish(): void {
    console.log(checks + " checks, " + failures + " failed");
    process.exitCode = failures === 0 && checks > 0 ? 0 : 1;
}
