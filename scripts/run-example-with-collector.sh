#!/usr/bin/env bash
# Starts the local collector on a free port with the example app's contract,
# runs Examples/ShopApp against it, and checks what arrived: every event the
# app tracked, the broken one with its violations listed by the collector, the
# home screen's page views (one per visit, with time on screen) and the
# impressions carrying their visit's uniqueViewId.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh
source scripts/test-collector.sh

# The collector is its own package (Collector/), built on Hummingbird.
swift_build --package-path Collector --product tracking-collector
swift_build --package-path Examples/ShopApp

out=$(mktemp)
# With a write key, as a collector on a network would have: the app's provider sends it.
key_file=$(mktemp)
export COLLECTOR_WRITE_KEY="example-write-key-$RANDOM$RANDOM$RANDOM"
printf '%s\n' "$COLLECTOR_WRITE_KEY" >"$key_file"
trap 'stop_collector; rm -f "$out" "$key_file"' EXIT
start_collector "$out" Examples/ShopApp/Sources/ShopEvents/contract.yaml --write-key-file "$key_file"

swift run --skip-build --package-path Examples/ShopApp shop-app --collector "http://127.0.0.1:$port/v1/batch" 2>/dev/null

python3 - "$port" <<'PY'
import json, sys, urllib.error, urllib.request
port = sys.argv[1]
events = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/events?limit=100"))["events"]
names = sorted(e["event"] for e in events)
print("collector received:", ", ".join(names))
# The app tracks one addToCart twice with the same uuid, and both copies go in
# one batch: the collector stores it once (docs/wire-format.md, the answer).
expected = sorted(["homePageView", "homePageView", "productDetailPageView", "addToCart", "addToCart"]
                  + ["productImpression"] * 5)
assert names == expected, f"expected {expected}"
# Without the write key, a batch is refused (401): the app's events arrived because it sent the key.
try:
    urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{port}/v1/batch", data=b'{"sentAt":"x","events":[]}',
                                                  method="POST", headers={"Content-Type": "application/json"}))
    raise AssertionError("a batch without the write key was accepted")
except urllib.error.HTTPError as error:
    assert error.code == 401, error.code
print("collector refused a batch without the write key (401)")
stats = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/stats"))
assert stats["events"] == len(expected) == len(events), stats
print("collector stored the repeated addToCart once:", stats["events"], "events")
broken = [e for e in events if e["violations"]]
assert len(broken) == 1 and len(broken[0]["violations"]) == 3, broken
print("collector flagged:", "; ".join(str(v) for v in broken[0]["violations"]))

# Screens: two visits of home (the app went to the background in between), each
# with its own uniqueViewId and at least the 1.2 s it was shown; the impressions
# carry the id of the visit they were seen in.
payloads = [json.loads(e["payload"]) if isinstance(e["payload"], str) else e["payload"] for e in events]
home = sorted((p for p in payloads if p["event"] == "homePageView"), key=lambda p: p["clientTimestamp"])
assert [p.get("exitInteraction") for p in home] == ["background", "product_tap"], home
assert home[0]["uniqueViewId"] != home[1]["uniqueViewId"], home
assert all(p["secondsOnScreen"] >= 1.19 for p in home), home
seen = {}
for p in payloads:
    if p["event"] == "productImpression":
        seen.setdefault(p["uniqueViewId"], []).append(p["sku"])
assert sorted(seen.get(home[0]["uniqueViewId"], [])) == ["1234", "5678", "9012"], seen
assert sorted(seen.get(home[1]["uniqueViewId"], [])) == ["3456", "9012"], seen
for p in home:
    print(f"homePageView {p['uniqueViewId']}: {p['secondsOnScreen']:.3f} s on screen, exit {p['exitInteraction']},"
          f" impressions {sorted(seen[p['uniqueViewId']])}")
PY
echo "ok: the example app delivered every event to the collector, page views and impressions linked by visit"
