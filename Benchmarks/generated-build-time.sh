#!/usr/bin/env bash
# Debug build time of a generated module (docs/performance.md "Build time of
# the generated module").
#
# Usage: Benchmarks/generated-build-time.sh EVENTS FIELDS [WORKDIR]
#        CONTRACTGEN=/path/to/other/contractgen ...   (compare another generator)
#        TRACKING_CORE=/path/to/its/Sources/TrackingCore ...   (and its runtime)
#
# Synthesizes a contract (synthesize-contract.py), generates it with the
# release `contractgen` of this checkout, and builds it as the only target of a
# scratch package next to a copy of TrackingCore (Foundation only, so no
# dependency has to be fetched). TrackingCore is built first (once per
# WORKDIR), then the generated module is built clean; then one event changes
# the way a contract edit changes it (it takes one more optional field), the
# module is generated again (only files whose bytes changed are rewritten) and
# built again. A WORKDIR can be reused for further rounds.
set -euo pipefail
events=${1:?events}
fields=${2:?fields}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${3:-$(mktemp -d)}
mkdir -p "$work/Sources/TrackingCore" "$work/Sources/Gen"
# -u: a reused WORKDIR keeps its built TrackingCore unless the sources changed.
cp -Ru "${TRACKING_CORE:-$root/Sources/TrackingCore}/." "$work/Sources/TrackingCore/"
cat > "$work/Package.swift" <<'PKG'
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "GeneratedBuildTime",
    targets: [
        .target(name: "TrackingCore"),
        .target(name: "Gen", dependencies: ["TrackingCore"]),
    ],
    swiftLanguageModes: [.v6]
)
PKG
python3 "$root/Benchmarks/synthesize-contract.py" --events "$events" --fields "$fields" > "$work/contract.yaml"
if [ -z "${CONTRACTGEN:-}" ]; then
    (cd "$root" && swift build -c release --product contractgen >/dev/null)
    CONTRACTGEN="$root/.build/release/contractgen"
fi
# A generator writes only its own files; another generator's leftovers go.
rm -f "$work"/Sources/Gen/*.swift
"$CONTRACTGEN" generate "$work/contract.yaml" --output "$work/Sources/Gen" >/dev/null 2>&1
echo "generated: $(ls "$work/Sources/Gen" | wc -l) files, $(du -sb "$work/Sources/Gen" | cut -f1) bytes"
cd "$work"
swift build --target TrackingCore >/dev/null
rm -rf .build/debug/Gen.build .build/debug/Modules/Gen.*
# Wall time depends on what else runs on the machine; the CPU time (user +
# sys of swift build and the compiler processes) much less, so both are printed.
/usr/bin/time -f "clean build of Gen: %e s wall, %U s user + %S s sys" swift build --target Gen >/dev/null
# One event changed: event1 takes one more optional field (one it does not
# carry yet), and the module is generated again.
python3 - contract.yaml <<'PY'
import re, sys
path = sys.argv[1]
lines = open(path).read().split("\n")
fields = [m.group(1) for m in (re.match(r"  (field\w+):", l) for l in lines) if m]
start = lines.index("  event1:")
end = start + 1
while end < len(lines) and lines[end].startswith("    "):
    end += 1
carried = set(re.findall(r"field\w+", "\n".join(lines[start:end])))
extra = next(f for f in fields if f not in carried)
for i in range(start, end):
    if lines[i].startswith("    optional: ["):
        lines[i] = lines[i].replace("[", "[" + extra + ", ", 1)
open(path, "w").write("\n".join(lines))
PY
touch .before-regenerate
sleep 1
"$CONTRACTGEN" generate contract.yaml --output Sources/Gen >/dev/null 2>&1
echo "rewritten: $(find Sources/Gen -newer .before-regenerate -name '*.swift' -printf '%f ' )"
/usr/bin/time -o .rebuild-time -f "one event changed: %e s wall, %U s user + %S s sys" \
    swift build --target Gen >.rebuild-output
# The files the rebuild compiled, as swift build names them ("Compiling Gen X.swift").
echo "recompiled: $(sed -n 's/.*Compiling Gen \(.*\)$/\1/p' .rebuild-output | tr '\n' ' ')"
cat .rebuild-time
