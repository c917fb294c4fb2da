import type { ViolationCode } from "./constants.js";

/** What checking a value against the contract found (docs/wire-format.md, "Runtime validation"): generated from the shared table. */
export type { ViolationCode };

/** One broken rule: where (wire names and indices, `lines[1].price.amount`), a stable code and a message for people. */
export interface Violation {
    readonly path: string;
    readonly code: ViolationCode;
    readonly message: string;
}
