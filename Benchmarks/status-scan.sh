#!/bin/sh
# The status scan benchmark (issue 35, docs/status.md): writes a tree of
# 2,000 app source files (about 500,000 lines in Swift, TypeScript and
# Kotlin) on a generated contract, then times `contractgen status --format json`
# (the command as users run it: the contract loaded, the scan, the join, the
# report written) per language, with each language's roots as --source, and on
# all of them. The bar: under 10 s for all languages on a 2-core machine.
#
#   Benchmarks/status-scan.sh [rounds]     (needs python3, node, node-typescript)
#
# CONTRACTGEN=path skips the build (default: a release build of the root package's contractgen).
set -eu
cd "$(dirname "$0")"
tree="${TMPDIR:-/tmp}/contractgen-status-scan-tree"
rm -rf "$tree"
trap 'rm -rf "$tree"' EXIT
python3 synthesize-status-tree.py "$tree"
echo "tree: $(find "$tree" -type f -not -name contract.yaml | wc -l) files, $(cat $(find "$tree" -type f -not -name contract.yaml) | wc -l) lines (without the generated code)"
if [ -z "${CONTRACTGEN:-}" ]; then
  swift build -c release --package-path .. --product contractgen 2>&1 | tail -1
  CONTRACTGEN="$(swift build -c release --package-path .. --show-bin-path)/contractgen"
fi
# The generated code of each language, in its app's tree.
"$CONTRACTGEN" generate "$tree/contract.yaml" --output "$tree/ios/Sources/BenchTracking/Generated"
"$CONTRACTGEN" generate "$tree/contract.yaml" --target typescript --output "$tree/packages/tracking/src/Generated"
"$CONTRACTGEN" generate "$tree/contract.yaml" --target kotlin --package com.example.bench.events \
  --output "$tree/android/app/src/main/kotlin/com/example/bench/events"
# Each language's roots alone, then all: the best wall time of the rounds, with the
# files scanned and call sites found as the JSON report counts them.
python3 - "$CONTRACTGEN" "$tree" "${1:-3}" <<'PY'
import json, subprocess, sys, time
contractgen, tree, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
cases = [("swift", ["ios"]), ("typescript", ["web", "packages"]), ("kotlin", ["android"]),
         ("all", ["ios", "web", "packages", "android"])]
for name, roots in cases:
    command = [contractgen, "status", f"{tree}/contract.yaml", "--format", "json"]
    for root in roots:
        command += ["--source", f"{tree}/{root}"]
    best = None
    for _ in range(rounds):
        start = time.monotonic()
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
        elapsed = time.monotonic() - start
        if run.returncode != 0:
            sys.exit(f"status-scan: {' '.join(command)} exited {run.returncode}:\n{run.stderr.decode()[-2000:]}")
        best = elapsed if best is None else min(best, elapsed)
    report = json.loads(run.stdout)
    files = sum(report["scan"]["filesScanned"].values())
    sites = sum(len(event["calls"]) for event in report["events"])
    notes = report.get("notes") or []
    print(f"{name:11} {best:.2f} s  {files} files, {sites} call sites" + (f", notes: {notes}" if notes else ""), flush=True)
PY
