// The bundler-neutral core of contractgen's npm package: where the native
// executable is, and running it to validate and generate. The launcher
// (bin/contractgen.js) and every bundler adapter (lib/rollup.js) share it;
// an adapter for another bundler only maps these calls onto its hooks.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
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

/** The project file's usual name (docs/project-file.md). */
export const projectFileName = "contractgen.yaml";

/**
 * The options of a generation, with paths relative to `cwd`. Either a project
 * file: `project` (the path of contractgen.yaml; by default `contractgen.yaml`
 * in `cwd` when it exists and neither `contract` nor `output` is given), with
 * `target`, `output`, `package` as optional overrides (contractgen's
 * --target, --output, --package); or, without a project file, `contract`
 * (the contract file) and `output` (the folder), with `target`
 * ("typescript" unless given) and `package` (Kotlin only). `binary`: the
 * executable (binaryPath() unless given). Throws when one is missing.
 */
export function resolveOptions({ project, contract, output, target, package: packageName, cwd = process.cwd(), binary } = {}) {
  const resolvedCwd = path.resolve(cwd);
  if (project === undefined && contract === undefined && output === undefined && existsSync(path.join(resolvedCwd, projectFileName))) {
    project = projectFileName;
  }
  if (project !== undefined) {
    if (typeof project !== "string" || project === "") throw new Error("contractgen: the option `project` must be the path of a contractgen.yaml");
    const projectPath = path.resolve(resolvedCwd, project);
    if (!existsSync(projectPath)) throw new Error(`contractgen: the project file ${projectPath} does not exist`);
    return {
      cwd: resolvedCwd,
      project: projectPath,
      contract: contract === undefined ? undefined : path.resolve(resolvedCwd, contract),
      output: output === undefined ? undefined : path.resolve(resolvedCwd, output),
      target,
      package: packageName,
      binary: binary ?? binaryPath(),
    };
  }
  if (typeof contract !== "string" || contract === "") {
    throw new Error(`contractgen: the option \`project\` (a ${projectFileName}) or \`contract\` (the contract file) is required; there is no ${projectFileName} in ${resolvedCwd}`);
  }
  if (typeof output !== "string" || output === "") throw new Error("contractgen: the option `output` (the folder for the generated code) is required");
  return {
    cwd: resolvedCwd,
    project: undefined,
    contract: path.resolve(resolvedCwd, contract),
    output: path.resolve(resolvedCwd, output),
    target: target ?? "typescript",
    package: packageName,
    binary: binary ?? binaryPath(),
  };
}

/**
 * The contract path a project file names, absolute (relative paths are
 * relative to the project file's folder), or undefined when the file cannot
 * be read or has no `contract:` line. contractgen prints no such path, so
 * this reads the top-level `contract: PATH` line itself; contractgen checks
 * the file and reports its errors.
 */
export function projectContract(projectPath) {
  let text;
  try {
    text = readFileSync(projectPath, "utf8");
  } catch {
    return undefined;
  }
  const match = /^contract:[ \t]*(?:"([^"]*)"|'([^']*)'|([^#\r\n]*?))[ \t]*(?:#.*)?$/m.exec(text);
  const value = match && (match[1] ?? match[2] ?? match[3]);
  return value ? path.resolve(path.dirname(projectPath), value) : undefined;
}

/**
 * The files whose change must regenerate the code: the contract and, with a
 * project file, the project file (the contract it names is read anew at
 * every call, since an edit of the project file may change it).
 */
export function watchedFiles(options) {
  if (options.project === undefined) return [options.contract];
  const contract = options.contract ?? projectContract(options.project);
  return contract === undefined ? [options.project] : [options.project, contract];
}

/** The arguments that name the contract and project file for `command` (validate or generate). */
function contractArguments(options) {
  const args = [];
  if (options.contract !== undefined) args.push(options.contract);
  if (options.project !== undefined) args.push("--project", options.project);
  return args;
}

/**
 * The diagnostics of contractgen's text output (`file:line:column: severity:
 * message`, then the source line, a caret and `  hint: ...`), as
 * `validate --format json` gives them. contractgen prints a bad project file
 * this way (exit status 2) whatever the --format.
 */
export function parseTextDiagnostics(text, cwd = process.cwd()) {
  const diagnostics = [];
  for (const line of text.split("\n")) {
    const found = /^(.+?):(\d+):(\d+): (error|warning|note): (.*)$/.exec(line);
    if (found) {
      diagnostics.push({ file: path.resolve(cwd, found[1]), line: Number(found[2]), column: Number(found[3]), severity: found[4], message: found[5], hint: null });
      continue;
    }
    const hint = /^  hint: (.*)$/.exec(line);
    if (hint && diagnostics.length > 0 && diagnostics[diagnostics.length - 1].hint === null) diagnostics[diagnostics.length - 1].hint = hint[1];
  }
  return diagnostics;
}

/**
 * Validates the contract (and the project file, with one) with
 * `contractgen validate --format json` and
 * returns its report: { diagnostics: [{ file, line, column, severity,
 * message, hint }], errors, warnings, notes }, `file` made absolute.
 * A bad project file's errors are diagnostics of the project file.
 * Throws when contractgen cannot check the file at all (exit status 2) or
 * prints something of another shape.
 */
export async function validate(options) {
  const result = await run(["validate", ...contractArguments(options), "--format", "json"], options);
  if (result.status === 2 && options.project !== undefined) {
    // A bad project file (or a contract it names that does not exist): its
    // diagnostics, with the project file's line, as the contract's are.
    const diagnostics = parseTextDiagnostics(result.stderr, options.cwd);
    if (diagnostics.some((d) => d.severity === "error")) {
      const count = (severity) => diagnostics.filter((d) => d.severity === severity).length;
      return { diagnostics, errors: count("error"), warnings: count("warning"), notes: count("note") };
    }
  }
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
  const args = ["generate", ...contractArguments(options)];
  if (options.target !== undefined) args.push("--target", options.target);
  if (options.output !== undefined) args.push("--output", options.output);
  if (options.package) args.push("--package", options.package);
  const result = await run(args, options);
  if (result.status !== 0) {
    throw new Error(`contractgen ${args.join(" ")} failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
  return { diagnostics: report.diagnostics, generated: true };
}
