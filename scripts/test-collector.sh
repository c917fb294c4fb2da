# Sourced by the end-to-end scripts: the built tracking-collector on a free
# loopback port, started and stopped one way.
#
# start_collector LOG CONTRACT [ARG...]: starts it with CONTRACT (and ARGs),
# its output in LOG; sets $collector (its pid) and $port, or fails with LOG
# when it exits or names no port within two minutes (a loaded machine).
# stop_collector: stops it, when one was started.
collector=""
port=""

start_collector() {
  local log=$1 contract=$2
  shift 2
  : >"$log"
  "$(swift build --package-path Collector --show-bin-path)/tracking-collector" --port 0 --contract "$contract" "$@" >"$log" 2>&1 &
  collector=$!
  for _ in $(seq 1 1200); do
    port=$(grep -so '127\.0\.0\.1:[0-9]*' "$log" | head -1 | cut -d: -f2 || true)
    [ -n "$port" ] && break
    kill -0 "$collector" 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "FAIL: the collector did not start"; cat "$log"; exit 1; }
  echo "collector on port $port"
}

stop_collector() {
  [ -n "$collector" ] || return 0
  kill "$collector" 2>/dev/null || true
  wait "$collector" 2>/dev/null || true
}
