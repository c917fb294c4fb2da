#!/usr/bin/env bash
# Runs the libFuzzer targets of Fuzz/ for a bounded time.
#   scripts/fuzz.sh <json|payload|pattern|contract|generate|all> [seconds per target, default 60]
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
if [ "$which" != all ]; then targets=("$which"); fi

for name in "${targets[@]}"; do
  [ -d "Fuzz/Sources/fuzz-$name" ] || { echo "no fuzz target '$name' (Fuzz/Sources/fuzz-$name)"; exit 2; }
done

# -parse-as-library: the targets have no main; libFuzzer brings its own.
# SwiftPM also builds the root package's plugin tool (contractgen-tool) with
# these flags, whose link then fails (its main and libFuzzer's) with a gold
# "internal error"; nothing here uses that tool, and the build succeeds.
if ! build_log=$(swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1); then
  echo "$build_log" | grep -v '^\['
  echo "building Fuzz/ failed"
  exit 1
fi
bin=$(swift build -c release --package-path Fuzz --show-bin-path)
if [ "${FUZZ_TYPECHECK:-1}" = 1 ]; then export FUZZ_TYPECHECK_MODULES="$bin/Modules"; fi

failed=0
for name in "${targets[@]}"; do
  work="Fuzz/.build/corpus/$name"
  crashes="Fuzz/.build/crashes"
  mkdir -p "$work" "$crashes"
  log="Fuzz/.build/fuzz-$name.log"
  set +e
  # Swift's own crash handler would take the signal before libFuzzer's, which
  # then neither reports the crash nor writes the input to $crashes.
  # fuzz-generate's sampled inputs include a swiftc run, slow under load: a longer timeout.
  timeout=10
  if [ "$name" = generate ]; then timeout=60; fi
  SWIFT_BACKTRACE=enable=no "$bin/fuzz-$name" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$crashes/$name-" "$work" "Fuzz/Corpus/$name" >"$log" 2>&1
  status=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  found=$(ls "$crashes" 2>/dev/null | grep -c "^$name-" || true)
  echo "fuzz-$name: $runs executions in ${seconds}s, exit $status, $found crash/timeout input(s) in $crashes"
  # A target's own summary line, if it prints one (fuzz-generate: valid contracts, swiftc runs).
  grep "^fuzz-$name: " "$log" | tail -1 | sed 's/^/  /' || true
  if [ "$status" -ne 0 ]; then
    failed=1
    grep -E 'ERROR|Fatal error|Precondition failed|Test unit written' "$log" | head -5
  fi
done
exit $failed
