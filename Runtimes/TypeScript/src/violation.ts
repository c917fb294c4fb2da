/** What checking a value against the contract found (docs/wire-format.md, "Runtime validation"). */
export type ViolationCode =
    | "unknownEvent" | "unknownField" | "missingField" | "wrongType" | "notInValueSet" | "constantMismatch" | "badFormat"
    | "tooShort" | "tooLong" | "patternMismatch" | "belowMinimum" | "aboveMaximum" | "tooFewItems" | "tooManyItems";

/** One broken rule: where (wire names and indices, `lines[1].price.amount`), a stable code and a message for people. */
export interface Violation {
    readonly path: string;
    readonly code: ViolationCode;
    readonly message: string;
}
