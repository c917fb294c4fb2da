// The value forms of docs/wire-format.md ("Values"), one function per type.

const surrogate = /[\uD800-\uDFFF]/;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with each lone surrogate replaced by U+FFFD: what is written and what the checks see. */
export function wellFormed(text: string): string {
    return surrogate.test(text) ? text.replace(loneSurrogate, "\uFFFD") : text;
}

/** A string as the wire writes it: JSON.stringify's escapes are exactly the wire's, for well-formed text. */
export function stringText(text: string): string {
    return JSON.stringify(wellFormed(text));
}

/** A finite double as `String(x)`, plus `.0` when that has neither `.` nor `e`; `null` when not finite. */
export function doubleText(value: number): string | null {
    if (!Number.isFinite(value)) return null;
    if (value === 0) return "0.0";
    const text = String(value);
    return text.indexOf(".") < 0 && text.indexOf("e") < 0 ? text + ".0" : text;
}

const int64Min = -(2n ** 63n);
const int64Max = 2n ** 63n - 1n;

/** An int's digits; `null` for a number that is not an integer or a value outside the signed 64-bit range. */
export function intText(value: number | bigint): string | null {
    if (typeof value === "bigint") return value >= int64Min && value <= int64Max ? String(value) : null;
    if (!Number.isInteger(value)) return null;
    if (Number.isSafeInteger(value)) return String(value);
    return intText(BigInt(value));
}

const wireDecimal = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;
const decimalSyntax = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

/**
 * A decimal in the wire's plain form (`100.5` for `100.500`, `0` for `-0`, no exponent);
 * `null` for text that is no decimal number (or whose exponent is beyond ±9999) and for
 * a number that is not finite.
 */
export function decimalText(value: string | number): string | null {
    if (typeof value === "number") {
        if (!Number.isFinite(value)) return null;
        value = String(value);
    }
    // Most decimals are in the wire's form already (`19.99`, `5`).
    if (wireDecimal.test(value) && value !== "-0") return value;
    const parts = decimalSyntax.exec(value);
    if (parts === null) return null;
    const whole = parts[2] ?? "", fraction = parts[3] ?? "";
    if (whole === "" && fraction === "") return null;
    const exponent = parts[4] === undefined ? 0 : Number(parts[4]);
    let digits = whole + fraction;
    // The decimal point sits after `point` digits.
    let point = whole.length + exponent;
    if (point < 0) {
        digits = "0".repeat(-point) + digits;
        point = 0;
    } else if (point > digits.length) {
        digits += "0".repeat(point - digits.length);
    }
    const integer = digits.slice(0, point).replace(/^0+/, "") || "0";
    const rest = digits.slice(point).replace(/0+$/, "");
    const text = rest === "" ? integer : integer + "." + rest;
    return parts[1] === "-" && text !== "0" ? "-" + text : text;
}

/** Compares two decimals in the wire's form exactly: negative, zero or positive. */
export function compareDecimals(a: string, b: string): number {
    // Rounding to doubles keeps order, so doubles that differ decide; equal ones may hide a difference.
    const x = Number(a), y = Number(b);
    if (x !== y) return x < y ? -1 : 1;
    const negativeA = a.startsWith("-"), negativeB = b.startsWith("-");
    if (negativeA !== negativeB) return negativeA ? -1 : 1;
    const sign = negativeA ? -1 : 1;
    const [wholeA, fractionA = ""] = (negativeA ? a.slice(1) : a).split(".");
    const [wholeB, fractionB = ""] = (negativeB ? b.slice(1) : b).split(".");
    if (wholeA.length !== wholeB.length) return sign * (wholeA.length - wholeB.length);
    const width = Math.max(fractionA.length, fractionB.length);
    const left = wholeA + fractionA.padEnd(width, "0"), right = wholeB + fractionB.padEnd(width, "0");
    return left === right ? 0 : sign * (left < right ? -1 : 1);
}

const earliest = -62167219200000; // 0000-01-01T00:00:00.000Z
const latest = 253402300799999; // 9999-12-31T23:59:59.999Z

/** A timestamp as the wire writes it: UTC, milliseconds, clamped to the years 0000 to 9999 (an invalid date as the earliest). */
export function timestampText(date: Date): string {
    const time = date.getTime();
    if (time >= earliest && time <= latest) return '"' + date.toISOString() + '"';
    return '"' + new Date(Number.isNaN(time) ? earliest : Math.min(Math.max(time, earliest), latest)).toISOString() + '"';
}

const uuidSyntax = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A uuid in canonical lowercase form; `null` when `text` is not one. */
export function uuidText(text: string): string | null {
    return uuidSyntax.test(text) ? '"' + text.toLowerCase() + '"' : null;
}

/** The number of Unicode code points of well-formed `text` (`😀` counts 1). */
export function codePointCount(text: string): number {
    let count = text.length;
    for (let i = 0; i < text.length; i++) {
        const unit = text.charCodeAt(i);
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            count--;
            i++;
        }
    }
    return count;
}
