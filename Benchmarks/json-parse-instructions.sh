#!/usr/bin/env bash
# Instructions per JSONValue.parse of one event payload, at two commits of
# Sources/TrackingCore (docs/performance.md, "Peak memory under hostile input"):
#
#   Benchmarks/json-parse-instructions.sh OLD_REV [NEW_REV]    (NEW_REV: the working tree)
#
# The parser and what it needs (JSON*.swift, ISO8601Timestamp, UUID+LowercaseText)
# are compiled -O -wmo as a module `TrackingCore` of their own, and a probe in
# another module parses the payload N times (PARSES, 20000). valgrind's callgrind
# counts the instructions of N parses and of none; the difference / N is printed.
# Repeatable under load, unlike time. Scratch: Benchmarks/.build-json-parse/.
set -euo pipefail
cd "$(dirname "$0")/.."
old=${1:?old revision}
new=${2:-}
parses=${PARSES:-20000}
scratch=Benchmarks/.build-json-parse
files=(JSONParser.swift JSONValue.swift JSONValue+Access.swift JSONWriter.swift JSONWriter+FastPaths.swift
       ISO8601Timestamp.swift UUID+LowercaseText.swift)
rm -rf "$scratch"
mkdir -p "$scratch"
cat >"$scratch/main.swift" <<'SWIFT'
import TrackingCore
// A payload like the example contract's events: 18 values, 13 members, one nested object.
let payload = Array(#"{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"0b7e7c1e-2f7a-4b8e-9c1d-3e5f6a7b8c9d","clientTimestamp":"2026-11-22T12:00:00.000Z","viewType":"Wishlist","uniqueViewId":"00000000-0000-4000-8000-000000000001","skuItemList":["1234","5678"],"price":{"amount":12.5,"currency":"EUR"},"visible":true,"note":null,"sessionId":"s-1","appVersion":"4.2.0"}"#.utf8)
let n = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 0
var members = 0
for _ in 0..<n {
    if case .object(let m) = try! JSONValue.parse(payload) { members &+= m.count }
}
print(members)
SWIFT
count() {  # instructions of a run, from callgrind's summary
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : *//p'
}
for side in old new; do
  dir="$scratch/$side"
  mkdir -p "$dir"
  rev=$old; [ "$side" = new ] && rev=$new
  for file in "${files[@]}"; do
    if [ -n "$rev" ]; then git show "$rev:Sources/TrackingCore/$file" >"$dir/$file"; else cp "Sources/TrackingCore/$file" "$dir/"; fi
  done
  (cd "$dir" && swiftc -O -wmo -parse-as-library -module-name TrackingCore -emit-library -emit-module -static \
     "${files[@]}" -o libTrackingCore.a && swiftc -O -I . -L . -lTrackingCore ../main.swift -o probe)
  none=$(count "$dir/probe" 0)
  all=$(count "$dir/probe" "$parses")
  echo "$side (${rev:-working tree}): $(( (all - none) / parses )) instructions per parse ($parses parses)"
done
