#!/usr/bin/env bash
# The parts of a generated module's debug build (docs/performance.md, "Build
# time of the generated module").
#
# Usage: Benchmarks/generated-build-parts.sh WORKDIR
#        ROUNDS=5 ...   (default 3)
#
# WORKDIR is a folder `generated-build-time.sh EVENTS FIELDS WORKDIR` made. A
# sibling package WORKDIR-as-generated is made (TrackingCore and the generated
# sources) and built once; then, ROUNDS times, it measures the CPU time (user +
# sys of `swift build` and every process it starts):
#   clean the module's build products removed, then `swift build --target Gen`
#         (as generated-build-time.sh's clean build; TrackingCore stays built)
#   one   the largest event shard touched, then the same build (a rebuild
#         after one shard changed)
#   iface the module interface job alone (SwiftPM's own command line, taken
#         from `swift build -v`), which runs on every rebuild
# and prints the minimum and the median of each.
set -euo pipefail
work=$(cd "${1:?usage: generated-build-parts.sh WORKDIR}" && pwd)
rounds=${ROUNDS:-3}

cpu() {  # cpu OUTFILE COMMAND...: runs COMMAND quietly, appends its user + sys
    local out=$1
    shift
    /usr/bin/time -o "$out.t" -f "%U %S" "$@" >/dev/null 2>&1
    awk '{ printf "%.2f\n", $1 + $2 }' "$out.t" >>"$out"
}
summary() {  # summary FILE: "min / median" (an even count's median: the mean of the middle two)
    sort -n "$1" | awk '{ v[NR] = $1 } END { printf "%.2f s / %.2f s", v[1], (v[int((NR + 1) / 2)] + v[int(NR / 2) + 1]) / 2 }'
}

pkg="$work-as-generated"
rm -rf "$pkg"
mkdir -p "$pkg/Sources"
cp "$work/Package.swift" "$pkg/"
cp -R "$work/Sources/TrackingCore" "$pkg/Sources/"
cp -R "$work/Sources/Gen" "$pkg/Sources/Gen"
cd "$pkg"
swift build --target Gen >/dev/null
shard=$(ls -S Sources/Gen/ContractEvents*.swift | sed -n 1p)
touch "$shard"
swift build --target Gen -v >build-v.log 2>&1
grep -- '-frontend -emit-module -experimental-skip' build-v.log >interface-job.sh
rm -f clean one iface
for _ in $(seq "$rounds"); do
    # The build description too, or SwiftPM would look for the module's
    # output file map instead of planning the module again.
    rm -rf .build/debug/Gen.build .build/debug/Modules/Gen.* .build/debug/description.json
    cpu clean swift build --target Gen
    touch "$shard"
    cpu one swift build --target Gen
    cpu iface bash interface-job.sh
done
echo "clean $(summary clean) | one $(summary one) | iface $(summary iface)   (min / median, CPU)"
