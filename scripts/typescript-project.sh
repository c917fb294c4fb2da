# Sourced by the TypeScript scripts (scripts/typescript-e2e.sh, Benchmarks/typescript-*.sh):
# `typescript_project DIR` makes DIR/node_modules/@contractgen/runtime, the
# runtime of Runtimes/TypeScript compiled with tsc, and DIR/app, an ES module
# project (Runtimes/TypeScript/app.tsconfig.json: strict, no DOM or Node types) whose code can import it.
# Run from the package root.
typescript_project() {
  local runtime="$1/node_modules/@contractgen/runtime"
  mkdir -p "$runtime" "$1/app"
  cp -R Runtimes/TypeScript/package.json Runtimes/TypeScript/tsconfig.json Runtimes/TypeScript/src "$runtime/"
  (cd "$runtime" && tsc -p .)
  echo '{"type": "module"}' >"$1/app/package.json"
  cp Runtimes/TypeScript/app.tsconfig.json "$1/app/tsconfig.json"
}
