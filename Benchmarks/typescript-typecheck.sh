#!/usr/bin/env bash
# tsc type-check time of the generated TypeScript for contracts of 100, 500
# and 2,000 events (Benchmarks/synthesize-contract.py), with the runtime's
# declarations: the time per event must not grow with the contract
# (docs/typescript.md, "Speed"). Prints the best of ROUNDS (3) runs per size.
# Needs tsc; uses .build's contractgen (CONTRACTGEN=path to choose another).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
contractgen=${CONTRACTGEN:-$(swift build --show-bin-path)/contractgen}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source scripts/typescript-project.sh
typescript_project "$work"
for events in 100 500 2000; do
  app="$work/app$events"
  cp -R "$work/app" "$app"
  python3 Benchmarks/synthesize-contract.py --events "$events" >"$app/contract.yaml"
  "$contractgen" generate --target typescript "$app/contract.yaml" --output "$app/Generated" >/dev/null 2>&1
  best=""
  for _ in $(seq "$rounds"); do
    start=$(date +%s%N)
    (cd "$app" && tsc -p . --noEmit)
    ms=$(( ($(date +%s%N) - start) / 1000000 ))
    [ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
  done
  echo "$events events: tsc ${best} ms ($(python3 -c "print(f'{$best / $events:.2f}')") ms per event)"
done
