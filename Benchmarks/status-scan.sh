#!/bin/sh
# The status scan benchmark (issue 35, docs/status.md): writes a tree of
# 2,000 app source files (about 500,000 lines in Swift, TypeScript and
# Kotlin) on a generated contract, then times the call-site scan per language
# and in all. The bar: under 10 s for all languages on a 2-core machine.
#
#   Benchmarks/status-scan.sh [rounds]     (needs python3, node, node-typescript)
set -eu
cd "$(dirname "$0")"
tree="${TMPDIR:-/tmp}/contractgen-status-scan-tree"
rm -rf "$tree"
python3 synthesize-status-tree.py "$tree"
echo "tree: $(find "$tree" -type f -not -name contract.yaml | wc -l) files, $(cat $(find "$tree" -type f -not -name contract.yaml) | wc -l) lines (before generation)"
swift build -c release --product StatusScanBenchmark
"$(swift build -c release --show-bin-path)/StatusScanBenchmark" "$tree" "${1:-3}"
rm -rf "$tree"
