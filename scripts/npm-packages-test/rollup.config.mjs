// The rollup configuration of scripts/npm-packages-test.sh: contractgen's
// plugin from the installed tarball, and a small TypeScript step (a web app
// would use @rollup/plugin-typescript or Vite; neither is installable offline
// here) that resolves ./x.js to ./x.ts and strips types with Debian's
// typescript (TYPESCRIPT_LIB: its folder).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import contractgen from "contractgen/rollup";

const ts = createRequire(import.meta.url)(process.env.TYPESCRIPT_LIB);

const typescriptSources = {
  name: "typescript-sources",
  resolveId(source, importer) {
    if (!importer || !importer.endsWith(".ts") || !source.startsWith(".") || !source.endsWith(".js")) return null;
    const candidate = path.resolve(path.dirname(importer), source.slice(0, -3) + ".ts");
    return existsSync(candidate) ? candidate : null;
  },
  transform(code, id) {
    if (!id.endsWith(".ts")) return null;
    const options = { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 };
    return { code: ts.transpileModule(code, { compilerOptions: options, fileName: id }).outputText, map: null };
  },
};

export default {
  input: "src/bundle-main.ts",
  output: { file: "dist/bundle.js", format: "es" },
  external: [/^@contractgen\/runtime/],
  plugins: [
    // The project file names the contract and src/generated; the plugin
    // watches both. (contractgen() alone reads ./contractgen.yaml as well.)
    contractgen({ project: "contractgen.yaml" }),
    typescriptSources,
  ],
  watch: { clearScreen: false },
};
