#!/usr/bin/env bash
# The generated module's two build-time goals, checked (docs/performance.md,
# "Build time of the generated module"). Run by hand, on a quiet machine; not
# in CI and not in a timed test (wall time depends on the machine's load).
#
# Usage: Benchmarks/generated-build-goals.sh [WORKDIR]
#        ROUNDS=3 ...              (default 2; each round builds both modules)
#        OLD_COMMIT=<commit> ...   (default dd92ecb, the struct-per-event generator)
#        EVENTS=2000 FIELDS=500 ...  (default 500 events, 200 fields)
#
# For a contract of EVENTS events and FIELDS fields (synthesize-contract.py),
# each generator builds its module in its own package against its own
# TrackingCore (generated-build-time.sh): this checkout's generator, and the
# struct-per-event generator of OLD_COMMIT, exported from git into
# WORKDIR/old-src and built there once. Rounds alternate old, new. Both
# generators are debug builds: the generator's own speed is not measured.
#
# Goals (exit status 1 when one is missed):
#   rebuild  after one event gains a field, today's module rebuilds in under
#            REBUILD_GOAL seconds of wall time (default 3; the fastest round);
#            the regeneration must rewrite exactly one file (one event shard)
#            and the build recompile only that file.
#   clean    today's clean build is at least CLEAN_GOAL times cheaper in CPU
#            (user + sys of swift build and its compilers) than the old
#            generator's (default 4; by the minimums over the rounds).
# The load average is printed before and after: with other work on the
# machine the wall time is mostly waiting for a core, and the CPU ratio
# shrinks too (docs/performance-log.md, "Typed names for tests under load").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
rounds=${ROUNDS:-2}
old_commit=${OLD_COMMIT:-dd92ecb}
events=${EVENTS:-500}
fields=${FIELDS:-200}
rebuild_goal=${REBUILD_GOAL:-3}
clean_goal=${CLEAN_GOAL:-4}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd "$root" && swift build --product contractgen >/dev/null)
new_gen="$root/.build/debug/contractgen"
if [ ! -x "$work/old-src/.build/debug/contractgen" ]; then
    rm -rf "$work/old-src"
    mkdir -p "$work/old-src"
    git -C "$root" archive "$old_commit" | tar -x -C "$work/old-src"
    (cd "$work/old-src" && swift build --product contractgen >/dev/null)
fi
old_gen="$work/old-src/.build/debug/contractgen"

# One generated-build-time.sh run; its lines go to the log and the figures
# to WORKDIR/figures as "SIDE clean|rebuild WALL CPU".
measure() {  # measure SIDE GENERATOR TRACKINGCORE
    local side=$1 log="$work/$1.log"
    CONTRACTGEN=$2 TRACKING_CORE=$3 bash "$root/Benchmarks/generated-build-time.sh" \
        "$events" "$fields" "$work/$side" >"$log" 2>&1 || { cat "$log"; exit 2; }
    cat "$log"
    awk -v side="$side" '
        /^clean build of Gen:/ { printf "%s clean %s %.2f\n", side, $5, $8 + $12 }
        /^one event changed:/ { printf "%s rebuild %s %.2f\n", side, $4, $7 + $11 }
    ' "$log" >>"$work/figures"
    if [ "$side" = new ]; then
        # The rebuild's width, which no load changes: one file rewritten, one compiled.
        rewritten=$(sed -n 's/^rewritten: //p' "$log" | wc -w)
        recompiled=$(sed -n 's/^recompiled: //p' "$log" | wc -w)
        echo "$rewritten $recompiled" >>"$work/widths"
    fi
}

rm -f "$work/figures" "$work/widths"
for round in $(seq "$rounds"); do
    echo "round $round, struct per event ($old_commit):"
    measure old "$old_gen" "$work/old-src/Sources/TrackingCore"
    echo "round $round, today:"
    measure new "$new_gen" "$root/Sources/TrackingCore"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"

min() {  # min SIDE WHAT COLUMN
    awk -v s="$1" -v w="$2" -v c="$3" '$1 == s && $2 == w { if (m == "" || $c < m) m = $c } END { print m }' "$work/figures"
}
old_clean=$(min old clean 4)
new_clean=$(min new clean 4)
new_rebuild=$(min new rebuild 3)
ratio=$(awk -v o="$old_clean" -v n="$new_clean" 'BEGIN { printf "%.2f", o / n }')
status=0
echo "clean build, CPU (min): struct per event $old_clean s, today $new_clean s: ${ratio}x cheaper (goal: ${clean_goal}x)"
if ! awk -v r="$ratio" -v g="$clean_goal" 'BEGIN { exit !(r >= g) }'; then
    echo "MISSED: the clean build is not ${clean_goal}x cheaper in CPU"
    status=1
fi
echo "rebuild after one event gains a field, wall (min): $new_rebuild s (goal: under $rebuild_goal s)"
if ! awk -v t="$new_rebuild" -v g="$rebuild_goal" 'BEGIN { exit !(t < g) }'; then
    echo "MISSED: the rebuild takes $rebuild_goal s or more"
    status=1
fi
while read -r rewritten recompiled; do
    if [ "$rewritten" != 1 ] || [ "$recompiled" != 1 ]; then
        echo "MISSED: one event gaining a field rewrote $rewritten files and recompiled $recompiled (1 and 1 expected)"
        status=1
    fi
done <"$work/widths"
exit "$status"
