import * as fs from "node:fs";
import * as fsp from "node:fs/promises";
import type { EventQueue, QueuedEvent } from "../delivery.js";

/*
 * A queue in one append-only file (Node 20 has no `node:sqlite`).
 *
 * The file: the 8 bytes `CGQUEUE1`, then records. A record: its body's
 * length (4 bytes, little endian), the body's CRC-32 (4 bytes, little
 * endian), the body (UTF-8): `E<seq> <uuid> <payload>` for an event, or
 * `D<seq> <seq>…` for a tombstone (those events were confirmed or set aside).
 * An append is written and fdatasync'd before it resolves. A crash (kill -9,
 * power loss) can tear only the last record: opening the file reads records
 * until the first that is short or fails its checksum, truncates the file
 * there and reports it; no record before it is lost. Tombstones are written
 * without a sync: one lost to a crash resends those events, and the
 * collector drops duplicates by uuid. When the file is larger than
 * `compactAboveBytes` and more than half of it is dead, it is rewritten with
 * the live records only (a new file, synced, renamed over the old one).
 */

const magic = new TextEncoder().encode("CGQUEUE1");
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

const crcTable = ((): Uint32Array => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        table[n] = c >>> 0;
    }
    return table;
})();

/** CRC-32 (ISO 3309, as zlib and gzip compute it). */
export function crc32(bytes: Uint8Array): number {
    let crc = 0xffffffff;
    for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
}

/** One record: header (length, CRC-32) and body. */
function record(body: string): Uint8Array {
    const bytes = encoder.encode(body);
    const out = new Uint8Array(8 + bytes.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, bytes.length, true);
    view.setUint32(4, crc32(bytes), true);
    out.set(bytes, 8);
    return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
    let length = 0;
    for (const part of parts) length += part.length;
    const out = new Uint8Array(length);
    let offset = 0;
    for (const part of parts) {
        out.set(part, offset);
        offset += part.length;
    }
    return out;
}

/** Options of ``FileQueue.open``. */
export interface FileQueueOptions {
    /** Compact when the file is larger than this (4 MiB) and more than half of it is dead. */
    readonly compactAboveBytes?: number;
}

/**
 * The Node queue: an append-only file of checksummed records, synced before
 * `append` resolves, safe against kill -9. One process per file: `open` takes
 * `PATH.lock` (holding its pid) and refuses, with an error naming the pid,
 * when a live process holds it; a lock left by a dead process is taken over.
 */
export class FileQueue implements EventQueue {
    readonly restored: readonly QueuedEvent[];
    readonly recovered?: { readonly reason: string; readonly droppedBytes: number };
    readonly #path: string;
    readonly #lockPath: string;
    readonly #compactAbove: number;
    #handle: fsp.FileHandle;
    /** The live records by seq, as written: what compaction keeps. */
    readonly #liveRecords = new Map<number, Uint8Array>();
    #fileBytes: number;
    #liveBytes = 0;
    #closed = false;
    readonly #releaseOnExit: () => void;

    private constructor(path: string, handle: fsp.FileHandle, fileBytes: number, records: Map<number, Uint8Array>, restored: QueuedEvent[],
        recovered: { reason: string; droppedBytes: number } | undefined, options: FileQueueOptions) {
        this.#path = path;
        this.#lockPath = path + ".lock";
        this.#handle = handle;
        this.#fileBytes = fileBytes;
        this.#compactAbove = options.compactAboveBytes ?? 4 * 1024 * 1024;
        this.restored = restored;
        if (recovered !== undefined) this.recovered = recovered;
        for (const [seq, bytes] of records) {
            this.#liveRecords.set(seq, bytes);
            this.#liveBytes += bytes.length;
        }
        this.#releaseOnExit = () => this.#unlock();
        process.on("exit", this.#releaseOnExit);
    }

    /** Bytes of the file, and of its live records: what compaction would keep. */
    get sizes(): { readonly file: number; readonly live: number } {
        return { file: this.#fileBytes, live: this.#liveBytes + magic.length };
    }

    /** Opens (or creates) the queue file at `path`, locks it, and reads what it holds, dropping a torn tail. */
    static async open(path: string, options: FileQueueOptions = {}): Promise<FileQueue> {
        lock(path + ".lock");
        try {
            const { records, restored, validBytes, totalBytes } = read(path);
            let recovered: { reason: string; droppedBytes: number } | undefined;
            if (totalBytes === 0) {
                const fd = fs.openSync(path, "w");
                fs.writeSync(fd, magic);
                fs.fsyncSync(fd);
                fs.closeSync(fd);
            } else if (validBytes < totalBytes) {
                // A torn or corrupt tail: everything after the last intact record goes.
                const fd = fs.openSync(path, "r+");
                fs.ftruncateSync(fd, validBytes);
                fs.fsyncSync(fd);
                fs.closeSync(fd);
                recovered = {
                    droppedBytes: totalBytes - validBytes,
                    reason: `${path}: a torn or corrupt record at byte ${validBytes} (a crash in the middle of a write); the last ${totalBytes - validBytes} bytes were dropped, ${restored.length} events restored`,
                };
            }
            const handle = await fsp.open(path, "a");
            return new FileQueue(path, handle, Math.max(validBytes, magic.length), records, restored, recovered, options);
        } catch (error) {
            unlock(path + ".lock");
            throw error;
        }
    }

    async append(events: readonly QueuedEvent[]): Promise<void> {
        this.#checkOpen();
        const parts: Uint8Array[] = [];
        for (const event of events) {
            const bytes = record("E" + event.seq + " " + event.uuid + " " + event.payload);
            parts.push(bytes);
            this.#liveRecords.set(event.seq, bytes);
            this.#liveBytes += bytes.length;
        }
        const data = concat(parts);
        try {
            await this.#handle.write(data);
            await this.#handle.datasync();
        } catch (error) {
            // A part written (disk full): cut it, or every later record would sit behind a torn one and be lost on the next open.
            for (const event of events) {
                const bytes = this.#liveRecords.get(event.seq);
                if (bytes === undefined) continue;
                this.#liveRecords.delete(event.seq);
                this.#liveBytes -= bytes.length;
            }
            await this.#handle.truncate(this.#fileBytes).catch(() => undefined);
            throw error;
        }
        this.#fileBytes += data.length;
    }

    async remove(seqs: readonly number[]): Promise<void> {
        this.#checkOpen();
        for (const seq of seqs) {
            const bytes = this.#liveRecords.get(seq);
            if (bytes === undefined) continue;
            this.#liveRecords.delete(seq);
            this.#liveBytes -= bytes.length;
        }
        const data = record("D" + seqs.join(" "));
        try {
            await this.#handle.write(data);
        } catch (error) {
            await this.#handle.truncate(this.#fileBytes).catch(() => undefined);
            throw error;
        }
        this.#fileBytes += data.length;
        if (this.#fileBytes > this.#compactAbove && this.#liveBytes * 2 < this.#fileBytes) await this.compact();
    }

    /** Rewrites the file with the live records only. */
    async compact(): Promise<void> {
        this.#checkOpen();
        const temporary = this.#path + ".compacting";
        const data = concat([magic, ...this.#liveRecords.values()]);
        const handle = await fsp.open(temporary, "w");
        try {
            await handle.write(data);
            await handle.sync();
        } finally {
            await handle.close();
        }
        await this.#handle.close();
        await fsp.rename(temporary, this.#path);
        syncDirectory(this.#path);
        this.#handle = await fsp.open(this.#path, "a");
        this.#fileBytes = data.length;
    }

    async close(): Promise<void> {
        if (this.#closed) return;
        this.#closed = true;
        await this.#handle.close();
        this.#unlock();
        process.removeListener("exit", this.#releaseOnExit);
    }

    #unlock(): void {
        unlock(this.#lockPath);
    }

    #checkOpen(): void {
        if (this.#closed) throw new Error(this.#path + ": the queue is closed");
    }
}

/** Reads the file's records up to the first torn or corrupt one. */
function read(path: string): { records: Map<number, Uint8Array>; restored: QueuedEvent[]; validBytes: number; totalBytes: number } {
    const records = new Map<number, Uint8Array>();
    const events = new Map<number, QueuedEvent>();
    if (!fs.existsSync(path)) return { records, restored: [], validBytes: 0, totalBytes: 0 };
    const data = fs.readFileSync(path);
    if (data.length === 0) return { records, restored: [], validBytes: 0, totalBytes: 0 };
    for (let i = 0; i < magic.length; i++) {
        if (data[i] !== magic[i]) {
            if (data.length < magic.length && i === data.length) return { records, restored: [], validBytes: 0, totalBytes: 0 };
            throw new Error(path + " is not a contractgen queue file (it does not start with CGQUEUE1); move it away or pass another path");
        }
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let offset = magic.length;
    while (offset + 8 <= data.length) {
        const length = view.getUint32(offset, true);
        const checksum = view.getUint32(offset + 4, true);
        if (offset + 8 + length > data.length) break;
        const body = data.subarray(offset + 8, offset + 8 + length);
        if (crc32(body) !== checksum) break;
        let text: string;
        try {
            text = decoder.decode(body);
        } catch {
            break;
        }
        if (text.startsWith("E")) {
            const space = text.indexOf(" ");
            const second = text.indexOf(" ", space + 1);
            const seq = Number(text.slice(1, space));
            events.set(seq, { seq, uuid: text.slice(space + 1, second), payload: text.slice(second + 1) });
            records.set(seq, data.slice(offset, offset + 8 + length));
        } else if (text.startsWith("D")) {
            for (const item of text.slice(1).split(" ")) {
                const seq = Number(item);
                events.delete(seq);
                records.delete(seq);
            }
        } else break;
        offset += 8 + length;
    }
    const restored = [...events.values()].sort((a, b) => a.seq - b.seq);
    return { records, restored, validBytes: offset, totalBytes: data.length };
}

/** Takes `lockPath`, or says which live process holds it. */
function lock(lockPath: string): void {
    for (let attempt = 0; attempt < 2; attempt++) {
        try {
            const fd = fs.openSync(lockPath, "wx");
            fs.writeSync(fd, String(process.pid));
            fs.closeSync(fd);
            return;
        } catch (error) {
            if ((error as { code?: string }).code !== "EEXIST") throw error;
        }
        let holder = NaN;
        try {
            holder = Number(fs.readFileSync(lockPath, "utf8").trim());
        } catch {
            // Gone in between, or unreadable: try again.
        }
        if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
            throw new Error(`the queue file is in use by process ${holder}${holder === process.pid ? " (this one)" : ""} (${lockPath}): one process per queue file; give each process its own file`);
        }
        // A lock left by a process that died (kill -9): take it over.
        try {
            fs.unlinkSync(lockPath);
        } catch {
            // Another process took it over first: the next attempt says so.
        }
    }
    throw new Error("could not take the lock " + lockPath);
}

function unlock(lockPath: string): void {
    try {
        if (Number(fs.readFileSync(lockPath, "utf8").trim()) === process.pid) fs.unlinkSync(lockPath);
    } catch {
        // Already gone.
    }
}

function isAlive(pid: number): boolean {
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        return (error as { code?: string }).code === "EPERM";
    }
}

/** Syncs the directory of `path`, so a rename survives a power loss. */
function syncDirectory(path: string): void {
    const slash = path.lastIndexOf("/");
    const directory = slash <= 0 ? (slash === 0 ? "/" : ".") : path.slice(0, slash);
    try {
        const fd = fs.openSync(directory, "r");
        try {
            fs.fsyncSync(fd);
        } finally {
            fs.closeSync(fd);
        }
    } catch {
        // Some file systems refuse to sync a directory; the rename is still atomic.
    }
}
