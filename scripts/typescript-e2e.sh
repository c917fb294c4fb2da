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
for tool in tsc node; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-test-deps.sh)"; exit 1; }
done

swift_build --package-path Collector --product tracking-collector
swift_build --product contractgen

work=$(mktemp -d)
out="$work/collector.log"
collector=""
trap '[ -n "$collector" ] && { kill $collector 2>/dev/null || true; wait $collector 2>/dev/null || true; }; rm -rf "$work"' EXIT

typescript_project "$work"
"$(swift build --show-bin-path)/contractgen" generate --target typescript contract/contract.yaml --output "$work/app/Generated" >/dev/null 2>&1
cp Examples/TypeScript/send-events.ts Conformance/TypeScript/node.d.ts "$work/app/"
(cd "$work/app" && tsc -p .)

"$(swift build --package-path Collector --show-bin-path)/tracking-collector" --port 0 --contract contract/contract.yaml --show-pii >"$out" 2>&1 &
collector=$!
port=""
for _ in $(seq 1 300); do
  port=$(grep -so '127\.0\.0\.1:[0-9]*' "$out" | head -1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { echo "FAIL: the collector did not start"; cat "$out"; exit 1; }

(cd "$work/app" && node out/send-events.js "http://127.0.0.1:$port" "$root/Tests/ContractGenCoreTests/Goldens/Events")
