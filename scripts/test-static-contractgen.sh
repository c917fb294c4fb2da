#!/usr/bin/env bash
# Proves the self-contained contractgen (scripts/build-static-contractgen.sh,
# .build-static/contractgen) runs on a Debian with no Swift: a minimal root made
# with `debootstrap --variant=minbase`, holding the binary and the contracts
# only, generates all three targets (with flags, and driven by a project file)
# byte for byte as the normal `swift run contractgen` does outside; `ldd` names
# only the C library's parts, libstdc++ and libgcc_s. Also prints the binary's
# size and start-up time (docs/self-contained-binary.md).
#
# The root is cached in .build-static/debian-root and reused; CI=true (and
# FRESH_ROOT=1) makes it anew. Needs root (chroot) and debootstrap.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/swift-build-retry.sh

step() { printf -- '--- static contractgen: %s\n' "$*"; }
fail() { echo "test-static-contractgen.sh: $*" >&2; exit 1; }

binary="$PWD/.build-static/contractgen"
[ -x "$binary" ] || fail "no $binary; run scripts/build-static-contractgen.sh first"
command -v debootstrap >/dev/null || PATH="$PATH:/usr/sbin:/sbin"
command -v debootstrap >/dev/null || fail "debootstrap is missing (scripts/install-test-deps.sh installs it)"
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap, chroot)"

step "ldd names only the C library, libstdc++ and libgcc_s"
ldd "$binary"
# Every Debian has these: libc6 and libgcc-s1 are Essential, and apt (in every root, minbase too) needs libstdc++6.
allowed='^(linux-vdso\.so\.1|libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libutil\.so\.1|/lib64/ld-linux-x86-64\.so\.2|libstdc\+\+\.so\.6|libgcc_s\.so\.1)$'
others=$(ldd "$binary" | awk '{ print $1 }' | grep -Ev "$allowed" || true)
[ -z "$others" ] || fail "the binary needs more than the C library: $others"

step "a minimal Debian root (debootstrap --variant=minbase)"
root="$PWD/.build-static/debian-root"
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ "${CI:-}" = true ] || [ "${FRESH_ROOT:-}" = 1 ] || [ ! -f "$root/.complete" ]; then
  # A run stopped half way may have left /proc mounted inside.
  if mountpoint -q "$root/proc" 2>/dev/null; then umount "$root/proc"; fi
  rm -rf --one-file-system "$root"
  start=$(date +%s)
  log=$(mktemp)
  debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$log" 2>&1 \
    || { cat "$log"; rm -f "$log"; fail "debootstrap failed"; }
  rm -f "$log"
  touch "$root/.complete"
  echo "debootstrap --variant=minbase $suite: $(( $(date +%s) - start )) s, $(du -sh --exclude=proc "$root" | cut -f1)"
else
  echo "reusing $root (CI=true or FRESH_ROOT=1 makes it anew)"
fi

step "no Swift inside the root"
[ ! -e "$root/opt/swift" ] || fail "$root/opt/swift exists"
swift_files=$(find "$root" -xdev \( -name swift -o -name swiftc -o -name 'libswift*' -o -name 'libFoundation*.so' \
  -o -name 'lib_FoundationICU*' -o -name 'libdispatch*' -o -name 'libyaml*' \) -print)
[ -z "$swift_files" ] || fail "the root holds Swift or libyaml files: $swift_files"

step "the binary and the contracts, alone, into the root"
work=/contractgen-test
rm -rf "${root:?}$work"
mkdir -p "$root$work/contract" "$root$work/project/contract"
cp "$binary" "$root$work/contractgen"
cp contract/contract.yaml "$root$work/contract/contract.yaml"
cp contract/contract.yaml "$root$work/project/contract/contract.yaml"
# The project file of docs/project-file.md: all three targets.
cat >"$root$work/project/contractgen.yaml" <<'YAML'
contract: contract/contract.yaml
targets:
  swift:
    output: Generated
  typescript:
    output: web/src/generated
  kotlin:
    output: android/app/src/main/kotlin/com/example/tracking
    package: com.example.tracking
YAML
inside() { chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root LANG=C.UTF-8 /bin/sh -c "$1"; }
# Every running Linux has /proc, and Swift's runtime reads the command line from /proc/self/cmdline.
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
cleanup() { umount "$root/proc" 2>/dev/null || true; rm -rf "${outside:-}"; }
trap cleanup EXIT

inside "$work/contractgen --version"
inside "cd $work && ./contractgen generate contract/contract.yaml --output out/swift && \
  ./contractgen generate contract/contract.yaml --target typescript --output out/typescript && \
  ./contractgen generate contract/contract.yaml --target kotlin --output out/kotlin && \
  ./contractgen generate contract/contract.yaml --target kotlin --package com.example.tracking --output out/kotlin-package"
step "the project file drives all three targets inside the root"
inside "cd $work/project && ../contractgen generate && ../contractgen generate --check"

step "the same, outside, with swift run contractgen"
swift_build --product contractgen
outside=$(mktemp -d)
swift run --skip-build contractgen generate contract/contract.yaml --output "$outside/swift" >/dev/null 2>&1
swift run --skip-build contractgen generate contract/contract.yaml --target typescript --output "$outside/typescript" >/dev/null 2>&1
swift run --skip-build contractgen generate contract/contract.yaml --target kotlin --output "$outside/kotlin" >/dev/null 2>&1
swift run --skip-build contractgen generate contract/contract.yaml --target kotlin --package com.example.tracking \
  --output "$outside/kotlin-package" >/dev/null 2>&1

step "byte for byte"
compare() {  # compare INSIDE-DIR OUTSIDE-DIR
  diff -r "$root$work/$1" "$2" >/dev/null || { diff -r "$root$work/$1" "$2" | head -20; fail "$1 differs from $2"; }
  echo "$1: $(ls "$2" | wc -l) files, the same bytes"
}
compare out/swift "$outside/swift"
compare out/typescript "$outside/typescript"
compare out/kotlin "$outside/kotlin"
compare out/kotlin-package "$outside/kotlin-package"
compare project/Generated "$outside/swift"
compare project/web/src/generated "$outside/typescript"
compare project/android/app/src/main/kotlin/com/example/tracking "$outside/kotlin-package"

step "size and start-up time (information, not a test)"
echo "size: $(stat -c %s "$binary") bytes ($(du -h "$binary" | cut -f1))"
runs=20
timed() {  # timed LABEL COMMAND: the mean wall time of $runs runs inside the root
  local start end
  start=$(date +%s%N)
  for _ in $(seq $runs); do inside "$2" >/dev/null 2>&1; done
  end=$(date +%s%N)
  echo "$1: $(( (end - start) / runs / 1000000 )) ms a run (mean of $runs, chroot and sh included)"
}
timed "contractgen --version" "$work/contractgen --version"
timed "generate contract/contract.yaml (Swift, unchanged output)" "cd $work && ./contractgen generate contract/contract.yaml --output out/swift"
rm -rf "${root:?}$work"
echo "static contractgen: all checks passed"
