#!/usr/bin/env bash
# Making, checking and encoding one event on the JVM with the generated Kotlin
# against a hand-written StringBuilder encoder of it (docs/performance.md,
# "Kotlin target"). Usage: Benchmarks/kotlin-encode.sh [rounds, 41]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --product contractgen >/dev/null
"$(swift build --show-bin-path)/contractgen" generate --target kotlin contract/contract.yaml --output "$work/generated" \
  --package com.example.shop >/dev/null 2>&1
kotlinc -Werror -include-runtime -d "$work/bench.jar" Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime/*.kt \
  "$work"/generated/*.kt Benchmarks/Kotlin/EncodeBenchmark.kt 2>&1 | { grep -v -- '-Xverify:none and -noverify were deprecated' || true; }
java -cp "$work/bench.jar" com.example.shop.bench.EncodeBenchmark "${1:-41}"
