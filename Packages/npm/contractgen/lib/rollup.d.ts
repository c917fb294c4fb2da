import type { ContractgenOptions } from "./core.js";

/** A rollup (and Vite) plugin; typed structurally so that this package needs no rollup types. */
export interface ContractgenPlugin {
  readonly name: "contractgen";
  buildStart(this: unknown): Promise<void>;
}
/** Regenerates from the contract (or the project file, contractgen.yaml) at every build start, watches both, and fails the build on their errors. */
export declare function contractgen(options?: ContractgenOptions): ContractgenPlugin;
export default contractgen;
export type { ContractgenOptions };
