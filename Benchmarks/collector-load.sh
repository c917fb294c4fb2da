#!/usr/bin/env bash
# The collector's numbers (issue 13; figures and method in docs/performance.md, "Collector"):
#
#   Benchmarks/collector-load.sh [sqlite] [postgres] [memory] [lists]    (all four by default)
#
# - sqlite:   events per second accepted with validation by one tracking-collector
#             with a SQLite file, and p99 answer latency, next to the same executable
#             started with --benchmark-sink (a hidden flag: POST /v1/batch answered 200
#             without reading the body, the limit of this HTTP stack and load);
# - postgres: the same with two instances sharing one PostgreSQL
#             (scripts/with-test-postgres.sh starts a throwaway cluster);
# - memory:   peak resident memory under the hostile inputs of issue 13;
# - lists:    peak resident memory answering the snapshot and /events over 10,000
#             events of 20 KB (issue 25), fast and slow readers.
#
# Load: wrk (Debian's; installed when missing) on loopback, POSTing prepared gzip
# batches of 100 events (CollectorLoad/make-batches.py; every event a uuid of its own,
# each batch sent at most once per round, so nothing is counted as a duplicate), from
# CollectorLoad/post-batch.lua. Bounded: ROUNDS (5) rounds of DURATION (8) seconds,
# CONNECTIONS (8) connections in all, BATCHES (20000) batches prepared (enough that
# no batch is sent twice in a round at 250,000 events/s).
#
# COLLECTOR=path skips the build (default: a release build of Collector/).
# BASELINE=path (another tracking-collector build, e.g. of the code before a change)
# runs that build instead of the sink in each round: the two back to back.
# BASELINE_ARGS adds arguments to the baseline's: what the arrival counts cost is
#   BASELINE="$COLLECTOR" BASELINE_ARGS=--benchmark-without-arrivals Benchmarks/collector-load.sh sqlite
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
here="$root/Benchmarks/CollectorLoad"

cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(sqlite postgres memory lists)

if ! command -v wrk >/dev/null; then
  echo "collector-load: installing wrk"
  apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }
fi

if [ -z "${COLLECTOR:-}" ]; then
  # The postgres case needs the package trait PostgreSQL (docs/collector.md).
  traits=()
  case " ${cases[*]} " in *" postgres "*) traits=(--traits PostgreSQL) ;; esac
  swift build -c release --package-path Collector --product tracking-collector "${traits[@]}" 2>&1 | tail -1
  COLLECTOR="$(swift build -c release --package-path Collector --show-bin-path)/tracking-collector"
fi
[ -x "$COLLECTOR" ] || { echo "collector-load: no executable at $COLLECTOR"; exit 1; }

work=$(mktemp -d /tmp/collector-load.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "collector-load: $(nproc) cores; $(uptime)"
case " ${cases[*]} " in
  *" sqlite "*|*" postgres "*) python3 "$here/make-batches.py" "$work/batches" "${BATCHES:-20000}" 100 ;;
esac

for case in "${cases[@]}"; do
  case "$case" in
    sqlite) python3 "$here/run.py" sqlite "$COLLECTOR" "$work/batches" ;;
    postgres) scripts/with-test-postgres.sh python3 "$here/run.py" postgres "$COLLECTOR" "$work/batches" ;;
    memory) python3 "$here/hostile.py" "$COLLECTOR" ;;
    lists) python3 "$here/list-memory.py" "$COLLECTOR" ;;
    *) echo "collector-load: unknown case $case (sqlite, postgres, memory, lists)"; exit 2 ;;
  esac
done
echo "collector-load: done; $(uptime)"
