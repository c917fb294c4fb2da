#!/usr/bin/env bash
# The app developer's loop, end to end, on a copy of Examples/ShopApp:
#   1. build it as it is;
#   2. add an event and an optional field to its contract, call the new event's
#      function with the new field, build again: both exist;
#   3. shrink a copy of the contract: `contractgen generate`'s reviewed copy
#      loses the event shards it no longer fills, and keeps files not its own;
#   4. break the contract: the build fails and names contract.yaml:LINE:COL.
# Runs in CI; takes a couple of minutes (a fresh build of the copy).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
app="$work/ShopApp"
cp -R "$root/Examples/ShopApp" "$app"
rm -rf "$app/.build"
# The copy lives elsewhere: point its dependency at this checkout.
sed -i.bak "s|path: \"../..\"|path: \"$root\"|" "$app/Package.swift"
contract="$app/Sources/ShopEvents/contract.yaml"

source "$root/scripts/swift-build-retry.sh"
step() { printf '\n== %s\n' "$*"; }

step "build the example as it is"
swift_build --package-path "$app"

step "add an optional field and an event, use them"
cat >> "$contract" <<'YAML'
  wishlistAdd:
    kind: pageAction
    screen: productDetail
    description: Added by the contract-loop check.
    required: [sku]
    optional: [giftNote]
YAML
# A new curated field goes under `fields:`; insert it after the `fields:` line.
sed -i.bak 's|^fields:$|fields:\n  giftNote: { type: string, maxLength: 120 }|' "$contract"
cat > "$app/Sources/shop-app/LoopCheck.swift" <<'SWIFT'
import ShopEvents

/// Written by scripts/check-contract-loop.sh: uses the event and field the edit
/// added (the event's function, its `giftNote` parameter; the note read back
/// from what the event sends).
func loopCheck() -> String {
    let event: Shop.Events.PageAction = Shop.wishlistAdd(sku: "1234", giftNote: "for you")
    let note = (try? JSONValue.parse(event.encodedJSON()))?["giftNote"]?.stringValue
    return "\(event.eventName) \(note ?? "")"
}
SWIFT
echo 'print(loopCheck())' >> "$app/Sources/shop-app/main.swift"
swift_build --package-path "$app"
out=$(swift run --skip-build --package-path "$app" shop-app 2>&1)
echo "$out" | grep -q "wishlistAdd for you" || { echo "FAIL: the new event did not run"; echo "$out"; exit 1; }
echo "ok: the new event and field are usable"

step "grow the contract by 20 events: the next build compiles every one of them"
# (A plugin whose declared outputs followed the contract failed here: SwiftPM kept its build plan, so new shards
# were written but not compiled. GeneratedFileNames is a fixed list for that reason.)
for i in $(seq 1 20); do
  printf '  loopEvent%s:\n    kind: pageAction\n    screen: home\n    required: [sku]\n' "$i" >> "$contract"
done
cat >> "$app/Sources/shop-app/LoopCheck.swift" <<'SWIFT'

/// The last event the growth added, by its typed name and its function.
func loopCheckGrown() -> String {
    Shop.Events.loopEvent20.wireName + " " + Shop.loopEvent20(sku: "1234").eventName
}
SWIFT
echo 'print(loopCheckGrown())' >> "$app/Sources/shop-app/main.swift"
swift_build --package-path "$app"
out=$(swift run --skip-build --package-path "$app" shop-app 2>&1)
echo "$out" | grep -q "loopEvent20 loopEvent20" || { echo "FAIL: the grown contract's event did not run"; echo "$out"; exit 1; }
echo "ok: 25 events, every event usable"

step "shrink the contract: the reviewed copy loses the shards no event fills any more"
swift_build --package-path "$root" --product contractgen
contractgen="$(swift build --package-path "$root" --show-bin-path)/contractgen"
reviewed="$work/Reviewed"
"$contractgen" generate "$contract" --output "$reviewed" 2>/dev/null
grown=$(ls "$reviewed" | sort)
echo "// Not generated: stays." > "$reviewed/Notes.swift"
# The 20 events the growth added, 4 lines each, go again.
awk '/^  loopEvent[0-9]+:$/ { skip = 4 } skip > 0 { skip--; next } { print }' "$contract" > "$work/shrunk.yaml"
grep -q loopEvent "$work/shrunk.yaml" && { echo "FAIL: the shrunk contract still has loop events"; exit 1; }
"$contractgen" generate "$work/shrunk.yaml" --output "$reviewed" 2>/dev/null
"$contractgen" generate "$work/shrunk.yaml" --output "$work/Fresh" 2>/dev/null >/dev/null
shrunk=$(ls "$reviewed" | grep -vx Notes.swift | sort)
gone=$(comm -23 <(echo "$grown") <(echo "$shrunk"))
[ -n "$gone" ] || { echo "FAIL: no shard file went when 20 events did"; exit 1; }
[ "$shrunk" = "$(ls "$work/Fresh" | sort)" ] || { echo "FAIL: the shrunk copy is not what a fresh generate writes"; diff <(echo "$shrunk") <(ls "$work/Fresh"); exit 1; }
[ -f "$reviewed/Notes.swift" ] || { echo "FAIL: a file not generated was removed"; exit 1; }
"$contractgen" generate "$work/shrunk.yaml" --output "$reviewed" --check 2>/dev/null
echo "ok: $(echo "$grown" | wc -l) files, then $(echo "$shrunk" | wc -l); gone: $(echo $gone)"

step "break the contract: the build must fail at the contract's line"
sed -i.bak 's|required: \[sku\]$|required: [skuu]|' "$contract"
line=$(grep -n 'required: \[skuu\]' "$contract" | head -1 | cut -d: -f1)
if log=$(swift build --package-path "$app" 2>&1); then
  echo "FAIL: the build succeeded with a broken contract"; exit 1
fi
if ! echo "$log" | grep -qE "contract\.yaml:$line:[0-9]+: error: "; then
  echo "FAIL: no diagnostic at contract.yaml:$line"; echo "$log" | tail -20; exit 1
fi
echo "$log" | grep -E "contract\.yaml:$line:[0-9]+: error: " | head -2
echo "ok: the build fails with the contract's file and line"
