// contractgen's rollup plugin (rollup 3 and 4; Vite runs it as well, since
// Vite's plugins are rollup's): regenerates the code from the contract at the
// start of every build, watches the contract (and the project file,
// contractgen.yaml) so that an edit rebuilds in watch mode, and fails the build
// on a contract or project-file error with its file, line and column. What it runs lives in core.js, shared with other adapters.
import path from "node:path";
import { formatDiagnostic, regenerate, resolveOptions, watchedFiles } from "./core.js";

/**
 * The plugin. Options (paths relative to the working directory):
 * `project` (the project file; by default ./contractgen.yaml when it exists
 * and neither `contract` nor `output` is given: `contractgen generate
 * --project PATH` then generates every target it lists), or without one
 * `contract` (the contract file) and `output` (the folder to generate into);
 * `target` ("typescript" by default without a project file), `package`
 * (Kotlin only), `binary` (a contractgen executable instead of the platform
 * package's). With a project file, `target`, `output` and `package` override
 * its values as contractgen's flags do.
 */
export function contractgen(userOptions = {}) {
  let options;
  const watched = new Set();
  return {
    name: "contractgen",
    async buildStart() {
      options ??= resolveOptions(userOptions);
      // Watched before anything can fail, so that fixing the contract rebuilds.
      // Files once watched stay so: a project file broken mid-edit may not
      // name its contract for a while.
      for (const file of watchedFiles(options)) watched.add(file);
      for (const file of watched) this.addWatchFile(file);
      const { diagnostics: found, generated } = await regenerate(options);
      // Paths as the user wrote them, relative to the working directory.
      const diagnostics = found.map((d) => ({ ...d, file: typeof d.file === "string" ? path.relative(options.cwd, d.file) : d.file }));
      for (const d of diagnostics) {
        if (d.severity !== "error") this.warn({ message: formatDiagnostic(d), loc: location(d) });
      }
      if (!generated) {
        const errors = diagnostics.filter((d) => d.severity === "error");
        const inProject = options.project !== undefined && errors.some((d) => d.file === path.relative(options.cwd, options.project));
        this.error({
          message: `the ${inProject ? "project file" : "contract"} has ${errors.length} error${errors.length === 1 ? "" : "s"}; nothing was generated\n` +
            errors.map(formatDiagnostic).join("\n"),
          loc: location(errors[0]),
        });
      }
    },
  };
}

/** A diagnostic's place as rollup's `loc` (rollup prints it as file (line:column)). */
function location(d) {
  if (!d || typeof d.file !== "string" || typeof d.line !== "number") return undefined;
  return { file: d.file, line: d.line, column: typeof d.column === "number" ? d.column : 0 };
}

export default contractgen;
