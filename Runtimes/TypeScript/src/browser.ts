import type { EventQueue, QueuedEvent } from "./delivery.js";
import type { CollectorSink } from "./sink.js";

/*
 * The browser's queue: IndexedDB, not localStorage. localStorage holds about
 * 5 MiB per origin as UTF-16 strings and its API is synchronous: every write
 * (the whole queue re-serialised, or one key per event) blocks the main
 * thread, and a page that tracks while scrolling would stutter. IndexedDB is
 * asynchronous, stores per-event records (an append writes only the new
 * events), and its quota is a share of the disk. localStorage is used only
 * where IndexedDB is missing (some embedded web views, or a browser that
 * refuses to open it, as older private modes did).
 */

/** The part of `indexedDB` the queue uses (the runtime's types need no DOM library). */
export interface IndexedDBFactoryLike {
    open(name: string, version: number): unknown;
}

/** The part of `localStorage` the fallback queue uses. */
export interface StorageLike {
    readonly length: number;
    key(index: number): string | null;
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
}

/**
 * A queue in IndexedDB: one record per event, written in one transaction per
 * `append` and committed (`durability: "strict"`) before it resolves. Records
 * take keys IndexedDB generates, not the sink's seq, so two tabs of one origin
 * sharing the database never overwrite each other's events.
 */
export class IndexedDBQueue implements EventQueue {
    readonly restored: readonly QueuedEvent[];
    readonly #database: IDBDatabase;
    /** The record key of each event by the sink's seq. */
    readonly #keys = new Map<number, IDBValidKey>();
    static readonly store = "events";

    private constructor(database: unknown, restored: readonly QueuedEvent[]) {
        this.#database = database as IDBDatabase;
        this.restored = restored;
        for (const event of restored) this.#keys.set(event.seq, event.seq);
    }

    /** Opens (or creates) the database `name` and reads what it holds. Rejects when IndexedDB is missing or refuses. */
    static async open(name = "contractgen-events", indexedDB: IndexedDBFactoryLike | undefined = (globalThis as unknown as { indexedDB?: IndexedDBFactoryLike }).indexedDB): Promise<IndexedDBQueue> {
        if (indexedDB === undefined) throw new Error("IndexedDB is not available");
        const factory = indexedDB as IDBFactory;
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
            const request = factory.open(name, 1);
            request.onupgradeneeded = () => request.result.createObjectStore(IndexedDBQueue.store, { autoIncrement: true });
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error ?? new Error("IndexedDB refused to open " + name));
            request.onblocked = () => reject(new Error("IndexedDB " + name + " is blocked by another tab's older version"));
        });
        // The records in key order (the order they were written); a restored event's seq is its key.
        const restored = await new Promise<QueuedEvent[]>((resolve, reject) => {
            const found: QueuedEvent[] = [];
            const request = database.transaction(IndexedDBQueue.store, "readonly").objectStore(IndexedDBQueue.store).openCursor();
            request.onsuccess = () => {
                const cursor = request.result;
                if (cursor === null) return resolve(found);
                const value = cursor.value as { uuid: string; payload: string };
                found.push({ seq: cursor.key as number, uuid: value.uuid, payload: value.payload });
                cursor.continue();
            };
            request.onerror = () => reject(request.error);
        });
        return new IndexedDBQueue(database, restored);
    }

    append(events: readonly QueuedEvent[]): Promise<void> {
        return this.#write((store) => {
            for (const event of events) {
                const request = store.add({ uuid: event.uuid, payload: event.payload });
                request.onsuccess = () => this.#keys.set(event.seq, request.result);
            }
        }, "strict");
    }

    remove(seqs: readonly number[]): Promise<void> {
        return this.#write((store) => {
            for (const seq of seqs) {
                const key = this.#keys.get(seq);
                if (key === undefined) continue;
                this.#keys.delete(seq);
                store.delete(key);
            }
        }, "relaxed");
    }

    close(): Promise<void> {
        this.#database.close();
        return Promise.resolve();
    }

    #write(body: (store: IDBObjectStore) => void, durability: "strict" | "relaxed"): Promise<void> {
        return new Promise((resolve, reject) => {
            // "strict": the commit is flushed to disk before `complete` (Chrome's default is relaxed).
            const transaction = (this.#database.transaction as unknown as (store: string, mode: string, options: object) => IDBTransaction)
                .call(this.#database, IndexedDBQueue.store, "readwrite", { durability });
            transaction.oncomplete = () => resolve();
            transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB write failed"));
            transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB write aborted (quota?)"));
            body(transaction.objectStore(IndexedDBQueue.store));
        });
    }
}

/**
 * A queue in localStorage, for where IndexedDB is missing: one key per event,
 * `PREFIX` + a time-ordered number + this page's random tag, so that two tabs
 * never overwrite each other's events. Synchronous (it blocks the main
 * thread) and limited to about 5 MiB per origin: keep the queue's bound small.
 */
export class LocalStorageQueue implements EventQueue {
    readonly restored: readonly QueuedEvent[];
    readonly #storage: StorageLike;
    readonly #prefix: string;
    readonly #tag = Math.random().toString(36).slice(2, 10);
    /** The key of each event by the sink's seq. */
    readonly #keys = new Map<number, string>();

    constructor(prefix = "contractgen-event:", storage: StorageLike = (globalThis as unknown as { localStorage: StorageLike }).localStorage) {
        this.#storage = storage;
        this.#prefix = prefix;
        const found: { key: string; uuid: string; payload: string }[] = [];
        for (let i = 0; i < storage.length; i++) {
            const key = storage.key(i);
            if (key === null || !key.startsWith(prefix)) continue;
            try {
                const item = JSON.parse(storage.getItem(key) ?? "") as { uuid: string; payload: string };
                if (typeof item.uuid === "string" && typeof item.payload === "string") found.push({ key, uuid: item.uuid, payload: item.payload });
            } catch {
                // Not one of ours (or cut short): left alone.
            }
        }
        found.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
        this.restored = found.map((item, index) => {
            this.#keys.set(index + 1, item.key);
            return { seq: index + 1, uuid: item.uuid, payload: item.payload };
        });
    }

    append(events: readonly QueuedEvent[]): Promise<void> {
        try {
            // Keys sort by time, then by seq: the order events were tracked, across page loads.
            const time = Date.now().toString(36).padStart(10, "0");
            for (const event of events) {
                const key = this.#prefix + time + "-" + event.seq.toString(36).padStart(8, "0") + "-" + this.#tag;
                this.#storage.setItem(key, JSON.stringify({ uuid: event.uuid, payload: event.payload }));
                this.#keys.set(event.seq, key);
            }
            return Promise.resolve();
        } catch (error) {
            return Promise.reject(error);
        }
    }

    remove(seqs: readonly number[]): Promise<void> {
        for (const seq of seqs) {
            const key = this.#keys.get(seq);
            if (key === undefined) continue;
            this.#keys.delete(seq);
            this.#storage.removeItem(key);
        }
        return Promise.resolve();
    }

    close(): Promise<void> {
        return Promise.resolve();
    }
}

/** The browser's queue: IndexedDB, or localStorage where IndexedDB is missing or refuses to open. */
export async function openBrowserQueue(name = "contractgen-events"): Promise<EventQueue> {
    try {
        return await IndexedDBQueue.open(name);
    } catch (error) {
        const storage = (globalThis as unknown as { localStorage?: StorageLike }).localStorage;
        if (storage === undefined) throw error;
        return new LocalStorageQueue(name + ":");
    }
}

/** Options of ``BrowserDelivery``. */
export interface BrowserDeliveryOptions {
    /** How often queued events are flushed while the page is open (5,000 ms). */
    readonly flushIntervalMs?: number;
    /** Body bytes sent when the page is hidden or closed (60 KiB: browsers allow 64 KiB in flight for `keepalive` requests and beacons together). */
    readonly unloadBytes?: number;
}

/**
 * Delivery in a page: flushes on an interval (respecting backoff and pause),
 * and when the page is hidden (`visibilitychange`) or left (`pagehide`) sends
 * what fits in the browser's 64 KiB in-flight limit with `fetch(…, {keepalive:
 * true})`. What does not fit stays queued for the next page load; what was
 * sent stays queued too until a flush's confirmation deletes it (the
 * collector drops duplicates by uuid).
 */
export class BrowserDelivery {
    readonly #sink: CollectorSink;
    readonly #options: BrowserDeliveryOptions;
    #timer: ReturnType<typeof setInterval> | undefined;
    readonly #onPageHide = (): void => void this.sendOnUnload();
    readonly #onVisibility = (): void => {
        if ((globalThis as unknown as { document?: Document }).document?.visibilityState === "hidden") void this.sendOnUnload();
    };

    constructor(sink: CollectorSink, options: BrowserDeliveryOptions = {}) {
        this.#sink = sink;
        this.#options = options;
    }

    /** Starts the interval flush and listens for the page being hidden or left. */
    start(): void {
        if (this.#timer !== undefined) return;
        this.#timer = setInterval(() => void this.flushIfDue(), this.#options.flushIntervalMs ?? 5000);
        globalThis.addEventListener?.("pagehide", this.#onPageHide);
        (globalThis as unknown as { document?: Document }).document?.addEventListener("visibilitychange", this.#onVisibility);
    }

    /** Stops what `start()` started. */
    stop(): void {
        if (this.#timer !== undefined) clearInterval(this.#timer);
        this.#timer = undefined;
        globalThis.removeEventListener?.("pagehide", this.#onPageHide);
        (globalThis as unknown as { document?: Document }).document?.removeEventListener("visibilitychange", this.#onVisibility);
    }

    /** Flushes when events are queued, delivery is not paused and no backoff runs. */
    async flushIfDue(): Promise<void> {
        if (this.#sink.pending === 0 || this.#sink.paused || Date.now() < this.#sink.nextAttemptAt) return;
        await this.#sink.flush();
    }

    /** Sends, without waiting for an answer, the oldest queued events that fit the unload budget. Returns the uuids sent. */
    sendOnUnload(): string[] {
        if (this.#sink.paused) return [];
        const unload = this.#sink.unloadBody(this.#options.unloadBytes ?? 60 * 1024);
        if (unload === undefined) return [];
        try {
            void fetch(this.#sink.url, { method: "POST", headers: { ...this.#sink.requestHeaders }, body: unload.body, keepalive: true }).catch(() => undefined);
        } catch {
            return [];
        }
        return unload.uuids;
    }
}
