#!/usr/bin/env bash
# Making, checking and encoding one event on the JVM with the generated Kotlin
# against a hand-written StringBuilder encoder of it (docs/performance.md,
# "Kotlin target"). Usage: Benchmarks/kotlin-encode.sh [rounds, 41]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Benchmarks/kotlin-bench-jar.sh
kotlin_bench_jar Benchmarks/Kotlin/EncodeBenchmark.kt "$work/bench.jar"
java -cp "$work/bench.jar" com.example.shop.bench.EncodeBenchmark "${1:-41}"
