#!/usr/bin/env bash
# Builds a self-contained contractgen for Linux: release, Swift's runtime and
# Foundation linked statically (--static-swift-stdlib), libyaml linked in from
# Debian's libyaml.a. The binary needs no Swift toolchain; `ldd` names only the
# C library's parts and libstdc++/libgcc_s (docs/self-contained-binary.md).
# Leaves it at .build-static/contractgen (the npm packaging reads that path).
#
# The package itself is unchanged: CYAML's module map still says `link "yaml"`,
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

build=(swift build -c release --product contractgen --static-swift-stdlib --scratch-path "$scratch" --pkg-config-path "$static_libs")
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
