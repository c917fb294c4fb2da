# Sourced by the TypeScript scripts (scripts/typescript-e2e.sh, Benchmarks/typescript-*.sh):
# `typescript_project DIR` makes DIR/node_modules/@contractgen/runtime, the
# runtime of Runtimes/TypeScript compiled with tsc, and DIR/app, an ES module
# project (strict tsconfig, no DOM or Node types) whose code can import it.
# Run from the package root.
typescript_project() {
  local runtime="$1/node_modules/@contractgen/runtime"
  mkdir -p "$runtime" "$1/app"
  cp -R Runtimes/TypeScript/package.json Runtimes/TypeScript/tsconfig.json Runtimes/TypeScript/src "$runtime/"
  (cd "$runtime" && tsc -p .)
  echo '{"type": "module"}' >"$1/app/package.json"
  cat >"$1/app/tsconfig.json" <<'JSON'
{"compilerOptions": {"target": "ES2022", "module": "ES2022", "moduleResolution": "node", "lib": ["ES2022"], "types": [],
 "strict": true, "noEmitOnError": true, "outDir": "out"}, "include": ["**/*.ts"], "exclude": ["out", "node_modules"]}
JSON
}
