#!/bin/bash
# Runs the same probes of two builds alternately (OLD then NEW, ROUNDS times),
# each line prefixed with the load average read just before it
# (docs/performance-log.md, "Issue 10, back to back with the code before it").
#
#   OLD=../old/Benchmarks/.build/release NEW=Benchmarks/.build/release \
#     ROUNDS=5 Benchmarks/back-to-back.sh "PersistProbe rawc 10" "PersistProbe client 10"
set -u
: "${OLD:?directory of the old build's probes}" "${NEW:?directory of the new build's probes}"
ROUNDS=${ROUNDS:-5}
for i in $(seq 1 "$ROUNDS"); do
  for side in OLD NEW; do
    dir=$OLD; [ "$side" = NEW ] && dir=$NEW
    for probe in "$@"; do
      load=$(cut -d' ' -f1-3 /proc/loadavg)
      # shellcheck disable=SC2086 # the probe's arguments are meant to split
      echo "[$side round $i] load $load :: $("$dir"/$probe 2>&1 | tr '\n' ' ')"
    done
  done
done
