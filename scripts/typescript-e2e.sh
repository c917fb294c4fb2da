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

start_collector "$out" contract/contract.yaml --show-pii

(cd "$work/app" && node out/send-events.js "http://127.0.0.1:$port" "$root/Tests/ContractGenCoreTests/Goldens/Events")
