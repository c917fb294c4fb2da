#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ for a bounded time.
#   scripts/fuzz.sh <json|payload|pattern|contract|generate|all> [seconds per target, default 60]
#   scripts/fuzz.sh build      (only the build; CI starts it early, in the background)
# The targets run FUZZ_JOBS at a time (default: the number of cores), each on
# one core for its full time; their reports print in the list's order.
# Builds Fuzz/ in release with -sanitize=fuzzer, runs each target on its seed
# corpus (Fuzz/Corpus/<name>/, read only) plus a working corpus
# (Fuzz/.build/corpus/<name>/, kept between runs), and prints the executions
# and crashes per target. A crash leaves its input in Fuzz/.build/crashes/ and
# fails the script; turn it into a regression test in the root test suite.
# fuzz-generate type-checks its sample of generated code against the built
# TrackingCore; FUZZ_TYPECHECK=0 makes it only parse it (docs/fuzzing.md).
set -euo pipefail
cd "$(dirname "$0")/.."

which=${1:-all}
seconds=${2:-60}
targets=(json payload pattern contract generate)
if [ "$which" = build ]; then targets=()
elif [ "$which" != all ]; then targets=("$which"); fi
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "FUZZ_JOBS must be a positive number, not '$jobs'"; exit 2; }

for name in "${targets[@]}"; do
  [ -d "Fuzz/Sources/fuzz-$name" ] || { echo "no fuzz target '$name' (Fuzz/Sources/fuzz-$name)"; exit 2; }
done

# Fuzz/Package.swift compiles the root's CYAML, TrackingCore, CollectorResponses and ContractGenCore
# from their sources (Fuzz/Sources/Shared/); its copies of those targets must
# say what the root manifest says (dependencies, settings, resources...).
# The root's manifest is read with a scratch path of Fuzz/'s: the root's own
# .build is locked while a build or `swift test` runs there (CI runs this beside them).
python3 - <(swift package --scratch-path Fuzz/.build/root-manifest dump-package) <(swift package --package-path Fuzz dump-package) <<'PY'
import json, sys
def targets(path):
    return {t["name"]: t for t in json.load(open(path))["targets"]}
root, fuzz = targets(sys.argv[1]), targets(sys.argv[2])
keys = ("type", "dependencies", "settings", "resources", "exclude", "sources", "pkgConfig", "pluginUsages")
for name in ("CYAML", "TrackingCore", "CollectorResponses", "ContractGenCore"):
    for key in keys:
        if root[name].get(key) != fuzz[name].get(key):
            sys.exit(f"Fuzz/Package.swift: target {name} differs from the root manifest's in '{key}': "
                     f"{fuzz[name].get(key)!r}, the root says {root[name].get(key)!r}; make them the same")
PY

# -parse-as-library: the targets have no main; libFuzzer brings its own.
if ! build_log=$(swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1); then
  echo "$build_log" | grep -v '^\['
  echo "building Fuzz/ failed"
  exit 1
fi
bin=$(swift build -c release --package-path Fuzz --show-bin-path)
if [ "${FUZZ_TYPECHECK:-1}" = 1 ]; then export FUZZ_TYPECHECK_MODULES="$bin/Modules"; fi

if [ "$which" = build ]; then echo "built Fuzz/ ($bin)"; exit 0; fi

# One target's run; its output goes to its log, its exit status to $log.status.
run_target() {
  local name=$1 work="Fuzz/.build/corpus/$1" crashes="Fuzz/.build/crashes" log="Fuzz/.build/fuzz-$1.log"
  mkdir -p "$work" "$crashes"
  # Swift's own crash handler would take the signal before libFuzzer's, which
  # then neither reports the crash nor writes the input to $crashes.
  # fuzz-generate's sampled inputs include a swiftc run, slow under load: a longer timeout.
  local timeout=10
  if [ "$name" = generate ]; then timeout=60; fi
  local status=0
  SWIFT_BACKTRACE=enable=no "$bin/fuzz-$name" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$crashes/$name-" "$work" "Fuzz/Corpus/$name" >"$log" 2>&1 || status=$?
  echo "$status" >"$log.status"
}

# At most $jobs targets at once (libFuzzer runs one process per target, on one core).
running=0
for name in "${targets[@]}"; do
  rm -f "Fuzz/.build/fuzz-$name.log.status"
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
  run_target "$name" &
  running=$((running + 1))
done
wait

failed=0
for name in "${targets[@]}"; do
  crashes="Fuzz/.build/crashes"
  log="Fuzz/.build/fuzz-$name.log"
  status=$(cat "$log.status" 2>/dev/null || echo "?")
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  found=$(ls "$crashes" 2>/dev/null | grep -c "^$name-" || true)
  echo "fuzz-$name: $runs executions in ${seconds}s, exit $status, $found crash/timeout input(s) in $crashes"
  # A target's own summary line, if it prints one (fuzz-generate: valid contracts, swiftc runs).
  grep "^fuzz-$name: " "$log" | tail -1 | sed 's/^/  /' || true
  if [ "$status" != 0 ]; then
    failed=1
    grep -E 'ERROR|Fatal error|Precondition failed|Test unit written' "$log" | head -5
  fi
done
exit $failed
