// The little of Node's API describe.ts uses (Debian ships no @types/node).
declare module "node:util" {
    export function inspect(value: unknown, options?: { breakLength?: number }): string;
}
declare const console: { log(...values: unknown[]): void };
