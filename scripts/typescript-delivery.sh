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

# start_proxy LOG: the fault proxy in front of the collector on $port; sets $proxy and $proxy_port.
start_proxy() {
  python3 Conformance/Delivery/fault-proxy.py --upstream "http://127.0.0.1:$port" >"$1" 2>&1 &
  proxy=$!
  proxy_port=""
  for _ in $(seq 1 600); do
    proxy_port=$(grep -so '^port [0-9]*' "$1" | head -1 | cut -d' ' -f2 || true)
    [ -n "$proxy_port" ] && break
    kill -0 "$proxy" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$proxy_port" ] || { echo "FAIL: the fault proxy did not start"; cat "$1"; exit 1; }
}

if has_step faults || has_step kill || has_step browser; then
  swift_build --package-path Collector --product tracking-collector
fi

if has_step faults || has_step kill; then
  start_collector "$work/collector.log" Conformance/contract.yaml
  start_proxy "$work/proxy.log"
  for step in faults kill; do
    has_step "$step" || continue
    echo "== $step against the real collector behind the fault proxy"
    (cd "$work/app" && node out/faults.js "http://127.0.0.1:$port" "http://127.0.0.1:$proxy_port" "$work" "$step")
  done
  kill "$proxy" 2>/dev/null || true; wait "$proxy" 2>/dev/null || true; proxy=""
  stop_collector; collector=""
fi

if has_step browser; then
  echo "== the browser: IndexedDB queue, reloads with the collector down and mid-flush, pagehide"
  cp Tests/TypeScriptDelivery/page.html "$work/app/"
  page_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  start_collector "$work/collector-browser.log" Conformance/contract.yaml --allow-origin "http://127.0.0.1:$page_port"
  start_proxy "$work/proxy-browser.log"
  timeout 600 /usr/bin/python3 Tests/TypeScriptDelivery/browser_test.py "$work" "$page_port" "http://127.0.0.1:$proxy_port" "http://127.0.0.1:$port"
fi
echo "typescript-delivery: passed"
