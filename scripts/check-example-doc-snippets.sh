#!/usr/bin/env bash
# The doc snippets that import Examples/ShopApp's generated modules (ShopEvents),
# type-checked against them: builds the example (with its tests, as
# TrackingTesting's snippets need) and the root package's documentation tests,
# then runs ExampleDocumentationCompilesTests with the example's modules named.
# `swift test` alone builds no package inside a test (a test must not fail
# because the machine is slow); CI runs this after the example's own steps,
# so the example's build here is incremental.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh

swift_build --package-path Examples/ShopApp --build-tests
swift_build --build-tests
modules="$root/Examples/ShopApp/.build/debug/Modules"
[ -e "$modules/ShopEvents.swiftmodule" ] || { echo "no ShopEvents module in $modules"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
DOC_SNIPPETS_EXAMPLE_MODULES="$modules" swift test --skip-build --filter ExampleDocumentationCompilesTests 2>&1 | tee "$log" | tail -3
# The suite is enabled by the variable: make sure it ran, rather than passed by being left out.
grep -q 'Test "Every Swift block of README.md and docs/\*.md that imports the example compiles" passed' "$log" \
  || { echo "ExampleDocumentationCompilesTests did not run and pass:"; cat "$log"; exit 1; }
