import type { ContractgenOptions } from "./core.js";

/** A rollup (and Vite) plugin; typed structurally so that this package needs no rollup types. */
export interface ContractgenPlugin {
  readonly name: "contractgen";
  buildStart(this: unknown): Promise<void>;
}
/** Regenerates from the contract at every build start, watches it, and fails the build on contract errors. */
export declare function contractgen(options: Omit<ContractgenOptions, "cwd"> & { cwd?: string }): ContractgenPlugin;
export default contractgen;
export type { ContractgenOptions };
