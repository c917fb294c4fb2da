#!/usr/bin/env bash
# Builds a self-contained contractgen for Linux: release, Swift's runtime and
# Foundation linked statically (--static-swift-stdlib), libyaml linked in from
# Debian's libyaml.a. The binary needs no Swift toolchain; `ldd` names only the
# C library's parts and libstdc++/libgcc_s (docs/self-contained-binary.md).
# Leaves it at .build-static/contractgen (the npm packaging reads that path).
#
# The root package is unchanged: CYAML's module map still says `link "yaml"`,
# so the normal build (and macOS) links libyaml dynamically. Here SwiftPM reads
# a yaml-0.1.pc of this script's (--pkg-config-path) whose `-L` names a folder
# holding only libyaml.a: that folder comes first on the link line, so the same
# `-lyaml` finds the archive, not the shared library. (`-Xlinker -L` would not
# do: SwiftPM puts it after the system's -L from Debian's yaml-0.1.pc.)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/swift-build-retry.sh

[ "$(uname -s)" = Linux ] || { echo "build-static-contractgen.sh: Linux only (--static-swift-stdlib); see docs/self-contained-binary.md for macOS" >&2; exit 1; }

scratch="$PWD/.build-static"
static_libs="$scratch/static-libs"
mkdir -p "$static_libs"

# Debian's libyaml-dev ships the archive beside the shared library.
libyaml_a=""
for dir in $(pkg-config --variable=libdir yaml-0.1 2>/dev/null) /usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu) /usr/lib /usr/local/lib; do
  [ -f "$dir/libyaml.a" ] && { libyaml_a="$dir/libyaml.a"; break; }
done
[ -n "$libyaml_a" ] || { echo "build-static-contractgen.sh: no libyaml.a found (install libyaml-dev)" >&2; exit 1; }
ln -sf "$libyaml_a" "$static_libs/libyaml.a"
cat >"$static_libs/yaml-0.1.pc" <<PC
includedir=$(pkg-config --variable=includedir yaml-0.1 2>/dev/null || echo /usr/include)
libdir=$static_libs

Name: LibYAML
Description: libyaml, linked in statically (scripts/build-static-contractgen.sh)
Version: $(pkg-config --modversion yaml-0.1 2>/dev/null || echo 0.2.5)
Cflags: -I\${includedir}
Libs: -L\${libdir} -lyaml
PC

# What is built is not the root package but a package of contractgen's own
# targets (CYAML, TrackingCore, CollectorResponses, ContractGenCore, contractgen), their folders
# linked to the root's Sources/: SwiftPM builds the tool of every build plugin
# of the package it builds, even for `--product contractgen`, and the root's
# ContractGenPlugin tool is a second contractgen (TrackingCore, ContractGenCore,
# ArgumentParser) in release, which the binary does not need: half the build's
# work. The targets must say what the root manifest says (checked below), and
# the root's Package.resolved pins ArgumentParser's version.
package="$scratch/package"
rm -rf "$package"
mkdir -p "$package/Sources"
for target in CYAML TrackingCore CollectorResponses ContractGenCore contractgen; do ln -s "$PWD/Sources/$target" "$package/Sources/$target"; done
if [ -f Package.resolved ]; then cp Package.resolved "$package/Package.resolved"; fi
cat >"$package/Package.swift" <<'SWIFT'
// swift-tools-version: 6.1
// Written by scripts/build-static-contractgen.sh: contractgen's targets only, from the root's sources.
import PackageDescription

let package = Package(
    name: "contractgen-static",
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1"),
        .target(name: "TrackingCore"),
        .target(name: "CollectorResponses", dependencies: ["TrackingCore"]),
        .target(name: "ContractGenCore", dependencies: ["CYAML", "TrackingCore", "CollectorResponses"]),
        .executableTarget(
            name: "contractgen",
            dependencies: [
                "ContractGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
# The root's manifest is read with a scratch path of this script's: the root's
# own .build is locked while a build or `swift test` runs there (CI runs this beside them).
python3 - <(swift package --scratch-path "$scratch/root-manifest" dump-package) <(swift package --package-path "$package" dump-package) <<'PY'
import json, sys
root, static = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
def fail(what, ours, theirs):
    sys.exit(f"build-static-contractgen.sh: its package's {what} differs from the root manifest's: "
             f"{ours!r}, the root says {theirs!r}; make them the same (the Package.swift in this script)")
if static["swiftLanguageVersions"] != root["swiftLanguageVersions"]:
    fail("language modes", static["swiftLanguageVersions"], root["swiftLanguageVersions"])
def dependency(manifest):
    found = [d["sourceControl"][0] for d in manifest["dependencies"]
             if d.get("sourceControl") and d["sourceControl"][0]["identity"] == "swift-argument-parser"]
    return {k: found[0].get(k) for k in ("location", "requirement", "traits")} if found else None
if dependency(static) != dependency(root):
    fail("swift-argument-parser dependency", dependency(static), dependency(root))
roots = {t["name"]: t for t in root["targets"]}
for target in static["targets"]:
    for key in ("type", "dependencies", "settings", "resources", "exclude", "sources", "pkgConfig", "packageAccess", "pluginUsages"):
        if target.get(key) != roots[target["name"]].get(key):
            fail(f"target {target['name']} ({key})", target.get(key), roots[target["name"]].get(key))
PY

build=(swift build -c release --product contractgen --static-swift-stdlib --package-path "$package" --scratch-path "$scratch" --pkg-config-path "$static_libs")
swift_build "${build[@]:2}"

bin="$("${build[@]}" --show-bin-path)/contractgen"
cp -f "$bin" "$scratch/contractgen.tmp" && mv -f "$scratch/contractgen.tmp" "$scratch/contractgen"
strip "$scratch/contractgen"

# Not `grep -q`: it would stop reading, and with pipefail ldd's SIGPIPE would make the test false.
if ldd "$scratch/contractgen" | grep yaml >/dev/null; then
  echo "build-static-contractgen.sh: the binary still needs a shared libyaml:" >&2
  ldd "$scratch/contractgen" >&2
  exit 1
fi
echo "$scratch/contractgen: $(du -h "$scratch/contractgen" | cut -f1)"
ldd "$scratch/contractgen"
