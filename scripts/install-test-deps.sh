#!/usr/bin/env bash
# Installs the Debian packages the tests need, when missing (idempotent: a
# machine that has them all runs no apt-get at all). .ci/run calls it.
# One `want` line per package, with the tests that need it, so that additions
# from different branches merge cleanly.
set -euo pipefail

need=()
want() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" || need+=("$1"); }

want python3-jsonschema   # SchemaAgreementTests: the independent JSON Schema validator
want chromium             # CatalogueBrowserTests: the catalogue in a headless browser
want chromium-driver      # CatalogueBrowserTests
want python3-selenium     # CatalogueBrowserTests: drives chromium-driver
want node-typescript      # TypeScriptTargetTests: tsc --strict on the generated code and the runtime
want nodejs               # TypeScriptTargetTests: the conformance corpus under Node
want postgresql           # Collector/ PostgresTests: a throwaway cluster (scripts/with-test-postgres.sh)
want kotlin               # Kotlin*Tests: kotlinc compiles the Kotlin runtime and generated code
want openjdk-17-jdk-headless  # Kotlin*Tests: java runs them, javac compiles the Java caller
want rollup               # scripts/npm-packages-test.sh: the contractgen/rollup plugin under Debian's rollup 3
command -v npm >/dev/null 2>&1 || want npm  # scripts/npm-packages-test.sh: npm pack, npm install --offline (NodeSource's nodejs has its own npm, which Debian's npm would conflict with)
want debootstrap           # scripts/test-static-contractgen.sh: a minimal Debian root without Swift

if [ ${#need[@]} -gt 0 ]; then
  echo "installing ${need[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi
