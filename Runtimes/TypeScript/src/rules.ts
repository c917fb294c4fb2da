/**
 * The rules of a contract as data (docs/wire-format.md, "The rules as data"),
 * as the generator embeds them, with each member's TypeScript name (`name`)
 * where it differs from the wire name.
 */
export interface ContractRulesDocument {
    readonly format: number;
    readonly contract: string;
    readonly version: string;
    readonly patterns: readonly { readonly source: string; readonly program: readonly number[] }[];
    readonly valueSets: { readonly [name: string]: readonly string[] };
    readonly objects: { readonly [name: string]: { readonly required: FieldSpecs; readonly optional: FieldSpecs } };
    readonly envelope: FieldSpecs;
    readonly kinds: { readonly [name: string]: FieldSpecs };
    readonly globals: FieldSpecs;
    readonly fields: FieldSpecs;
    readonly events: { readonly [name: string]: EventSpec };
}

/** Fields by wire name, in contract order. */
export interface FieldSpecs { readonly [wireName: string]: FieldSpec }

/**
 * The scalar field types the runtime encodes and checks, as the rules name them. Kept equal to the generator's
 * `ScalarFieldType` by a test (FieldTypeTableTests); the encoder's table lists each one, so tsc names it for a new type.
 */
export type ScalarTypeName = "string" | "int" | "double" | "decimal" | "bool" | "uuid" | "timestamp";

/** One field's (or array item's) type, constraints, pii mark and TypeScript name. */
export interface FieldSpec {
    readonly type: string | { readonly valueSet: string } | { readonly object: string } | { readonly array: FieldSpec };
    readonly minLength?: number;
    readonly maxLength?: number;
    readonly pattern?: number;
    readonly minimum?: string;
    readonly maximum?: string;
    readonly minItems?: number;
    readonly maxItems?: number;
    readonly pii?: boolean;
    readonly name?: string;
    /** The contract's default (JSON in wire form): what the sink sends for a global without a value. */
    readonly default?: unknown;
    /** An envelope field the runtime fills in when absent: a random uuid (`"uuid"`) or the current time (`"now"`). */
    readonly fill?: "uuid" | "now";
}

/** One event: its kind, the kind fields it fixes (by wire value), its fields by wire name. */
export interface EventSpec {
    readonly kind: string;
    readonly constants?: { readonly [field: string]: string };
    readonly required: readonly string[];
    readonly optional: readonly string[];
    /** The event's function, where it differs from the event's name. */
    readonly name?: string;
}
