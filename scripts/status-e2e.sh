#!/usr/bin/env bash
# `contractgen status` end to end (docs/status.md, "End to end"): the apps of the
# status fixture (Tests/ContractGenCoreTests/Fixtures/status-monorepo) send events
# through their runtimes to the real collector — the web app through the
# TypeScript CollectorSink under Node (and an older build of it, from a contract
# that still had legacyPing), the Android app through the Kotlin CollectorSink
# on the JVM, the Swift app (its own package, built here) through the Swift
# dispatcher (SQLite first, then the CollectorProvider) — some with
# violations; then `status --collector` must give the
# exact expected join (Tests/StatusE2E/expected-status.json, times left out;
# RECORD_GOLDENS=1 re-records it), and `status --arrivals` on a copy saved with
# curl the same.
#
#   scripts/status-e2e.sh              SQLite storage, one collector
#   scripts/status-e2e.sh --postgres   PostgreSQL, two collectors sharing one database
#                                      (needs the collector built with --traits PostgreSQL;
#                                      runs itself under scripts/with-test-postgres.sh;
#                                      the Android and Swift apps send to the second)
# Fails when node, tsc, kotlinc, java or curl is missing (scripts/install-test-deps.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh
source scripts/typescript-project.sh
source scripts/test-collector.sh

mode=${1:-sqlite}
if [ "$mode" = "--postgres" ] && [ -z "${COLLECTOR_TEST_POSTGRES_URL:-}" ]; then
  exec bash scripts/with-test-postgres.sh bash "$0" --postgres
fi
for tool in node tsc kotlinc java curl python3; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-test-deps.sh)"; exit 1; }
done

swift_build --product contractgen
if [ "$mode" = "--postgres" ]; then
  swift_build --package-path Collector --traits PostgreSQL --product tracking-collector
else
  swift_build --package-path Collector --product tracking-collector
fi
contractgen="$(swift build --show-bin-path)/contractgen"
fixture=Tests/ContractGenCoreTests/Fixtures/status-monorepo
# The Swift app depends on this repository by path as Examples/ShopApp does
# (the same packages, built with the same flags), so it is built in the
# example's scratch folder: the runtime and the build plugin's contractgen that
# the example's build left there are reused and only the app's two modules
# compile (in a scratch folder of its own, SwiftPM builds contractgen again,
# for the root package's build plugin). Both packages have a module named
# ShopTracking: whichever package is built next recompiles it from its own
# sources (SwiftPM sees the commands change).
# Without build-manifest caching: SwiftPM may otherwise reuse the example's cached build
# description for this other package in the same scratch folder ("No target named
# 'ShopApp-…-debug.exe' in build description"), depending on which of the two built last.
swift_app=(--package-path "$fixture/swift-app" --scratch-path "$root/Examples/ShopApp/.build" --disable-build-manifest-caching)

work=$(mktemp -d)
second=""
cleanup() {
  stop_collector
  if [ -n "$second" ]; then kill "$second" 2>/dev/null || true; wait "$second" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The apps' code, generated from the fixture's contract as the fixture's own
# Generated folders are; the older web build from that contract plus legacyPing.
typescript_project "$work"
"$contractgen" generate --target typescript "$fixture/contract.yaml" --output "$work/app/Generated" >/dev/null
sed -e 's/^version: 1.0.0$/version: 0.9.0/' "$fixture/contract.yaml" >"$work/old.yaml"
printf '  legacyPing:\n    kind: action\n' >>"$work/old.yaml"
"$contractgen" generate --target typescript "$work/old.yaml" --output "$work/app/OldGenerated" >/dev/null
"$contractgen" generate --target kotlin "$fixture/contract.yaml" --output "$work/kotlin" --package com.example.shop.events >/dev/null
cp Tests/StatusE2E/send-web.ts Conformance/TypeScript/node.d.ts "$work/app/"

# kotlinc (the slow part) runs while tsc does.
kotlinc -Werror -include-runtime -d "$work/android.jar" Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime/*.kt \
  "$work"/kotlin/*.kt Tests/StatusE2E/SendAndroid.kt >"$work/kotlinc.log" 2>&1 &
kotlinc_pid=$!
(cd "$work/app" && tsc -p .)
swift_start=$(date +%s)
swift_build "${swift_app[@]}" --product ShopApp
echo "the Swift app built in $(( $(date +%s) - swift_start )) s (while kotlinc ran)"
wait "$kotlinc_pid" || { grep -v -- '-Xverify:none and -noverify were deprecated' "$work/kotlinc.log"; echo "FAIL: kotlinc"; exit 1; }
[ -f "$work/android.jar" ] || { cat "$work/kotlinc.log"; echo "FAIL: kotlinc wrote no jar"; exit 1; }

if [ "$mode" = "--postgres" ]; then
  start_collector "$work/collector1.log" "$fixture/contract.yaml" --postgres "$COLLECTOR_TEST_POSTGRES_URL"
  web_port=$port
  first_collector=$collector
  start_collector "$work/collector2.log" "$fixture/contract.yaml" --postgres "$COLLECTOR_TEST_POSTGRES_URL"
  android_port=$port
  second=$first_collector  # stopped by cleanup; the second is $collector, stopped by stop_collector
else
  start_collector "$work/collector.log" "$fixture/contract.yaml"
  web_port=$port
  android_port=$port
fi

(cd "$work/app" && node out/send-web.js "http://127.0.0.1:$web_port")
java -cp "$work/android.jar" com.example.shop.e2e.SendAndroid "http://127.0.0.1:$android_port/v1/batch"
"$(swift build "${swift_app[@]}" --show-bin-path)/ShopApp" "http://127.0.0.1:$android_port/v1/batch"

# The join, read from the collector (the one the Android and Swift apps did
# not send to, when there are two) and from a saved copy.
status() { (cd "$fixture" && "$contractgen" status contract.yaml --source . --format json "$@"); }
status --collector "http://127.0.0.1:$web_port" >"$work/live.json"
curl -fsS -o "$work/arrivals.json" "http://127.0.0.1:$web_port/arrivals"
status --arrivals "$work/arrivals.json" >"$work/saved.json"
set +e
status --arrivals "$work/arrivals.json" --fail-on unknown-event >/dev/null
gate=$?
set -e
[ "$gate" -eq 1 ] || { echo "FAIL: --fail-on unknown-event exited $gate, not 1"; exit 1; }

python3 - "$work/live.json" "$work/saved.json" Tests/StatusE2E/expected-status.json <<'PY'
import json, os, sys
def timeless(path):
    report = json.load(open(path, encoding="utf-8"))
    report["arrivals"]["readAt"] = "…"
    for arrived in [e["arrived"] for e in report["events"] if e["arrived"]] + [u["arrived"] for u in report["unknownEvents"]]:
        arrived["firstSeen"] = arrived["lastSeen"] = "…"
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"
live, saved, golden = timeless(sys.argv[1]), timeless(sys.argv[2]), sys.argv[3]
assert live == saved, "status --collector and status --arrivals on a saved copy differ:\n" + live + "\n" + saved
if os.environ.get("RECORD_GOLDENS") == "1":
    open(golden, "w", encoding="utf-8").write(live)
    print("recorded " + golden)
else:
    expected = open(golden, encoding="utf-8").read()
    assert live == expected, "the join differs from " + golden + ":\n" + live
print("status --collector and --arrivals give the expected join")
PY
echo "status-e2e ($mode): passed"
