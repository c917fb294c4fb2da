// The little of Node's API the corpus runner and Examples/TypeScript use
// (Debian ships no @types/node).
declare module "node:fs" {
    export function readdirSync(path: string): string[];
    export function readFileSync(path: string, encoding: "utf8"): string;
}
declare module "node:path" {
    export function join(...parts: string[]): string;
}
declare const process: { readonly argv: readonly string[]; exitCode?: number };
declare const console: { log(...values: unknown[]): void };
declare function fetch(url: string): Promise<{ text(): Promise<string> }>;
