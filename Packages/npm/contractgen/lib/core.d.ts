/** The platform packages, by `${process.platform}-${process.arch}`. */
export declare const platformPackages: Readonly<Record<string, string>>;
/** The platform package for this OS and CPU, or undefined when none is published. */
export declare function platformPackage(platform?: string, arch?: string): string | undefined;
/** The contractgen executable: CONTRACTGEN_BINARY_PATH, else the platform package's. Throws naming the package to install. */
export declare function binaryPath(): string;
/** The version of the package, which is the generator's. */
export declare function version(): string;

export interface RunResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}
/** Runs contractgen with `args`; resolves whatever the exit status. */
export declare function run(args: readonly string[], options?: { cwd?: string; binary?: string }): Promise<RunResult>;

/** What to generate, with paths relative to `cwd`. */
export interface ContractgenOptions {
  /** The contract file. */
  contract: string;
  /** The folder to generate into. */
  output: string;
  /** The language: "typescript" (the default), "kotlin" or "swift". */
  target?: "typescript" | "kotlin" | "swift";
  /** Kotlin only: the package of the generated files. */
  package?: string;
  /** The folder paths are relative to (process.cwd() by default). */
  cwd?: string;
  /** A contractgen executable instead of the platform package's. */
  binary?: string;
}
export interface ResolvedOptions {
  readonly cwd: string;
  readonly contract: string;
  readonly output: string;
  readonly target: string;
  readonly package: string | undefined;
  readonly binary: string;
}
export declare function resolveOptions(options: ContractgenOptions): ResolvedOptions;
/** The files whose change must regenerate the code. */
export declare function watchedFiles(options: ResolvedOptions): string[];

/** One problem, as `contractgen validate --format json` reports it (`file` absolute). */
export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly severity: "error" | "warning" | "note";
  readonly message: string;
  readonly hint: string | null;
}
export interface ValidationReport {
  readonly diagnostics: readonly Diagnostic[];
  readonly errors: number;
  readonly warnings: number;
  readonly notes: number;
}
export declare function validate(options: ResolvedOptions): Promise<ValidationReport>;
/** `file:line:column: severity: message` and the hint. */
export declare function formatDiagnostic(diagnostic: Diagnostic): string;
/** Validates, then generates unless the contract has errors. */
export declare function regenerate(options: ResolvedOptions): Promise<{ diagnostics: readonly Diagnostic[]; generated: boolean }>;
