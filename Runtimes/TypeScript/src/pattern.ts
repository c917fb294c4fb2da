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
        if (next() !== 1) throw new Error("pattern program: unknown format version");
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
            const ok = operation === 0 ? x < setCount && y < count
                : operation === 1 ? x < count && y < count
                : operation <= 4 ? x < count
                : operation === 5;
            if (!ok) throw new Error("pattern program: bad instruction " + i);
        }
    }

    /** Whether the pattern is found anywhere in `text` (well-formed), matched code point by code point. */
    matches(text: string): boolean {
        const count = this.operations.length;
        const scalars = Array.from(text, (c) => c.codePointAt(0) as number);
        const length = scalars.length;
        const seen = new Int32Array(count).fill(-1);
        let pending: number[] = [];
        let consumers: number[] = [];
        const stack: number[] = [];
        for (let i = 0; i <= length; i++) {
            pending.push(this.start);
            consumers = [];
            for (const first of pending) stack.push(first);
            pending = [];
            while (stack.length > 0) {
                const pc = stack.pop() as number;
                if (seen[pc] === i) continue;
                seen[pc] = i;
                switch (this.operations[pc]) {
                    case 0: consumers.push(pc); break;
                    case 1: stack.push(this.ys[pc], this.xs[pc]); break;
                    case 2: stack.push(this.xs[pc]); break;
                    case 3: if (i === 0) stack.push(this.xs[pc]); break;
                    case 4: if (i === length) stack.push(this.xs[pc]); break;
                    default: return true;
                }
            }
            if (i === length) return false;
            const scalar = scalars[i];
            for (const pc of consumers) {
                if (inSet(this.sets[this.xs[pc]], scalar)) pending.push(this.ys[pc]);
            }
        }
        return false;
    }
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
