#!/usr/bin/env bash
# kotlinc's time for the Kotlin generated from synthesized contracts of 100
# and 500 events (docs/performance.md, "Kotlin"): the runtime is compiled
# once to a jar first, so each figure is the generated code alone.
# Usage: Benchmarks/kotlin-compile-time.sh [events…]   (default: 100 500)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product contractgen >/dev/null
contractgen="$(swift build --show-bin-path)/contractgen"
quiet() { { grep -v -- '-Xverify:none and -noverify were deprecated' || true; }; }
kotlinc -Werror -d "$work/runtime.jar" Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime/*.kt 2>&1 | quiet
for events in "${@:-100 500}"; do
  for n in $events; do
    fields=$(( n / 10 > 20 ? n / 10 : 20 ))
    python3 Benchmarks/synthesize-contract.py --events "$n" --fields "$fields" >"$work/c$n.yaml"
    "$contractgen" generate --target kotlin "$work/c$n.yaml" --output "$work/g$n" >/dev/null 2>&1
    bytes=$(cat "$work/g$n"/*.kt | wc -c)
    start=$(date +%s.%N)
    kotlinc -Werror -cp "$work/runtime.jar" -d "$work/o$n" "$work/g$n"/*.kt 2>&1 | quiet
    end=$(date +%s.%N)
    printf '%5d events  %9d bytes of Kotlin  kotlinc %6.1f s\n' "$n" "$bytes" "$(echo "$end - $start" | bc)"
  done
done
