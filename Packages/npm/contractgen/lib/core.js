// The bundler-neutral core of contractgen's npm package: where the native
// executable is, and running it to validate and generate. The launcher
// (bin/contractgen.js) and every bundler adapter (lib/rollup.js) share it;
// an adapter for another bundler only maps these calls onto its hooks.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import path from "node:path";

const require = createRequire(import.meta.url);

/**
 * The platform packages, by `${process.platform}-${process.arch}`. Each holds
 * the executable at bin/contractgen. Only linux-x64 is built and tested in
 * contractgen's repository; the others are declared for when they are built.
 */
export const platformPackages = Object.freeze({
  "linux-x64": "@contractgen/cli-linux-x64",
  "linux-arm64": "@contractgen/cli-linux-arm64",
  "darwin-x64": "@contractgen/cli-darwin-x64",
  "darwin-arm64": "@contractgen/cli-darwin-arm64",
});

/** The platform package for this OS and CPU, or undefined when none is published. */
export function platformPackage(platform = process.platform, arch = process.arch) {
  return platformPackages[`${platform}-${arch}`];
}

/**
 * The path of the contractgen executable: CONTRACTGEN_BINARY_PATH when set
 * (an executable built from source, for a platform without a package), else
 * the one in this platform's package. Throws an Error that says which package
 * to install when there is none.
 */
export function binaryPath() {
  const override = process.env.CONTRACTGEN_BINARY_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CONTRACTGEN_BINARY_PATH is ${override}, which does not exist`);
    return override;
  }
  const platform = `${process.platform}-${process.arch}`;
  const name = platformPackage();
  if (name === undefined) {
    throw new Error(
      `contractgen has no executable for ${platform}; the platforms with a package are ` +
        `${Object.keys(platformPackages).join(", ")}. Build contractgen from source ` +
        `(swift build -c release --product contractgen) and set CONTRACTGEN_BINARY_PATH to it.`
    );
  }
  let manifest;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    throw new Error(
      `contractgen's executable for ${platform} is in the package ${name}, which is not installed. ` +
        `npm installs it with contractgen (optionalDependencies) unless optional dependencies are omitted ` +
        `(--omit=optional, --no-optional) or the install was offline: install it next to contractgen, ` +
        `e.g. npm install ${name}@${version()} (or its tarball).`
    );
  }
  const binary = path.join(path.dirname(manifest), "bin", "contractgen");
  if (!existsSync(binary)) throw new Error(`${name} is installed but has no bin/contractgen (${binary})`);
  return binary;
}

/** The version of this package, which is the generator's (`contractgen --version`). */
export function version() {
  return require("../package.json").version;
}

/**
 * Runs contractgen with `args`. Resolves to { status, stdout, stderr } whatever
 * the exit status; rejects only when the executable cannot be started.
 */
export function run(args, { cwd = process.cwd(), binary = binaryPath() } = {}) {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { cwd, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") {
        reject(new Error(`cannot run ${binary}: ${error.message}`));
        return;
      }
      resolve({ status: error ? error.code : 0, stdout, stderr });
    });
  });
}

/**
 * The options of a generation, with paths relative to `cwd`:
 * `contract` (the contract file), `output` (the folder), `target`
 * ("typescript" unless given), `package` (Kotlin only), `binary` (the
 * executable; binaryPath() unless given). Throws when one is missing.
 * TODO(project file): once `contractgen generate` reads contractgen.yaml,
 * accept `project` (its path) instead of contract/output and watch it too.
 */
export function resolveOptions({ contract, output, target = "typescript", package: packageName, cwd = process.cwd(), binary } = {}) {
  if (typeof contract !== "string" || contract === "") throw new Error("contractgen: the option `contract` (the contract file) is required");
  if (typeof output !== "string" || output === "") throw new Error("contractgen: the option `output` (the folder for the generated code) is required");
  const resolvedCwd = path.resolve(cwd);
  return {
    cwd: resolvedCwd,
    contract: path.resolve(resolvedCwd, contract),
    output: path.resolve(resolvedCwd, output),
    target,
    package: packageName,
    binary: binary ?? binaryPath(),
  };
}

/** The files whose change must regenerate the code: the contract. */
export function watchedFiles(options) {
  return [options.contract];
}

/**
 * Validates the contract with `contractgen validate --format json` and
 * returns its report: { diagnostics: [{ file, line, column, severity,
 * message, hint }], errors, warnings, notes }, `file` made absolute.
 * Throws when contractgen cannot check the file at all (exit status 2) or
 * prints something of another shape.
 */
export async function validate(options) {
  const result = await run(["validate", options.contract, "--format", "json"], options);
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`contractgen validate failed (exit ${result.status}):\n${result.stderr || result.stdout}`);
  }
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    throw new Error(`contractgen validate --format json printed something that is not JSON:\n${result.stdout}${result.stderr}`);
  }
  if (!report || !Array.isArray(report.diagnostics) || typeof report.errors !== "number") {
    throw new Error(`contractgen validate --format json printed an unexpected shape:\n${result.stdout}`);
  }
  for (const d of report.diagnostics) {
    if (typeof d.message !== "string" || typeof d.severity !== "string") {
      throw new Error(`contractgen validate --format json printed a diagnostic of an unexpected shape: ${JSON.stringify(d)}`);
    }
    if (typeof d.file === "string") d.file = path.resolve(options.cwd, d.file);
  }
  return report;
}

/** `file:line:column: severity: message` and the hint, as contractgen prints it. */
export function formatDiagnostic(d) {
  const where = [d.file, d.line, d.column].filter((part) => part !== undefined && part !== null).join(":");
  return `${where}: ${d.severity}: ${d.message}${d.hint ? `\n  hint: ${d.hint}` : ""}`;
}

/**
 * Validates, then generates. Resolves to { diagnostics, generated } where
 * `generated` is false when the contract has errors (nothing is written then,
 * as contractgen never writes from an invalid contract). Throws when
 * generation fails for another reason (an unwritable folder, for example).
 */
export async function regenerate(options) {
  const report = await validate(options);
  if (report.errors > 0) return { diagnostics: report.diagnostics, generated: false };
  const args = ["generate", options.contract, "--target", options.target, "--output", options.output];
  if (options.package) args.push("--package", options.package);
  const result = await run(args, options);
  if (result.status !== 0) {
    throw new Error(`contractgen ${args.join(" ")} failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
  return { diagnostics: report.diagnostics, generated: true };
}
