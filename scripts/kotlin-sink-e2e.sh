#!/usr/bin/env bash
# The Kotlin target end to end (docs/kotlin.md, "Test"): generates Kotlin for
# contract/contract.yaml, compiles it with the runtime and Examples/KotlinSink
# (kotlinc -Werror), starts the real collector, and has the JVM program send
# one event of every event of the contract through CollectorSink. Each stored
# payload must be, byte for byte, the Swift golden of the same event
# (Tests/ContractGenCoreTests/Goldens/Events, Swift's encodedJSON() for the
# same arguments) with its uuid and the globals the program set.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh
source scripts/test-collector.sh

swift_build --product contractgen
swift_build --package-path Collector --product tracking-collector

work=$(mktemp -d)
out="$work/collector.log"
key_file="$work/key"
trap 'stop_collector; rm -rf "$work"' EXIT

"$(swift build --show-bin-path)/contractgen" generate --target kotlin contract/contract.yaml --output "$work/generated" \
  --package com.example.shop >/dev/null
kotlinc -Werror -include-runtime -d "$work/sink.jar" Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime/*.kt \
  "$work"/generated/*.kt Examples/KotlinSink/SinkMain.kt 2>&1 | { grep -v -- '-Xverify:none and -noverify were deprecated' || true; }
[ -f "$work/sink.jar" ] || { echo "FAIL: kotlinc did not compile the sink program"; exit 1; }

printf 'kotlin-e2e-key-%s%s\n' "$RANDOM" "$RANDOM" >"$key_file"
# --show-pii: /events shows payloads as stored (searchQuery is pii), so the bytes can be compared.
start_collector "$out" contract/contract.yaml --write-key-file "$key_file" --show-pii

java -cp "$work/sink.jar" com.example.shop.sink.SinkMain "http://127.0.0.1:$port/v1/batch" "$(cat "$key_file")"

python3 - "$port" <<'PY'
import json, sys, urllib.request
port = sys.argv[1]
raw = urllib.request.urlopen(f"http://127.0.0.1:{port}/events?limit=100").read().decode("utf-8")
# /events writes each stored payload as raw JSON: cut out its exact text.
decoder, stored, at = json.JSONDecoder(), {}, 0
while (at := raw.find('"payload":', at)) >= 0:
    start = at + len('"payload":')
    value, end = decoder.raw_decode(raw, start)
    stored[value["event"]] = raw[start:end]
    at = end
order = ["wishlistPageView", "messageCentrePageView", "productDetailPageView", "searchResultsPageView", "addToBag",
         "bagPageView", "applyPromocode", "appBoot", "productImpression"]
globals_text = ',"appVersion":"4.2.0","osVersion":"Android 14","deviceModel":"unknown","sessionId":"00000000-0000-4000-8000-0000000000aa"}'
assert sorted(stored) == sorted(order), f"stored {sorted(stored)}"
for n, name in enumerate(order, start=1):
    golden = open(f"Tests/ContractGenCoreTests/Goldens/Events/{name}.json", encoding="utf-8").read().rstrip("\n")
    swift = golden.replace("5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f6", f"5f0c6e1a-2b3c-4d5e-8f90-a1b2c3d4e5f{n}")
    expected = swift[:-1] + globals_text
    assert stored[name].encode("utf-8") == expected.encode("utf-8"), f"{name}:\n stored   {stored[name]}\n expected {expected}"
print(f"collector stored all {len(order)} events from the JVM with the Swift goldens' bytes (globals appended)")
PY
