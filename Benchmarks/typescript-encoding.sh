#!/usr/bin/env bash
# Making + checking + encoding one event in Node against JSON.stringify of the
# same object (docs/typescript.md, "Speed"): generates the example contract's
# TypeScript, compiles it and Benchmarks/TypeScript/encoding.ts with the
# runtime, and runs it. Needs tsc and node; uses .build's contractgen
# (CONTRACTGEN=path to choose another).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
contractgen=${CONTRACTGEN:-$(swift build --show-bin-path)/contractgen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source scripts/typescript-project.sh
typescript_project "$work"
"$contractgen" generate --target typescript contract/contract.yaml --output "$work/app/Generated" >/dev/null 2>&1
cp Benchmarks/TypeScript/encoding.ts "$work/app/"
(cd "$work/app" && tsc -p . && node out/encoding.js)
