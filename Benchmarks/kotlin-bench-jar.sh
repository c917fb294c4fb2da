# Sourced by the Kotlin benchmarks that run a program against the example
# contract: `kotlin_bench_jar PROGRAM.kt JAR` generates the example contract's
# Kotlin (package com.example.shop) and compiles it with the runtime and the
# program into one runnable jar.
kotlin_bench_jar() {
  local program=$1 jar=$2 generated
  generated=$(mktemp -d)
  swift build --product contractgen >/dev/null
  "$(swift build --show-bin-path)/contractgen" generate --target kotlin contract/contract.yaml --output "$generated" \
    --package com.example.shop >/dev/null 2>&1
  kotlinc -Werror -include-runtime -d "$jar" Runtimes/Kotlin/src/main/kotlin/io/contractgen/runtime/*.kt \
    "$generated"/*.kt "$program" 2>&1 | { grep -v -- '-Xverify:none and -noverify were deprecated' || true; }
  rm -rf "$generated"
}
