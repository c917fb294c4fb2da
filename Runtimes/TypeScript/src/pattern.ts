import { FormatVersion, PatternOpcode } from "./constants.js";

/**
 * A compiled pattern in the serialised form of docs/patterns.md, run by the
 * linear-time machine described there: no platform regular expressions.
 */
export class PatternProgram {
    private readonly start: number;
    private readonly operations: Int32Array;
    private readonly xs: Int32Array;
    private readonly ys: Int32Array;
    private readonly sets: Uint32Array[];

    /** Reads and checks a serialised program; throws on anything an interpreter could trip on. */
    constructor(data: readonly number[]) {
        let cursor = 0;
        const next = (): number => {
            if (cursor >= data.length) throw new Error("pattern program: ends early");
            const value = data[cursor++];
            if (!Number.isInteger(value) || value < 0 || value > 0x7FFFFFFF) throw new Error("pattern program: value out of range");
            return value;
        };
        if (next() !== FormatVersion.patternProgramFormat) throw new Error("pattern program: unknown format version");
        this.start = next();
        const count = next();
        if (count < 1 || this.start >= count) throw new Error("pattern program: bad start or instruction count");
        this.operations = new Int32Array(count);
        this.xs = new Int32Array(count);
        this.ys = new Int32Array(count);
        for (let i = 0; i < count; i++) {
            this.operations[i] = next();
            this.xs[i] = next();
            this.ys[i] = next();
        }
        const setCount = next();
        this.sets = [];
        for (let s = 0; s < setCount; s++) {
            const ranges = next();
            if (ranges > (data.length - cursor) / 2) throw new Error("pattern program: too many ranges");
            const set = new Uint32Array(ranges * 2);
            let previousHigh = -2;
            for (let r = 0; r < ranges; r++) {
                const low = next(), high = next();
                if (low > high || high > 0x10FFFF || low <= previousHigh + 1) throw new Error("pattern program: bad range");
                set[2 * r] = low;
                set[2 * r + 1] = high;
                previousHigh = high;
            }
            this.sets.push(set);
        }
        if (cursor !== data.length) throw new Error("pattern program: data after the last set");
        for (let i = 0; i < count; i++) {
            const operation = this.operations[i], x = this.xs[i], y = this.ys[i];
            const ok = operation === PatternOpcode.consume ? x < setCount && y < count
                : operation === PatternOpcode.split ? x < count && y < count
                : operation === PatternOpcode.jump || operation === PatternOpcode.assertStart || operation === PatternOpcode.assertEnd ? x < count
                : operation === PatternOpcode.match;
            if (!ok) throw new Error("pattern program: bad instruction " + i);
        }
    }

    /** Whether the pattern is found anywhere in `text` (well-formed), matched code point by code point. */
    matches(text: string): boolean {
        const count = this.operations.length;
        // Scratch space reused from call to call (JavaScript runs one call at a time): each
        // instruction's last visit, stamped, and the lists of instructions to follow.
        if (this.seen.length !== count) {
            this.seen = new Int32Array(count);
            this.pending = new Int32Array(count + 1);
            this.next = new Int32Array(count + 1);
            this.stack = new Int32Array(2 * count + 2);
        }
        const seen = this.seen, stack = this.stack;
        let pending = this.pending, next = this.next;
        let pendingCount = 0;
        const length = text.length;
        for (let i = 0; ; ) {
            // Position `i` in UTF-16 units; `scalar` the code point there (-1 at the end).
            let scalar = -1, width = 1;
            if (i < length) {
                scalar = text.charCodeAt(i);
                if (scalar >= 0xD800 && scalar <= 0xDBFF && i + 1 < length) {
                    const low = text.charCodeAt(i + 1);
                    if (low >= 0xDC00 && low <= 0xDFFF) {
                        scalar = (scalar - 0xD800) * 0x400 + (low - 0xDC00) + 0x10000;
                        width = 2;
                    }
                }
            }
            if (++this.stamp === 0x7FFFFFFF) {
                seen.fill(0);
                this.stamp = 1;
            }
            const stamp = this.stamp;
            let top = 0;
            stack[top++] = this.start;
            for (let p = 0; p < pendingCount; p++) stack[top++] = pending[p];
            let nextCount = 0;
            while (top > 0) {
                const pc = stack[--top];
                if (seen[pc] === stamp) continue;
                seen[pc] = stamp;
                switch (this.operations[pc]) {
                    case PatternOpcode.consume:
                        if (scalar >= 0 && inSet(this.sets[this.xs[pc]], scalar)) next[nextCount++] = this.ys[pc];
                        break;
                    case PatternOpcode.split: stack[top++] = this.ys[pc]; stack[top++] = this.xs[pc]; break;
                    case PatternOpcode.jump: stack[top++] = this.xs[pc]; break;
                    case PatternOpcode.assertStart: if (i === 0) stack[top++] = this.xs[pc]; break;
                    case PatternOpcode.assertEnd: if (scalar < 0) stack[top++] = this.xs[pc]; break;
                    default: return true;
                }
            }
            if (scalar < 0) return false;
            const swap = pending;
            pending = next;
            next = swap;
            pendingCount = nextCount;
            i += width;
        }
    }

    private seen = new Int32Array(0);
    private pending = new Int32Array(0);
    private next = new Int32Array(0);
    private stack = new Int32Array(0);
    private stamp = 0;
}

function inSet(ranges: Uint32Array, scalar: number): boolean {
    let low = 0, high = ranges.length / 2 - 1;
    while (low <= high) {
        const middle = (low + high) >> 1;
        if (scalar < ranges[2 * middle]) high = middle - 1;
        else if (scalar > ranges[2 * middle + 1]) low = middle + 1;
        else return true;
    }
    return false;
}
