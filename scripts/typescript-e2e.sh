#!/usr/bin/env bash
# End to end for the TypeScript target (docs/typescript.md): generates the
# example contract's TypeScript, compiles it with the runtime (tsc --strict),
# starts the real collector, and runs Examples/TypeScript/send-events.ts under
# Node: it sends the example events through the runtime's CollectorSink and
# checks that the collector stored each with the Swift encoding's bytes.
# Fails when tsc or node is missing (scripts/install-test-deps.sh installs them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh
source scripts/typescript-project.sh
source scripts/test-collector.sh
for tool in tsc node; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-test-deps.sh)"; exit 1; }
done

swift_build --package-path Collector --product tracking-collector
swift_build --product contractgen

work=$(mktemp -d)
out="$work/collector.log"
trap 'stop_collector; rm -rf "$work"' EXIT

typescript_project "$work"
"$(swift build --show-bin-path)/contractgen" generate --target typescript contract/contract.yaml --output "$work/app/Generated" >/dev/null 2>&1
cp Examples/TypeScript/send-events.ts Conformance/TypeScript/node.d.ts "$work/app/"
(cd "$work/app" && tsc -p .)

# Globals are typed (docs/typescript.md): a misspelt global and a value of the wrong type must not compile.
head='import { CollectorSink } from "@contractgen/runtime";\nimport { $contract } from "./Generated/index.js";\n'
printf "$head"'new CollectorSink($contract, { url: "http://127.0.0.1/v1/batch", globals: { sesionId: "00000000-0000-4000-8000-0000000000aa" } });\n' >"$work/app/typo-name.ts"
printf "$head"'new CollectorSink($contract, { url: "http://127.0.0.1/v1/batch", globals: { appVersion: 42 } });\n' >"$work/app/typo-type.ts"
if (cd "$work/app" && tsc -p . --noEmit >"$work/typo.log" 2>&1); then
  echo "FAIL: misspelt or mistyped globals compiled"; exit 1
fi
for file in typo-name.ts typo-type.ts; do
  grep -q "^$file(3," "$work/typo.log" || { echo "FAIL: no compile error in $file:"; cat "$work/typo.log"; exit 1; }
done
[ "$(grep -c 'error TS' "$work/typo.log")" -eq 2 ] || { echo "FAIL: errors beyond the two globals:"; cat "$work/typo.log"; exit 1; }
grep -q "sesionId" "$work/typo.log" || { echo "FAIL: the error does not name sesionId:"; cat "$work/typo.log"; exit 1; }
echo "typed globals: a misspelt global and a wrong type are compile errors"
rm "$work/app/typo-name.ts" "$work/app/typo-type.ts"

start_collector "$out" contract/contract.yaml --show-pii

(cd "$work/app" && node out/send-events.js "http://127.0.0.1:$port" "$root/Tests/ContractGenCoreTests/Goldens/Events")
