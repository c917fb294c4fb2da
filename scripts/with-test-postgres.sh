#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster on a loopback port:
#   scripts/with-test-postgres.sh swift test --package-path Collector
# The cluster (initdb + pg_ctl from Debian's postgresql, run as the `postgres`
# user when we are root) lives in a temporary folder and is stopped and removed
# when the command ends, whatever its outcome. The command sees
# COLLECTOR_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:PORT/postgres.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -n "$bin" ] && [ -x "$bin/initdb" ] || { echo "with-test-postgres: PostgreSQL is not installed (scripts/install-test-deps.sh)"; exit 1; }

dir=$(mktemp -d /tmp/collector-pg.XXXXXX)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" -eq 0 ]; then chown postgres "$dir"; fi
cleanup() {
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log"; exit 1; }
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" start >/dev/null \
  || { cat "$dir/server.log"; exit 1; }
echo "with-test-postgres: PostgreSQL on 127.0.0.1:$port"

export COLLECTOR_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
