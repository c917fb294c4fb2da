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

/** The project file's usual name, contractgen.yaml. */
export declare const projectFileName: "contractgen.yaml";

/**
 * What to generate, with paths relative to `cwd`: a project file (`project`,
 * by default ./contractgen.yaml when it exists and neither `contract` nor
 * `output` is given), or `contract` and `output`.
 */
export interface ContractgenOptions {
  /** The project file (contractgen.yaml); `target`, `output`, `package` override its values. */
  project?: string;
  /** The contract file (required without a project file). */
  contract?: string;
  /** The folder to generate into (required without a project file). */
  output?: string;
  /** The language: "typescript" (the default without a project file; with one, every target it lists), "kotlin" or "swift". */
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
  /** The project file, absolute, or undefined without one. */
  readonly project: string | undefined;
  /** Undefined with a project file unless overridden. */
  readonly contract: string | undefined;
  readonly output: string | undefined;
  readonly target: string | undefined;
  readonly package: string | undefined;
  readonly binary: string;
}
export declare function resolveOptions(options: ContractgenOptions): ResolvedOptions;
/** The contract a project file names (`contract: PATH`), absolute, or undefined when it cannot be read. */
export declare function projectContract(projectPath: string): string | undefined;
/** The files whose change must regenerate the code: the contract and the project file. */
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
/** The diagnostics of contractgen's text output (how it prints a bad project file). */
export declare function parseTextDiagnostics(text: string, cwd?: string): Diagnostic[];
export declare function validate(options: ResolvedOptions): Promise<ValidationReport>;
/** `file:line:column: severity: message` and the hint. */
export declare function formatDiagnostic(diagnostic: Diagnostic): string;
/** Validates, then generates unless the contract has errors. */
export declare function regenerate(options: ResolvedOptions): Promise<{ diagnostics: readonly Diagnostic[]; generated: boolean }>;
