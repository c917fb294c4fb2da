// The little of Node's API the file queue uses (Debian ships no @types/node).
// Declared here, not exported: the package's public types never mention Node's.
declare module "node:fs" {
    export function openSync(path: string, flags: string, mode?: number): number;
    export function closeSync(fd: number): void;
    export function writeSync(fd: number, data: Uint8Array | string): number;
    export function readFileSync(path: string): Uint8Array;
    export function readFileSync(path: string, encoding: "utf8"): string;
    export function existsSync(path: string): boolean;
    export function unlinkSync(path: string): void;
    export function fsyncSync(fd: number): void;
    export function ftruncateSync(fd: number, length: number): void;
    export function renameSync(from: string, to: string): void;
}
declare module "node:fs/promises" {
    export interface FileHandle {
        write(data: Uint8Array): Promise<{ bytesWritten: number }>;
        datasync(): Promise<void>;
        truncate(length: number): Promise<void>;
        sync(): Promise<void>;
        close(): Promise<void>;
    }
    export function open(path: string, flags: string): Promise<FileHandle>;
    export function rename(from: string, to: string): Promise<void>;
    export function unlink(path: string): Promise<void>;
}
declare module "node:path" {
    export function dirname(path: string): string;
}
declare const process: {
    readonly pid: number;
    kill(pid: number, signal: number): boolean;
    on(event: "exit", listener: () => void): void;
    removeListener(event: "exit", listener: () => void): void;
};
