#!/usr/bin/env bash
# PersistedCollectorSink.track on the caller's thread while flushes run
# against a loopback collector that answers each batch 50 ms late
# (docs/performance.md, "Kotlin delivery"). Not a test: it prints the median,
# p90, p99 and max per round. Usage: Benchmarks/kotlin-track.sh [rounds, 5] [events per round, 20000]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Benchmarks/kotlin-bench-jar.sh
kotlin_bench_jar Benchmarks/Kotlin/TrackBenchmark.kt "$work/bench.jar"
java -cp "$work/bench.jar" com.example.shop.bench.TrackBenchmark "${1:-5}" "${2:-20000}"
