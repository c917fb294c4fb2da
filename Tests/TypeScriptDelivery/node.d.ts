// The little of Node's API the delivery tests use (Debian ships no @types/node);
// the DOM library (tsconfig.json) gives fetch, timers, TextEncoder and performance.
declare module "node:child_process" {
    export interface ChildProcess {
        readonly pid: number;
        readonly stdout: { on(event: "data", listener: (chunk: { toString(): string }) => void): void };
        kill(signal?: string): boolean;
        on(event: "exit", listener: (code: number | null) => void): void;
    }
    export function spawn(command: string, args: readonly string[], options?: { stdio?: readonly string[] }): ChildProcess;
}
declare module "node:fs" {
    export function readFileSync(path: string, encoding: "utf8"): string;
    export function readFileSync(path: string): Uint8Array;
    export function writeFileSync(path: string, data: string | Uint8Array): void;
    export function appendFileSync(path: string, data: string): void;
    export function existsSync(path: string): boolean;
    export function mkdtempSync(prefix: string): string;
    export function statSync(path: string): { size: number };
    export function rmSync(path: string, options?: { recursive?: boolean; force?: boolean }): void;
    export function truncateSync(path: string, length: number): void;
}
declare const process: {
    readonly argv: readonly string[];
    readonly pid: number;
    exitCode?: number;
    exit(code?: number): never;
    hrtime: { bigint(): bigint };
    stdout: { write(text: string): boolean };
};
