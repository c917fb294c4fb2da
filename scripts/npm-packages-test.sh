#!/usr/bin/env bash
# The npm packages as a web team gets them (docs/npm.md), offline:
#  1. packs them (scripts/npm-pack.sh: contractgen, @contractgen/cli-linux-x64
#     with the executable, @contractgen/runtime) and installs the three
#     tarballs into a fresh web project with `npm install --offline`, an empty
#     npm cache and an unreachable registry;
#  2. `npx contractgen generate`, no flags, reads the project file
#     (contractgen.yaml) and writes the TypeScript; `--check` passes, fails
#     (exit 1, naming `contractgen generate`) once the output is tampered
#     with; an app using the code and the
#     runtime (through the package's exports) compiles with tsc --strict and
#     runs under Node: the event's wire bytes are Swift's;
#  3. Debian's rollup with the plugin `contractgen/rollup`, driven by the
#     project file: a build generates the code; in watch mode a contract edit
#     regenerates and rebuilds, a contract error is reported with the
#     contract's file and line, and fixing it rebuilds; a project-file error is
#     reported with contractgen.yaml's line, and fixing it rebuilds; one-off
#     builds of an invalid contract or project file fail the same way.
# Fails, never skips, without npm, node, tsc or rollup
# (scripts/install-test-deps.sh installs them). The executable packed is
# CONTRACTGEN_BINARY, else .build-static/contractgen (built when missing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
for tool in npm node tsc rollup; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-test-deps.sh)"; exit 1; }
done

work=$(mktemp -d)
watcher=""
cleanup() {
  [ -z "$watcher" ] || kill "$watcher" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
# Nothing from a registry: an empty cache, and a registry nobody listens on.
export npm_config_cache="$work/npm-cache" npm_config_registry="http://127.0.0.1:9/" npm_config_audit=false \
  npm_config_fund=false npm_config_update_notifier=false
# Plain text from rollup, for grep.
export NO_COLOR=1 FORCE_COLOR=0

echo "--- packing"
mapfile -t tarballs < <(bash scripts/npm-pack.sh "$work/packages")
ls -l "${tarballs[@]}"

echo "--- a fresh web project: npm install --offline from the tarballs alone"
web="$work/web"
mkdir -p "$web/contract" "$web/src"
echo '{"name": "web-app", "private": true, "type": "module"}' >"$web/package.json"
cp contract/contract.yaml "$web/contract/contract.yaml"
cat >"$web/contractgen.yaml" <<'YAML'
contract: contract/contract.yaml
targets:
  typescript:
    output: src/generated
YAML
# The platform package is named as well: offline, npm cannot fetch the
# optional dependency by its version, and skips it silently.
(cd "$web" && npm install --offline "${tarballs[@]}")
[ -x "$web/node_modules/@contractgen/cli-linux-x64/bin/contractgen" ] || { echo "FAIL: the platform package's executable is not installed"; exit 1; }
echo "npm ci --offline from the package-lock.json"
(cd "$web" && rm -rf node_modules && npm ci --offline)
[ -x "$web/node_modules/@contractgen/cli-linux-x64/bin/contractgen" ] || { echo "FAIL: npm ci did not install the platform package"; exit 1; }

echo "--- contractgen installed alone offline: npm skips its platform package; the launcher names it"
alone="$work/alone"
mkdir -p "$alone"
echo '{"name": "alone", "private": true}' >"$alone/package.json"
(cd "$alone" && npm install --offline "${tarballs[0]}")
[ ! -e "$alone/node_modules/@contractgen/cli-linux-x64" ] || { echo "FAIL: npm installed the platform package offline; docs/npm.md says it does not"; exit 1; }
set +e
message=$(cd "$alone" && npx --offline contractgen --version 2>&1)
status=$?
set -e
echo "$message"
[ "$status" -eq 2 ] && [[ "$message" == *"npm install @contractgen/cli-linux-x64@$(cd "$alone" && node -p 'require("contractgen/package.json").version')"* ]] \
  || { echo "FAIL: without its platform package, the launcher did not exit 2 naming the package to install"; exit 1; }

echo "--- npx contractgen"
version=$(cd "$web" && npx --offline contractgen --version)
echo "npx contractgen --version: $version"
set +e
(cd "$web" && npx --offline contractgen validate contract/missing.yaml >/dev/null 2>&1)
status=$?
set -e
[ "$status" -eq 2 ] || { echo "FAIL: the launcher did not pass the exit status through (got $status, contractgen exits 2)"; exit 1; }
# CONTRACTGEN_BINARY_PATH replaces the platform package's executable; a signal
# that ends the executable ends the launcher (a shell sees 128 + SIGTERM's 15).
printf '#!/bin/sh\nkill -TERM $$\n' >"$work/killed-by-sigterm"
chmod +x "$work/killed-by-sigterm"
set +e
(cd "$web" && CONTRACTGEN_BINARY_PATH="$work/killed-by-sigterm" node node_modules/contractgen/bin/contractgen.js --version)
status=$?
set -e
[ "$status" -eq 143 ] || { echo "FAIL: the launcher did not die of its executable's SIGTERM (status $status)"; exit 1; }
echo "--- npx contractgen generate with the project file (contractgen.yaml), no flags"
(cd "$web" && npx --offline contractgen generate)
[ -f "$web/src/generated/index.ts" ] || { echo "FAIL: npx contractgen generate wrote no src/generated/index.ts"; exit 1; }
(cd "$web" && npx --offline contractgen generate --check) || { echo "FAIL: generate --check failed right after generate"; exit 1; }
echo "// tampered" >>"$web/src/generated/index.ts"
set +e
message=$(cd "$web" && npx --offline contractgen generate --check 2>&1)
status=$?
set -e
echo "$message"
[ "$status" -eq 1 ] || { echo "FAIL: generate --check exited $status on a tampered src/generated (expected 1)"; exit 1; }
[[ "$message" == *"run 'contractgen generate' to regenerate"* ]] || { echo "FAIL: generate --check does not name 'contractgen generate'"; exit 1; }
(cd "$web" && npx --offline contractgen generate && npx --offline contractgen generate --check) || { echo "FAIL: regenerating did not make --check pass"; exit 1; }

echo "--- tsc --strict and node"
cp scripts/npm-packages-test/main.ts Conformance/TypeScript/node.d.ts "$web/src/"
# node16 resolution reads the packages' exports (types included), as a current web project does.
cat >"$web/tsconfig.json" <<'JSON'
{"compilerOptions": {"target": "ES2022", "module": "node16", "moduleResolution": "node16", "lib": ["ES2022"], "types": [],
 "strict": true, "noEmitOnError": true, "skipLibCheck": true, "rootDir": "src", "outDir": "out"}, "include": ["src/**/*.ts"]}
JSON
(cd "$web" && tsc -p . && node out/main.js "$root/Tests/ContractGenCoreTests/Goldens/Events/addToBag.json")

echo "--- rollup with contractgen/rollup"
rm -rf "$web/src/generated" "$web/out"
cp scripts/npm-packages-test/rollup.config.mjs "$web/"
cp scripts/npm-packages-test/bundle-main.ts "$web/src/"
TYPESCRIPT_LIB=$(cd "$(dirname "$(readlink -f "$(command -v tsc)")")/.." && pwd)
export TYPESCRIPT_LIB
(cd "$web" && rollup -c 2>&1) | tee "$work/build.log"
grep -q "contract/contract.yaml:[0-9]*:[0-9]*: warning: event 'searchResultsPageView' uses deprecated field" "$work/build.log" \
  || { echo "FAIL: the contract's warning is not a rollup warning with its place"; exit 1; }
[ -f "$web/src/generated/index.ts" ] || { echo "FAIL: the rollup build generated no src/generated/index.ts"; exit 1; }
events=$(cd "$web" && node dist/bundle.js)
echo "the bundle's events: $events"
case " $events " in *" addToBag "*) ;; *) echo "FAIL: the bundle has no addToBag"; exit 1 ;; esac

# wait_for WHAT COMMAND...: polls COMMAND for up to 5 minutes (a loaded
# machine). Every 20 s it touches the contract: an edit made before the
# watcher was watching it (chokidar sets up asynchronously) is seen then.
wait_for() {
  local what=$1 tries=0
  shift
  while [ $tries -lt 600 ]; do
    "$@" && return 0
    kill -0 "$watcher" 2>/dev/null || { echo "FAIL: rollup --watch exited while waiting for $what"; cat "$log"; exit 1; }
    tries=$((tries + 1))
    [ $((tries % 40)) -ne 0 ] || touch "$web/contract/contract.yaml"
    sleep 0.5
  done
  echo "FAIL: no $what within 5 minutes; rollup's output:"; cat "$log"; exit 1
}
# Rollup prints "watch.onEnd $ true" when a watch build is over (it prints
# "waiting for changes" only to a terminal).
builds() { grep -c 'watch.onEnd \$ true' "$log" || true; }
builds_over() { [ "$(builds)" -gt "$1" ]; }

echo "--- rollup --watch: a contract edit regenerates and rebuilds"
log="$work/watch.log"
# rollup --watch stops when its standard input ends: it reads a fifo this
# shell holds open (fd 3) until the end of the watch tests.
mkfifo "$work/watch-stdin"
exec 3<>"$work/watch-stdin"
(cd "$web" && exec rollup -c --watch --watch.onEnd=true <"$work/watch-stdin" >"$log" 2>&1 3>&-) &
watcher=$!
wait_for "first watch build" builds_over 0
# A new event, right after `events:`.
sed -i 's/^events:$/events:\n  npmWatchProbe:\n    kind: systemAction/' "$web/contract/contract.yaml"
wait_for "rebuild with the new event" grep -q npmWatchProbe "$web/dist/bundle.js"
grep -q npmWatchProbe "$web"/src/generated/*.ts || { echo "FAIL: the new event is bundled but not in src/generated"; exit 1; }
events=$(cd "$web" && node dist/bundle.js)
case " $events " in *" npmWatchProbe "*) echo "rebuilt: $events" ;; *) echo "FAIL: the rebuilt bundle has no npmWatchProbe: $events"; exit 1 ;; esac

echo "--- rollup --watch: a contract error is a build error with the contract's file and line"
line=$(grep -n '^  sku: { type: string,' "$web/contract/contract.yaml" | cut -d: -f1)
sed -i 's/^  sku: { type: string,/  sku: { type: strang,/' "$web/contract/contract.yaml"
wait_for "the contract error" grep -q "contract/contract.yaml:$line:[0-9]*: error: unknown type 'strang'" "$log"
grep -q "contract/contract.yaml ($line:[0-9]*)" "$log" || { echo "FAIL: rollup did not show the error's location"; cat "$log"; exit 1; }
grep -q npmWatchProbe "$web"/src/generated/*.ts || { echo "FAIL: the invalid contract changed src/generated"; exit 1; }
before=$(builds)
sed -i 's/^  sku: { type: strang,/  sku: { type: string,/' "$web/contract/contract.yaml"
wait_for "a rebuild once the contract is fixed" builds_over "$before"

echo "--- rollup --watch: a project-file error is a build error with contractgen.yaml's line"
project_line=$(grep -n '^  typescript:$' "$web/contractgen.yaml" | cut -d: -f1)
sed -i 's/^  typescript:$/  typscript:/' "$web/contractgen.yaml"
wait_for "the project-file error" grep -q "contractgen.yaml:$project_line:[0-9]*: error: unknown target 'typscript'" "$log"
grep -q "contractgen.yaml ($project_line:[0-9]*)" "$log" || { echo "FAIL: rollup did not show the project-file error's location"; cat "$log"; exit 1; }
before=$(builds)
sed -i 's/^  typscript:$/  typescript:/' "$web/contractgen.yaml"
wait_for "a rebuild once the project file is fixed" builds_over "$before"
exec 3>&-   # end of input: rollup --watch closes
for _ in $(seq 1 120); do kill -0 "$watcher" 2>/dev/null || break; sleep 0.5; done
kill -0 "$watcher" 2>/dev/null && { echo "FAIL: rollup --watch did not stop at the end of its input"; exit 1; }
watcher=""
echo "rollup --watch reported:"; grep -A2 "error: unknown type 'strang'" "$log" | head -3; grep -A2 "error: unknown target 'typscript'" "$log" | head -3

echo "--- rollup (one build) fails on a contract error"
sed -i 's/^  sku: { type: string,/  sku: { type: strang,/' "$web/contract/contract.yaml"
set +e
(cd "$web" && rollup -c >"$work/failed.log" 2>&1)
status=$?
set -e
cat "$work/failed.log"
[ "$status" -ne 0 ] || { echo "FAIL: rollup succeeded on an invalid contract"; exit 1; }
grep -q "contract/contract.yaml:$line:[0-9]*: error" "$work/failed.log" || { echo "FAIL: the failed build does not name contract.yaml:$line"; exit 1; }

sed -i 's/^  sku: { type: strang,/  sku: { type: string,/' "$web/contract/contract.yaml"

echo "--- rollup (one build) fails on a project-file error"
sed -i 's/^  typescript:$/  typscript:/' "$web/contractgen.yaml"
set +e
(cd "$web" && rollup -c >"$work/failed-project.log" 2>&1)
status=$?
set -e
cat "$work/failed-project.log"
[ "$status" -ne 0 ] || { echo "FAIL: rollup succeeded on an invalid project file"; exit 1; }
grep -q "contractgen.yaml:$project_line:[0-9]*: error: unknown target 'typscript'" "$work/failed-project.log" \
  || { echo "FAIL: the failed build does not name contractgen.yaml:$project_line"; exit 1; }

echo "npm packages: all checks passed"
