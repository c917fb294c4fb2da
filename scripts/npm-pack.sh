#!/usr/bin/env bash
# Packs the npm packages (docs/npm.md) into installable tarballs, with no
# registry: `contractgen` (launcher, core, rollup plugin), its platform package
# `@contractgen/cli-linux-x64` holding the executable, and the TypeScript
# runtime `@contractgen/runtime` (packed built: its prepack runs tsc).
#
#   scripts/npm-pack.sh [OUTPUT]        (default OUTPUT: .build/npm-packages)
#
# The executable is CONTRACTGEN_BINARY when set, else .build-static/contractgen,
# built by scripts/build-static-contractgen.sh when missing. Every package's
# version, and the versions contractgen pins its platform packages at, must be
# the generator's (Sources/ContractGenCore/ContractGenVersion.swift), and the
# executable must say that version too. Prints the tarballs' paths.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
for tool in npm node; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is not installed (scripts/install-test-deps.sh)" >&2; exit 1; }
done

output=$(mkdir -p "${1:-.build/npm-packages}" && cd "${1:-.build/npm-packages}" && pwd)
version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/ContractGenCore/ContractGenVersion.swift)
[ -n "$version" ] || { echo "FAIL: no version in Sources/ContractGenCore/ContractGenVersion.swift" >&2; exit 1; }

binary="${CONTRACTGEN_BINARY:-.build-static/contractgen}"
if [ -z "${CONTRACTGEN_BINARY:-}" ] && [ ! -x "$binary" ]; then
  echo "building $binary (scripts/build-static-contractgen.sh)" >&2
  bash scripts/build-static-contractgen.sh >&2
fi
[ -x "$binary" ] || { echo "FAIL: $binary is not an executable" >&2; exit 1; }
binary_version=$("$binary" --version)
[ "$binary_version" = "$version" ] \
  || { echo "FAIL: $binary says version $binary_version, ContractGenVersion.swift says $version" >&2; exit 1; }

# Every version in the manifests is the generator's: one release, one number.
node --input-type=module - "$version" Packages/npm/contractgen/package.json Packages/npm/cli-linux-x64/package.json \
  Runtimes/TypeScript/package.json <<'JS'
import { readFileSync } from "node:fs";
const [version, ...manifests] = process.argv.slice(2);
let bad = 0;
for (const file of manifests) {
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  const pins = { [manifest.name]: manifest.version, ...(manifest.optionalDependencies ?? {}) };
  for (const [name, pinned] of Object.entries(pins)) {
    if (pinned !== version) { console.error(`FAIL: ${file}: ${name} is at ${pinned}, the generator at ${version}`); bad++; }
  }
}
process.exit(bad ? 1 : 0);
JS

# Packed from copies, so that the build (dist/, the executable) never lands in the source tree.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R Packages/npm/contractgen "$stage/contractgen"
cp -R Packages/npm/cli-linux-x64 "$stage/cli-linux-x64"
mkdir -p "$stage/cli-linux-x64/bin"
cp "$binary" "$stage/cli-linux-x64/bin/contractgen"
chmod 755 "$stage/cli-linux-x64/bin/contractgen"
mkdir "$stage/runtime"
cp -R Runtimes/TypeScript/package.json Runtimes/TypeScript/tsconfig.json Runtimes/TypeScript/src "$stage/runtime/"

for package in contractgen cli-linux-x64 runtime; do
  # npm pack prints the tarball's name last; its notices go to stderr.
  name=$(cd "$stage/$package" && npm pack --silent --pack-destination "$output" | tail -1)
  echo "$output/$name"
done
