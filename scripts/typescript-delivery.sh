#!/usr/bin/env bash
# The TypeScript runtime's delivery (docs/typescript.md, "Delivery"):
#  1. the delivery protocol's cases (Conformance/Delivery/cases.json) against
#     the shared fake collector;
#  2. the Node file queue: torn and corrupt tails, the lock, compaction, the
#     bound, consent, the journey;
#  3. fault tests against the real collector behind Conformance/Delivery/fault-proxy.py:
#     collector down then up, 404 then the right URL, 500s, timeouts, 413,
#     401 then a new token; then kill -9 of a Node process in the middle of a
#     flush, 5 times, and a last process that flushes the file queue: every
#     event stored exactly once;
#  4. the browser: headless Chromium (selenium) on a page of 127.0.0.1 that
#     queues into IndexedDB, reloaded in the middle of a flush and with the
#     collector down: every event arrives.
# Fails, never skips, when node, tsc, python3, chromium, chromedriver or
# selenium is missing (scripts/install-test-deps.sh installs them).
# `STEPS="conformance queue"` runs some steps only (while developing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh
source scripts/typescript-project.sh
source scripts/test-collector.sh
for tool in tsc node python3 chromium chromedriver; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-test-deps.sh)"; exit 1; }
done
/usr/bin/python3 -c "import selenium" 2>/dev/null || { echo "FAIL: python3-selenium is not installed (scripts/install-test-deps.sh)"; exit 1; }
steps=${STEPS:-conformance queue faults kill browser}
has_step() { [[ " $steps " == *" $1 "* ]]; }

work=$(mktemp -d)
proxy=""
stop_all() {
  [ -n "$proxy" ] && { kill "$proxy" 2>/dev/null || true; wait "$proxy" 2>/dev/null || true; }
  stop_collector
  rm -rf "$work"
}
trap stop_all EXIT

typescript_project "$work"
cp -R Conformance/TypeScript/Generated "$work/app/Generated"
cp Tests/TypeScriptDelivery/*.ts Tests/TypeScriptDelivery/tsconfig.json "$work/app/"
(cd "$work/app" && tsc -p .)

if has_step conformance; then
  echo "== the delivery protocol's cases against the fake collector"
  (cd "$work/app" && node out/conformance.js "$root/Conformance/Delivery/cases.json" "$root/Conformance/Delivery/fake-collector.py")
fi

if has_step queue; then
  echo "== the Node file queue"
  (cd "$work/app" && node out/file-queue-test.js "$work/queue-test")
fi
