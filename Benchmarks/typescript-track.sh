#!/usr/bin/env bash
# `track` on the caller while a flush is in progress, in Node (docs/performance.md,
# "TypeScript delivery"): compiles the runtime, the conformance contract's
# generated code and Benchmarks/TypeScript/track.ts, and runs it (3 rounds, file
# queue and memory queue). Needs tsc and node. EVENTS=N per round (20,000).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source scripts/typescript-project.sh
typescript_project "$work"
cp -R Conformance/TypeScript/Generated "$work/app/Generated"
cp Benchmarks/TypeScript/track.ts Tests/TypeScriptDelivery/node.d.ts Tests/TypeScriptDelivery/tsconfig.json "$work/app/"
(cd "$work/app" && tsc -p . && node out/track.js "$work" "${EVENTS:-20000}")
