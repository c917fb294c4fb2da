#!/usr/bin/env bash
# The `contractgen` command plugin in an app package (Examples/ShopApp, built
# by the steps before): `swift package contractgen validate|diff` runs the
# contractgen the build plugin built (the host tool, `contractgen-tool`), and
# builds no second generator, which `swift run contractgen` would (README,
# "Validate and diff from your app package").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
source scripts/swift-build-retry.sh
app=Examples/ShopApp
bin="$app/.build/x86_64-unknown-linux-gnu/debug"
[ -d "$bin" ] || bin="$app/.build/$(uname -m)-unknown-linux-gnu/debug"

swift_build --package-path "$app"
[ -x "$bin/contractgen-tool" ] || { echo "the build plugin's tool is not at $bin/contractgen-tool"; exit 1; }
[ ! -e "$bin/contractgen" ] || { echo "$bin/contractgen exists before the command plugin ran: this check would prove nothing"; exit 1; }

out=$(swift package --package-path "$app" contractgen validate Sources/ShopEvents/contract.yaml 2>&1)
echo "$out" | tail -2
echo "$out" | grep -q "Sources/ShopEvents/contract.yaml: valid" \
  || { echo "the command plugin did not validate the contract:"; echo "$out"; exit 1; }
[ ! -e "$bin/contractgen" ] || { echo "the command plugin built a second contractgen ($bin/contractgen):"; echo "$out"; exit 1; }
if echo "$out" | grep -q "Compiling ContractGenCore"; then
  echo "the command plugin compiled the generator again:"; echo "$out"; exit 1
fi

# A failing gate fails the command: the contract against itself with a version that went back.
broken=$(mktemp -d)
trap 'rm -rf "$broken"' EXIT
sed 's/^version: .*/version: 0.0.1/' "$app/Sources/ShopEvents/contract.yaml" >"$broken/older.yaml"
if diff_out=$(swift package --package-path "$app" contractgen diff Sources/ShopEvents/contract.yaml "$broken/older.yaml" --check-version 2>&1); then
  echo "diff --check-version through the command plugin exited 0 for a version that went back:"; echo "$diff_out"; exit 1
fi
echo "$diff_out" | grep -q "gate: fails, exit 1: version 0.0.1 is not enough (--check-version)" \
  || { echo "diff through the command plugin failed, but not for its gate:"; echo "$diff_out"; exit 1; }
echo "swift package contractgen: validate and diff with the build plugin's contractgen, no second build"
