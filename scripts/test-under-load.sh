#!/usr/bin/env bash
# The proof that the test suite does not depend on the machine being idle:
# runs `swift test` RUNS times in a row (3 by default) while another Swift
# package builds from clean beside it, over and over (`rm -rf .build; swift build`
# in a loop). A busy loop does not reproduce what a parallel build does to the
# tests (it competes for the cores, the disk and memory at once); a build does.
#
#   scripts/test-under-load.sh [swift test arguments...]
#
# RUNS          how many `swift test` runs (default 3); all run, whatever fails.
# LOAD_PACKAGE  the package built in the background: a directory or a git
#               repository, copied to a temporary directory first (default:
#               swift-argument-parser from /opt/swift-packages, else the copy
#               in .build/checkouts, which the first build below resolves).
# LOG_DIR       where each run's output goes (default .build/test-under-load).
#
# The tests are built first, without the load, so the runs time the tests.
# The background build is stopped at the end whatever happens (failure,
# Ctrl-C, kill), with everything it started. Exits non-zero if any run failed
# (or if the background build never got going, which would prove nothing).
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-3}
log_dir=${LOG_DIR:-.build/test-under-load}
mkdir -p "$log_dir"
work=$(mktemp -d "${TMPDIR:-/tmp}/test-under-load.XXXXXX")
load_pid=""

stop_load() {
  if [ -n "$load_pid" ]; then
    # The loop interrupts its `swift build`, which stops its compilers (they run
    # in process groups of their own, out of reach of a signal to the loop's).
    kill -TERM "$load_pid" 2>/dev/null
    wait "$load_pid" 2>/dev/null
    # Then whatever still runs from the copy, by pid (the path is this run's
    # own temporary directory, so nothing else matches it): a few seconds'
    # grace, then SIGKILL.
    for _ in 1 2 3 4 5 6 7 8 9 10; do
      pgrep -f -- "$work/load/" >/dev/null 2>&1 || break
      sleep 1
    done
    for pid in $(pgrep -f -- "$work/load/" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null; done
    load_pid=""
  fi
}
finish() {
  stop_load
  rm -rf "$work"
  # SwiftPM's lock files for the copy's build directory, named after its path.
  lock_stem=$(printf '%s' "$work/load/.build" | tr / _)
  rm -f "${TMPDIR:-/tmp}/$lock_stem".lock "${TMPDIR:-/tmp}/$lock_stem"_*.lock
}
trap finish EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "== building the tests (no load yet)"
source scripts/swift-build-retry.sh
swift_build --build-tests || { echo "the build failed: nothing to test"; exit 1; }

source_package=${LOAD_PACKAGE:-}
if [ -z "$source_package" ]; then
  for candidate in /opt/swift-packages/apple/swift-argument-parser.git .build/checkouts/swift-argument-parser; do
    if [ -e "$candidate" ]; then source_package=$candidate; break; fi
  done
fi
[ -n "$source_package" ] && [ -e "$source_package" ] || { echo "no package to build in the background (set LOAD_PACKAGE)"; exit 1; }
if [ -d "$source_package/.git" ] || git -C "$source_package" rev-parse --is-bare-repository 2>/dev/null | grep -q true; then
  git clone --quiet "$source_package" "$work/load" || exit 1
else
  cp -R "$source_package" "$work/load" || exit 1
fi
rm -rf "$work/load/.build"

echo "== background load: swift build from clean, over and over, of $source_package"
# setsid: the loop leads a process group of its own, so stopping it stops the
# compilers of the build it is running too (and nothing else).
setsid bash -c '
  cd "$1" || exit 1
  build=""
  # On TERM: interrupt the build (SwiftPM then stops its compilers) and end.
  trap "[ -n \"\$build\" ] && kill -INT \"\$build\" 2>/dev/null; exit 0" TERM
  n=0
  done_count=0
  while true; do
    n=$((n + 1))
    echo "$n" > "$2/load-builds-started"
    rm -rf .build
    swift build > "$2/load-build.log" 2>&1 &
    build=$!
    if wait "$build"; then
      done_count=$((done_count + 1))
      echo "$done_count" > "$2/load-builds-finished"
    else
      # A build that cannot succeed is no load: say so, and do not spin.
      cp "$2/load-build.log" "$2/load-build-failed.log"
      sleep 5
    fi
  done
' load-loop "$work/load" "$work" &
load_pid=$!

failed=0
summary=()
for run in $(seq 1 "$runs"); do
  log="$log_dir/run-$run.log"
  echo "== swift test, run $run of $runs (log: $log)"
  start=$(date +%s)
  swift test "$@" > "$log" 2>&1
  status=$?
  seconds=$(( $(date +%s) - start ))
  builds=$(cat "$work/load-builds-started" 2>/dev/null || echo 0)
  if [ "$status" -eq 0 ]; then
    line="run $run: passed in ${seconds} s (background builds started so far: $builds)"
  else
    failed=1
    line="run $run: FAILED (exit $status) after ${seconds} s (background builds started so far: $builds)"
    grep -E "✘|error:|failed" "$log" | head -40
  fi
  echo "$line"
  summary+=("$line")
done

builds=$(cat "$work/load-builds-started" 2>/dev/null || echo 0)
finished=$(cat "$work/load-builds-finished" 2>/dev/null || echo 0)
stop_load
echo "== summary"
printf '%s\n' "${summary[@]}"
echo "background builds: $builds started, $finished finished"
if [ -f "$work/load-build-failed.log" ]; then
  echo "a background build failed (so the load was lighter than meant):"
  tail -20 "$work/load-build-failed.log"
  failed=1
elif [ "$builds" -lt 1 ]; then
  echo "the background build never started: this run proves nothing"
  failed=1
fi
exit "$failed"
