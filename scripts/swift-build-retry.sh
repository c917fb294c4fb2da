# Sourced by the CI scripts. `swift_build ARGS…` runs `swift build ARGS…`,
# prints its last line, and tries once more when SwiftPM itself crashes (seen
# here: a rare segmentation fault of `swift build` on an up-to-date tree),
# so a crash of the tool is not taken for a failure of the code.
swift_build() {
  local log status
  log=$(mktemp)
  swift build "$@" >"$log" 2>&1 && status=0 || status=$?
  if [ "$status" -ge 128 ]; then
    echo "swift build $* crashed (exit $status); trying once more"
    swift build "$@" >"$log" 2>&1 && status=0 || status=$?
  fi
  if [ "$status" -ne 0 ]; then cat "$log"; rm -f "$log"; return "$status"; fi
  tail -1 "$log"
  rm -f "$log"
}
