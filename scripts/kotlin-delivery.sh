#!/usr/bin/env bash
# The Kotlin runtime's persisted delivery (docs/kotlin.md, "Persisted
# delivery"), in one JVM jar compiled once (the runtime, the code generated for
# contract/contract.yaml, Tests/KotlinDelivery and Benchmarks/Kotlin/TrackBenchmark):
#  1. the file queue's checks (torn tail, damaged record, compaction, lock);
#  2. every case of Conformance/Delivery/cases.json against fake-collector.py;
#  3. against the real collector behind Conformance/Delivery/fault-proxy.py:
#     a refused connection then up, 404 then the right URL, 500s and a timeout,
#     413 splits, 401 then a new token, consent (no pii stored), the collector
#     stopped then started again (a second JVM delivers the first one's queue),
#     5 JVMs killed with -9 in the middle of a flush (the proxy answers 2 s
#     late), 3 killed while tracking and flushing without pause, then a last
#     one that drains the queue; every acknowledged event must be in the
#     collector's store exactly once.
# Fails (never skips) without kotlinc, java or python3. Usage: scripts/kotlin-delivery.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh
for tool in kotlinc java python3; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (scripts/install-test-deps.sh installs it)"; exit 1; }
done

swift_build --product contractgen
swift_build --package-path Collector --product tracking-collector
collector_bin="$(swift build --package-path Collector --show-bin-path)/tracking-collector"

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

"$(swift build --show-bin-path)/contractgen" generate --target kotlin contract/contract.yaml --output "$work/generated" \
  --package com.example.shop >/dev/null 2>&1

# One compile, kept by a hash of its sources (a rerun with the same sources compiles nothing).
sources=(Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime/*.kt "$work"/generated/*.kt Tests/KotlinDelivery/*.kt Benchmarks/Kotlin/TrackBenchmark.kt)
hash=$(cat "${sources[@]}" | sha256sum | cut -c1-16)
jar=".build/kotlin-delivery/$hash.jar"
if [ ! -f "$jar" ]; then
  mkdir -p .build/kotlin-delivery
  start=$SECONDS
  kotlinc -Werror -include-runtime -d "$work/delivery.jar" "${sources[@]}" 2>&1 \
    | { grep -v -- '-Xverify:none and -noverify were deprecated' || true; }
  [ -f "$work/delivery.jar" ] || { echo "FAIL: kotlinc did not compile the delivery tests"; exit 1; }
  mv "$work/delivery.jar" "$jar"
  echo "compiled the runtime and the delivery tests in $((SECONDS - start)) s"
fi
harness() { java -cp "$jar" io.contractgen.deliverytests.DeliveryHarness "$@"; }

echo "== the file queue"
harness queue-checks

echo "== the delivery protocol's cases (fake collector)"
harness conformance Conformance/Delivery/cases.json Conformance/Delivery/fake-collector.py

# http METHOD URL [BODY]: the answer's body; fails on an error status (python3: no curl needed).
http() {
  python3 -c 'import sys, urllib.request
data = sys.argv[3].encode() if len(sys.argv) > 3 else None
print(urllib.request.urlopen(urllib.request.Request(sys.argv[2], data=data, method=sys.argv[1]), timeout=10).read().decode())' "$@"
}

# A free port for the collector, kept across its restart.
collector_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
collector_pid=""
start_collector_at_port() {
  "$collector_bin" --port "$collector_port" --database "$work/store.sqlite" --contract contract/contract.yaml --show-pii \
    >>"$work/collector.log" 2>&1 &
  collector_pid=$!
  pids+=("$collector_pid")
  for _ in $(seq 1 1200); do
    http GET "http://127.0.0.1:$collector_port/events?limit=1" >/dev/null 2>&1 && return 0
    kill -0 "$collector_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "FAIL: the collector did not start"; cat "$work/collector.log"; exit 1
}
start_collector_at_port
collector="http://127.0.0.1:$collector_port"

python3 Conformance/Delivery/fault-proxy.py --upstream "$collector" >"$work/proxy.out" 2>"$work/proxy.err" &
pids+=($!)
for _ in $(seq 1 600); do grep -q '^port ' "$work/proxy.out" && break; sleep 0.1; done
proxy="http://127.0.0.1:$(sed -n 's/^port //p' "$work/proxy.out" | head -1)"
[ "$proxy" != "http://127.0.0.1:" ] || { echo "FAIL: the fault proxy did not start"; cat "$work/proxy.err"; exit 1; }
fault() { http POST "$proxy/_fault" "{\"mode\":\"$1\"}" >/dev/null; }

echo "== faults against the real collector"
harness faults "$proxy" "$work/expected-faults"
harness consent "$proxy/v1/batch"

echo "== the collector stopped, then started again"
kill "$collector_pid"; wait "$collector_pid" 2>/dev/null || true
harness track-while-down "$work/down-queue" "$proxy/v1/batch" 10 "$work/expected-down"
start_collector_at_port
harness drain "$work/down-queue" "$proxy/v1/batch"

echo "== kill -9 in the middle of a flush, 5 times"
fault slow
: >"$work/expected-killed"
for round in 1 2 3 4 5; do
  # java itself in the background (not the shell function), so that $! is the JVM that kill -9 hits.
  java -cp "$jar" io.contractgen.deliverytests.DeliveryHarness kill-round "$work/kill-queue" "$proxy/v1/batch" "$round" 20 \
    >"$work/round-$round.out" 2>&1 &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 1200); do
    [ "$(grep -c '^acked ' "$work/round-$round.out" || true)" -ge 20 ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  [ "$(grep -c '^acked ' "$work/round-$round.out" || true)" -ge 20 ] || { echo "FAIL: round $round did not persist its events"; cat "$work/round-$round.out"; exit 1; }
  harness lock-check "$work/kill-queue"
  # Somewhere in the flush: before, during or after the collector stored the batch, before its answer arrives.
  sleep "$(python3 -c "import random; print(round(random.uniform(0.2, 2.8), 2))")"
  kill -9 "$pid"; wait "$pid" 2>/dev/null || true
  grep '^acked ' "$work/round-$round.out" | cut -d' ' -f2 >>"$work/expected-killed"
  echo "round $round: $(grep -c '^acked ' "$work/round-$round.out") events acknowledged, killed"
done
echo "== kill -9 while tracking and flushing (in the middle of a write), 3 times"
for round in 6 7 8; do
  java -cp "$jar" io.contractgen.deliverytests.DeliveryHarness track-until-killed "$work/kill-queue" "$proxy/v1/batch" \
    >"$work/round-$round.out" 2>&1 &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 1200); do
    grep -q '^acked ' "$work/round-$round.out" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  grep -q '^acked ' "$work/round-$round.out" || { echo "FAIL: round $round persisted nothing"; cat "$work/round-$round.out"; exit 1; }
  sleep "$(python3 -c "import random; print(round(random.uniform(0.1, 1.5), 2))")"
  kill -9 "$pid"; wait "$pid" 2>/dev/null || true
  grep '^acked ' "$work/round-$round.out" | cut -d' ' -f2 >>"$work/expected-killed"
  echo "round $round: $(grep -c '^acked ' "$work/round-$round.out") events acknowledged, killed"
done
fault pass
harness drain "$work/kill-queue" "$proxy/v1/batch"

echo "== the collector's store"
python3 - "$collector" "$work/expected-faults" "$work/expected-down" "$work/expected-killed" <<'PY'
import collections, json, sys, urllib.request
collector, files = sys.argv[1], sys.argv[2:]
stored, offset = collections.Counter(), 0
while True:
    page = json.load(urllib.request.urlopen(f"{collector}/events?limit=1000&offset={offset}"))
    stored.update(event["uuid"] for event in page["events"])
    if not page["events"]:
        break
    offset += len(page["events"])
for name in files:
    expected = [line.strip() for line in open(name) if line.strip()]
    missing = [u for u in expected if stored[u] == 0]
    twice = [u for u in expected if stored[u] > 1]
    assert not missing, f"{name}: {len(missing)} of {len(expected)} acknowledged events are not in the store: {missing[:3]}"
    assert not twice, f"{name}: stored more than once: {twice[:3]}"
    print(f"{name.rsplit('/', 1)[-1]}: all {len(expected)} events stored exactly once")
requests = json.load(urllib.request.urlopen(f"{collector}/requests?limit=10000"))
print(f"the collector saw {len(requests)} batches and dropped {sum(r.get('duplicates', 0) for r in requests)} duplicates by uuid")
PY
echo "proxy: $(http GET "$proxy/_stats")"
echo "kotlin delivery: ok"
