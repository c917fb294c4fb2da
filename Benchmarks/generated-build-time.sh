#!/usr/bin/env bash
# Debug build time of a generated module (issue 3, docs/performance.md "Generation").
#
# Usage: Benchmarks/generated-build-time.sh EVENTS FIELDS [WORKDIR]
#        CONTRACTGEN=/path/to/other/contractgen ...   (compare another generator)
#
# Synthesizes a contract (synthesize-contract.py), generates it with the
# release `contractgen` of this checkout, and builds it as the only target of a
# scratch package next to a copy of TrackingCore (Foundation only, so no
# dependency has to be fetched). TrackingCore is built first, then the
# generated module is built clean, then again after one event shard changed.
set -euo pipefail
events=${1:?events}
fields=${2:?fields}
root=$(cd "$(dirname "$0")/.." && pwd)
work=${3:-$(mktemp -d)}
mkdir -p "$work/Sources/TrackingCore" "$work/Sources/Gen"
cp "$root"/Sources/TrackingCore/*.swift "$work/Sources/TrackingCore/"
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
"$CONTRACTGEN" generate "$work/contract.yaml" --output "$work/Sources/Gen" >/dev/null
echo "generated: $(du -sb "$work/Sources/Gen" | cut -f1) bytes"
cd "$work"
swift build --target TrackingCore >/dev/null
rm -rf .build/debug/Gen.build .build/debug/Modules/Gen.*
# Wall time depends on what else runs on the machine; the CPU time (user +
# sys of the compiler processes) much less, so both are printed.
/usr/bin/time -f "clean build of Gen: %e s wall, %U s user + %S s sys" swift build --target Gen >/dev/null
# One shard changed: append a comment to a file, as adding an event rewrites one shard.
echo "// touched" >> Sources/Gen/ContractEvents3.swift
/usr/bin/time -f "one shard changed: %e s wall, %U s user + %S s sys" swift build --target Gen >/dev/null
